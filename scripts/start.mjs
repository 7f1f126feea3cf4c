// `npm start`: builds the extension and opens it on examples/ in a real VS Code.
//   - VS Code desktop when `code` is on the PATH: `code --extensionDevelopmentPath=<repo> examples/`
//     (with --wait, so this stays in the foreground until the window is closed or Ctrl-C);
//   - otherwise code-server on 127.0.0.1 (set up on first use by test/e2e/setup.sh, which needs root
//     for apt-get), with the extension loaded from the repository as a development extension;
//     it prints the address to open and serves until Ctrl-C.
// Environment: PORT (default 8080, or a free one if taken); START_NO_CODE=1 forces code-server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveArgs } from './code-server.mjs';
import { setTimeout as sleep } from 'node:timers/promises';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const examples = join(root, 'examples');
const e2e = join(root, 'test', 'e2e');
const codeServerBin = join(e2e, 'node_modules', '.bin', 'code-server');

function step(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  if (r.status !== 0) {
    console.error(`start: \`${[cmd, ...args].join(' ')}\` failed${r.error ? `: ${r.error.message}` : ''}`);
    process.exit(r.status || 1);
  }
}

function hasCode() {
  if (process.env.START_NO_CODE) return false;
  const r = spawnSync('code', ['--version'], { encoding: 'utf8', timeout: 20_000 });
  return r.status === 0;
}

function portFree(port) {
  return new Promise((res) => {
    const s = createServer();
    s.once('error', () => res(false));
    s.listen(port, '127.0.0.1', () => s.close(() => res(true)));
  });
}

async function pickPort() {
  const wanted = Number(process.env.PORT ?? 8080);
  if (await portFree(wanted)) return wanted;
  return new Promise((res) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });
}

function forward(child) {
  for (const sig of ['SIGINT', 'SIGTERM']) {
    process.on(sig, () => {
      if (child.exitCode === null) child.kill('SIGTERM');
    });
  }
  child.on('exit', (code, signal) => process.exit(signal ? 0 : (code ?? 0)));
}

async function withCodeServer() {
  if (!existsSync(codeServerBin)) {
    console.log('start: code-server is not installed yet: running test/e2e/setup.sh (a few minutes, once)');
    step('bash', [join(e2e, 'setup.sh')]);
  }
  const state = join(e2e, '.cache', 'start');
  const userData = join(state, 'user-data');
  const extensions = join(state, 'extensions');
  mkdirSync(join(userData, 'User'), { recursive: true });
  mkdirSync(extensions, { recursive: true });
  const settings = join(userData, 'User', 'settings.json');
  if (!existsSync(settings)) {
    writeFileSync(
      settings,
      JSON.stringify(
        {
          'security.workspace.trust.enabled': false,
          'workbench.startupEditor': 'none',
          'telemetry.telemetryLevel': 'off',
          'git.openRepositoryInParentFolders': 'never',
        },
        null,
        2,
      ),
    );
  }
  const config = join(state, 'config.yaml');
  writeFileSync(config, 'auth: none\n');
  const port = await pickPort();
  const host = `127.0.0.1:${port}`;
  const child = spawn(codeServerBin, serveArgs({ config, userData, extensions }, host), {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  forward(child);
  // The extension is loaded from the repository as a development extension (as F5 would), so a
  // rebuild (`npm run build`) and a window reload pick up changes.
  const payload = JSON.stringify([['extensionDevelopmentPath', `vscode-remote://${host}${root}`]]);
  const url = `http://${host}/?folder=${encodeURIComponent(examples)}&payload=${encodeURIComponent(payload)}`;
  for (let i = 0; i < 240; i++) {
    try {
      const r = await fetch(`http://${host}/healthz`);
      if (r.ok) break;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  console.log(
    `\nAssistantConfig in code-server, on examples/ with the extension from this checkout. Open:\n\n  ${url}\n\n(Ctrl-C stops it.)\n`,
  );
}

console.log('start: building the extension (npm run build)');
step('npm', ['run', 'build']);
if (hasCode()) {
  console.log(
    `start: opening VS Code on examples/ with the extension from ${root} (close the window or Ctrl-C to stop)`,
  );
  const child = spawn('code', ['--new-window', '--wait', `--extensionDevelopmentPath=${root}`, examples], {
    stdio: 'inherit',
  });
  forward(child);
} else {
  console.log('start: `code` is not on the PATH: using code-server');
  await withCodeServer();
}
