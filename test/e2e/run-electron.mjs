// Runner one (`npm run test:vscode`): the mocha suite in VS Code desktop through
// @vscode/test-electron, with the repository as extensionDevelopmentPath (after `npm run build`).
// VS Code comes from $VSCODE_EXECUTABLE_PATH (the Electron binary, e.g. /usr/share/code/code or
// ".../Visual Studio Code.app/Contents/MacOS/Electron"), else from test/e2e/.cache/vscode-test, else
// it is downloaded (version $VSCODE_VERSION, default stable). Where none can be had (no internet,
// as on our build machines) it says so and exits with code 2; the same suite runs in code-server
// with `npm run test:e2e`. On Linux without a display, run it under `xvfb-run -a`.
// The UI driver (typing into input boxes for the Test Connection tests) attaches to the workbench
// over the Chrome DevTools protocol with playwright-core; without it those tests are skipped.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildSuite } from './build.mjs';
import { freePort } from '../../scripts/code-server.mjs';
import { startDriver } from './driver.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = resolve(here, '../..');
const results = join(root, 'test-results');
const fixtures = join(here, 'fixtures');
const started = Date.now();
const log = (msg) => console.log(`[test:vscode ${((Date.now() - started) / 1000).toFixed(1).padStart(5)}s] ${msg}`);

function noVsCode(why) {
  console.error(
    [
      `test:vscode: no VS Code desktop to run the suite in (${why}).`,
      '  Give one with VSCODE_EXECUTABLE_PATH=/path/to/code (the Electron binary of a VS Code install),',
      '  or run where https://update.code.visualstudio.com can be reached so that @vscode/test-electron downloads one.',
      '  Our build machines cannot download it; there the same suite runs in code-server: npm run test:e2e.',
    ].join('\n'),
  );
  process.exit(2);
}

async function importDeps() {
  try {
    const testElectron = await import('@vscode/test-electron');
    return testElectron;
  } catch {
    console.error('test:vscode: test/e2e/node_modules is not set up: run test/e2e/setup.sh (or `npm ci` in test/e2e).');
    process.exit(2);
  }
}

/** Attaches the UI driver to the workbench window over CDP; returns a stop function. */
async function attachDriver(port, driverDir) {
  let chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch {
    return async () => {};
  }
  const end = Date.now() + 120_000;
  while (Date.now() < end) {
    try {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`, { timeout: 5000 });
      const page = browser
        .contexts()
        .flatMap((c) => c.pages())
        .find((p) => /workbench/.test(p.url()));
      if (page) {
        log('UI driver attached to the workbench over CDP');
        const stop = startDriver(page, driverDir, log);
        return async () => {
          await stop();
          await browser.close().catch(() => {});
        };
      }
      await browser.close().catch(() => {});
    } catch {
      // VS Code is not up yet
    }
    await sleep(1000);
  }
  log('UI driver: could not attach over CDP; the tests that need it will fail');
  return async () => {};
}

async function main() {
  const { runTests, downloadAndUnzipVSCode } = await importDeps();
  const cachePath = join(here, '.cache', 'vscode-test');
  let executable = process.env.VSCODE_EXECUTABLE_PATH;
  if (executable) {
    if (!existsSync(executable)) noVsCode(`VSCODE_EXECUTABLE_PATH=${executable} does not exist`);
  } else {
    log(
      `no VSCODE_EXECUTABLE_PATH: looking in ${cachePath}, else downloading VS Code (${process.env.VSCODE_VERSION ?? 'stable'})`,
    );
    try {
      executable = await Promise.race([
        downloadAndUnzipVSCode({ version: process.env.VSCODE_VERSION ?? 'stable', cachePath, timeout: 30_000 }),
        sleep(300_000).then(() => {
          throw new Error('the download took more than 5 minutes');
        }),
      ]);
    } catch (e) {
      noVsCode(`the download failed: ${String(e?.message ?? e).split('\n')[0]}`);
    }
  }
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
    log('WARNING: no DISPLAY; VS Code desktop needs one (run this under `xvfb-run -a npm run test:vscode`)');
  }

  log('building the extension (npm run build) and the suite');
  const b = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', timeout: 300_000 });
  if (b.status !== 0) throw new Error('npm run build failed');
  const suiteIndex = await buildSuite();

  mkdirSync(results, { recursive: true });
  const tmp = mkdtempSync(join(tmpdir(), 'ac-vscode-'));
  const userData = join(tmp, 'user-data');
  const driverDir = join(tmp, 'driver');
  mkdirSync(join(userData, 'User'), { recursive: true });
  mkdirSync(driverDir);
  writeFileSync(
    join(userData, 'User', 'settings.json'),
    JSON.stringify(
      {
        'security.workspace.trust.enabled': false,
        'files.autoSave': 'off',
        'editor.wordBasedSuggestions': 'off',
        'git.enabled': false,
        'workbench.startupEditor': 'none',
        'update.mode': 'none',
        'telemetry.telemetryLevel': 'off',
        'extensions.autoUpdate': false,
      },
      null,
      2,
    ),
  );
  const resultsFile = join(results, 'suite-results-electron.json');
  rmSync(resultsFile, { force: true });
  const cdpPort = await freePort();

  log(`running the suite in ${executable}`);
  const stopDriverP = attachDriver(cdpPort, driverDir);
  let code;
  try {
    code = await runTests({
      vscodeExecutablePath: executable,
      extensionDevelopmentPath: root,
      extensionTestsPath: suiteIndex,
      extensionTestsEnv: {
        E2E_RESULTS: resultsFile,
        E2E_FIXTURES: fixtures,
        E2E_DRIVER_DIR: driverDir,
        ...(process.env.E2E_GREP ? { E2E_GREP: process.env.E2E_GREP } : {}),
      },
      launchArgs: [
        join(fixtures, 'workspace'),
        '--user-data-dir',
        userData,
        '--extensions-dir',
        join(tmp, 'extensions'),
        '--disable-workspace-trust',
        '--skip-welcome',
        '--skip-release-notes',
        '--disable-telemetry',
        `--remote-debugging-port=${cdpPort}`,
      ],
    });
  } catch (e) {
    code = 1;
    log(`VS Code exited with an error: ${e?.message ?? e}`);
  } finally {
    await (
      await stopDriverP
    )();
    rmSync(tmp, { recursive: true, force: true });
  }

  const tally = { passed: 0, failed: 0, pending: 0 };
  let state;
  try {
    state = JSON.parse(readFileSync(resultsFile, 'utf8'));
  } catch {
    state = undefined;
  }
  for (const r of state?.results ?? []) {
    tally[r.state]++;
    console.log(`  ${r.state === 'passed' ? 'ok  ' : r.state === 'pending' ? 'skip' : 'FAIL'} ${r.title}`);
    if (r.state === 'failed') console.log(`       ${String(r.error).split('\n').slice(0, 6).join('\n       ')}`);
  }
  if (!state?.done) tally.failed++;
  console.log(
    `test:vscode: ${tally.passed} passed, ${tally.failed} failed, ${tally.pending} pending (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  process.exit(code === 0 && tally.failed === 0 ? 0 : 1);
}

main().catch((e) => {
  console.error(`test:vscode: ${e?.stack ?? e}`);
  process.exit(1);
});
