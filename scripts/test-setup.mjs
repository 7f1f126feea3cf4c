// Runs before `npm test` (npm's pretest): some tests check the grammars against VS Code's own
// YAML/JSON grammars (from the code-server that test/e2e/setup.sh installs) and run the web server
// in Chromium (playwright-core and Debian's chromium, from the same script). On a fresh clone they
// are not there yet: install them once, as `npm start` does for code-server, so that the README's
// test command `npm ci && npm test` sets up and passes on a fresh machine (REVIEW4 G16). setup.sh
// needs root or sudo for apt-get; a second run that finds everything returns at once.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const e2e = join(root, 'test', 'e2e');
const needed = [
  [join(e2e, 'node_modules/code-server/lib/vscode/extensions/yaml/syntaxes'), "VS Code's grammars (code-server)"],
  [join(e2e, 'node_modules/playwright-core'), 'playwright-core'],
  [process.env.E2E_CHROMIUM ?? '/usr/bin/chromium', 'Chromium'],
];
const missing = needed.filter(([path]) => !existsSync(path)).map(([, what]) => what);
if (missing.length > 0) {
  console.log(
    `test setup: ${missing.join(', ')} not installed yet: running test/e2e/setup.sh (a few minutes, once; apt-get needs root or sudo)`,
  );
  const r = spawnSync('bash', [join(e2e, 'setup.sh')], { stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(
      'test setup: test/e2e/setup.sh failed (see above); the grammar, web-worker and browser Test Connection tests need what it installs',
    );
    process.exit(r.status ?? 1);
  }
}
