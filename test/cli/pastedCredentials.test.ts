// No run of 4 characters of a credential pasted into a config reaches any output of the CLI
// (redteam19): lint in every format (text with frames, with colour and without, json, sarif with its
// snippets and fixes, github, gitlab, junit), --fix-dry-run's diff (also beside a JSON report),
// --fix's report, --cache (its file and a report from it), --output-file's file, explain where a
// project config holds it, format --check and --diff, standard input, a project config's mistakes and
// a .env beside the files. The credentials and where they are written: test/pastedCredentials.ts (fixed
// seed, printed). Each output is read as printed and with escapes decoded (test/helpers echoViews).
//
// Left out by design: `format` without --check/--diff and `format --stdin-filepath` print the file
// itself (a formatter's output is the user's text: it goes to the file it came from, not to a log).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from './helpers';
import { echoViews } from '../helpers';
import { PASTED_SEED, pastedCredentials, placements } from '../pastedCredentials';
import type { Credential } from '../pastedCredentials';

console.log(`pastedCredentials (CLI): seed ${PASTED_SEED}`);
const RUN = 4;

/** Each run of RUN characters of the secret found in the text (case aside), with what stands around its first place. */
function leaks(text: string, secret: string): string[] {
  const out: string[] = [];
  const views = [text, ...echoViews(text)].map((v) => v.toLowerCase());
  const s = secret.toLowerCase();
  for (let i = 0; i + RUN <= s.length; i++) {
    const run = s.slice(i, i + RUN);
    const view = views.find((v) => v.includes(run));
    if (view === undefined) continue;
    const at = view.indexOf(run);
    out.push(`'${run}' in …${view.slice(Math.max(0, at - 160), at + 40).replace(/\s+/g, ' ')}`);
    break;
  }
  return out;
}

/** A directory of the credential's placements, a project config and a .env that hold it too. */
function setUp(c: Credential): string {
  const dir = mkdtempSync(join(tmpdir(), 'pasted-'));
  placements(c).forEach((p, i) =>
    writeFileSync(join(dir, `p${String(i).padStart(2, '0')}.assistant.${p.language}`), p.text),
  );
  const t = c.text;
  mkdirSync(join(dir, 'proj'));
  // (A made-up password in a project config is any word there: an unknown code, a misspelt level.)
  writeFileSync(
    join(dir, 'proj/.assistant-config.yaml'),
    c.shapeless
      ? 'rules:\n  env-not-set: off\n'
      : `rules:\n  ${t}: off\n  literal-secret: ${t}\n  env-not-set: off\n${t}: 1\nmaxFallbackDepth: ${t}\ninclude: ["${t}/**"]\nexclude: [${t}]\n`,
  );
  writeFileSync(
    join(dir, 'proj/a.assistant.yaml'),
    `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n`,
  );
  mkdirSync(join(dir, 'envd'));
  writeFileSync(join(dir, 'envd/.env'), `K=${t}\nexport VENDOR_KEY="${t}"\n${t}\n=${t}\nEMPTY=\n`);
  writeFileSync(
    join(dir, 'envd/a.assistant.yaml'),
    `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey: {valueFromEnv: K}\n    fallback:\n      provider: vendor_b\n      apiKey: {valueFromEnv: EMPTY}\n`,
  );
  return dir;
}

/** The commands run in the directory, each named. */
const COMMANDS: [string, string[], string?][] = [
  ['lint text', ['lint', '.', '--no-color']],
  ['lint text, colour', ['lint', '.', '--color']],
  ['lint json', ['lint', '.', '--format', 'json']],
  ['lint sarif', ['lint', '.', '--format', 'sarif']],
  ['lint github', ['lint', '.', '--format', 'github']],
  ['lint gitlab', ['lint', '.', '--format', 'gitlab']],
  ['lint junit', ['lint', '.', '--format', 'junit']],
  [
    'lint quiet, suppressed, rules',
    ['lint', '.', '--quiet', '--rule', 'literal-secret=error', '--suppress', 'env-not-set'],
  ],
  ['lint --fix-dry-run', ['lint', '.', '--fix-dry-run', '--no-color']],
  ['lint --fix-dry-run, sarif', ['lint', '.', '--fix-dry-run', '--format', 'sarif']],
  ['lint the project config', ['lint', 'proj/.assistant-config.yaml']],
  ['lint with the project config', ['lint', 'proj']],
  ['lint with --config', ['lint', '--config', 'proj/.assistant-config.yaml', 'envd']],
  ['lint --cache', ['lint', '.', '--cache-location', 'lint.cache']],
  ['lint --cache, from the cache', ['lint', '.', '--cache-location', 'lint.cache', '--format', 'sarif']],
  ['lint --output-file', ['lint', '.', '--format', 'junit', '-o', 'report.xml']],
  ['explain, with the project config in force', ['explain', 'literal-secret'], 'proj'],
  ['format --check', ['format', '--check', '.']],
  ['format --diff', ['format', '--diff', '.']],
];

for (const c of pastedCredentials()) {
  test(`CLI: ${c.name}: no run of ${RUN} of it in any output`, () => {
    const dir = setUp(c);
    const found: string[] = [];
    const check = (what: string, r: { stdout: string; stderr: string }): void => {
      const out = (r.stdout + '\n' + r.stderr).split(dir).join('<dir>');
      for (const l of leaks(out, c.secret)) found.push(`${what}: ${l}`);
    };
    try {
      for (const [name, args, cwd] of COMMANDS) check(name, runCli(args, { cwd: cwd ? join(dir, cwd) : dir }));
      // What the CLI wrote: the cache (kept between CI runs) and the report file.
      check('the cache file', { stdout: readFileSync(join(dir, 'lint.cache'), 'utf8'), stderr: '' });
      check('the report file', { stdout: readFileSync(join(dir, 'report.xml'), 'utf8'), stderr: '' });
      // Standard input, named and not; every placement's text, one after another.
      for (const p of placements(c)) {
        const ext = p.language;
        check(
          `lint - (${p.name})`,
          runCli(['lint', '-', '--stdin-filepath', `x.assistant.${ext}`], { cwd: dir, input: p.text }),
        );
      }
      check('lint - (sarif)', runCli(['lint', '-', '--format', 'sarif'], { cwd: dir, input: placements(c)[0]!.text }));
      // --fix on a copy: its report of what it did and what remains.
      const copy = `${dir}-fix`;
      cpSync(dir, copy, { recursive: true });
      try {
        const r = runCli(['lint', '.', '--fix'], { cwd: copy });
        check('lint --fix', { stdout: r.stdout.split(copy).join('<dir>'), stderr: r.stderr.split(copy).join('<dir>') });
        const j = runCli(['lint', '.', '--fix', '--format', 'json'], { cwd: copy });
        check('lint --fix again, json', {
          stdout: j.stdout.split(copy).join('<dir>'),
          stderr: j.stderr.split(copy).join('<dir>'),
        });
      } finally {
        rmSync(copy, { recursive: true, force: true });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    assert.deepEqual(found, []);
  });
}
