// The entry point that VS Code's extension host loads as `extensionTestsPath`: runs every
// `*.test.js` beside it with mocha, prints a spec report, and writes the results as JSON to
// $E2E_RESULTS (the runners read it; code-server's extension host has no stdout we can see).
import * as fs from 'node:fs';
import * as path from 'node:path';

interface TestLike {
  fullTitle(): string;
  duration?: number;
}
interface Runner {
  on(event: 'pass' | 'pending', fn: (t: TestLike) => void): Runner;
  on(event: 'fail', fn: (t: TestLike, err: Error) => void): Runner;
}
interface MochaInstance {
  addFile(file: string): void;
  run(done: (failures: number) => void): Runner;
}
type MochaCtor = new (opts: Record<string, unknown>) => MochaInstance;

export interface SuiteResult {
  title: string;
  state: 'passed' | 'failed' | 'pending';
  durationMs?: number;
  error?: string;
}

export function run(): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Mocha = require('mocha') as MochaCtor;
  const mocha = new Mocha({
    ui: 'bdd',
    color: false,
    timeout: 60_000,
    reporter: 'spec',
    ...(process.env.E2E_GREP ? { grep: process.env.E2E_GREP } : {}),
  });
  // After a reload of the window (the runner writes `reload` into $E2E_DRIVER_DIR/phase), only the
  // *.reload.test.js files run; before it, every other test file.
  const phaseFile = process.env.E2E_DRIVER_DIR ? path.join(process.env.E2E_DRIVER_DIR, 'phase') : undefined;
  const reloaded = !!phaseFile && fs.existsSync(phaseFile) && fs.readFileSync(phaseFile, 'utf8').trim() === 'reload';
  const files = fs
    .readdirSync(__dirname)
    .filter((f) => f.endsWith('.test.js') && f.endsWith('.reload.test.js') === reloaded)
    .sort();
  for (const f of files) mocha.addFile(path.join(__dirname, f));

  const results: SuiteResult[] = [];
  const base = process.env.E2E_RESULTS ?? path.resolve(__dirname, '../../../../test-results/suite-results.json');
  const out = reloaded ? base.replace(/\.json$/, '.reload.json') : base;
  const write = (done: boolean): void => {
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, JSON.stringify({ done, results }, null, 2));
  };
  write(false);
  return new Promise<void>((resolve, reject) => {
    const runner = mocha.run((failures) => {
      write(true);
      if (failures > 0) reject(new Error(`${failures} end-to-end test(s) failed`));
      else resolve();
    });
    runner
      .on(
        'pass',
        (t) =>
          void results.push({
            title: t.fullTitle(),
            state: 'passed',
            ...(t.duration !== undefined ? { durationMs: t.duration } : {}),
          }),
      )
      .on('pending', (t) => void results.push({ title: t.fullTitle(), state: 'pending' }))
      .on('fail', (t, err) => {
        results.push({ title: t.fullTitle(), state: 'failed', error: String(err?.stack ?? err) });
        write(false);
      });
  });
}
