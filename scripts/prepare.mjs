// npm's `prepare`: builds the bundles (dist/). npm runs it after `npm ci` / `npm install` in a
// checkout, and when it installs this package from git, which is how pre-commit installs a
// `language: node` hook (pre-commit 4: `npm install -g --install-links git+file://<clone>`;
// pre-commit 3: `npm install` in the clone, `npm pack`, then `npm install -g` of the tarball).
//
// The build needs esbuild, a devDependency. npm's documentation says a git dependency gets its
// devDependencies installed before `prepare`, but a global install does not (npm/cli#8440, open):
// the preparation runs in global mode with no dependency installed at all. So when they are missing,
// this script installs the runtime dependencies (which the bundles carry) from package-lock.json,
// fetches the esbuild version package-lock.json pins into a directory of its own (outside the package),
// both in local mode with the user's registry, cache and proxy settings, and builds with them. In a
// checkout with devDependencies nothing is fetched.
//
// After the build, a checkout also gets the benchmark's packages (bench/, used by tests and
// `npm run bench`); a package installed from git does not need them, so they are skipped there.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const log = (m) => console.error(`prepare: ${m}`);

/** The npm that runs this script (npm_execpath), or the one on PATH. */
function npm(args, opts) {
  const cli = process.env.npm_execpath;
  return cli && /\.c?js$/.test(cli)
    ? spawnSync(process.execPath, [cli, ...args], opts)
    : spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, {
        shell: process.platform === 'win32',
        ...opts,
      });
}

/**
 * The environment for an npm of our own: npm passes its whole configuration to scripts as
 * npm_config_* variables, among them `global`, `prefix` and `install-links` of the outer install,
 * which must not apply to it. Only where packages come from (registry, cache, proxy, TLS) is kept.
 */
function ownNpmEnv() {
  const keep =
    /^npm_config_(registry|cache|userconfig|globalconfig|proxy|https_proxy|noproxy|no_proxy|strict_ssl|cafile|ca|cert|key|prefer_offline|prefer_online|offline|fetch_.*|_auth.*|\/\/.*)$/i;
  const env = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k) || keep.test(k)) env[k] = v;
  return env;
}

function resolveFrom(base, name) {
  try {
    return createRequire(join(base, 'noop.js')).resolve(name);
  } catch {
    return undefined;
  }
}

let esbuildMain = resolveFrom(root, 'esbuild');
let fetched;
if (!esbuildMain && !resolveFrom(root, 'ajv')) {
  // Nothing installed at all (a global install from git): the dependencies that the bundles carry,
  // at the versions of package-lock.json, without running their scripts (nor this one again).
  log('no dependencies are installed here (a global install from git): installing them (npm ci --omit=dev)');
  const r = npm(['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: ownNpmEnv(),
  });
  if (r.status !== 0) {
    log('could not install the dependencies; the CLI cannot be built (see the npm output above)');
    process.exit(1);
  }
}
if (!esbuildMain) {
  // The version package-lock.json holds (the one a checkout builds with), else the range package.json gives.
  let version = pkg.devDependencies?.esbuild;
  try {
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
    version = lock.packages?.['node_modules/esbuild']?.version ?? version;
  } catch {
    // no lock file: the range
  }
  fetched = mkdtempSync(join(tmpdir(), 'assistant-config-prepare-'));
  log(
    `esbuild is not installed here (npm installs no devDependencies for a global install from git); fetching esbuild@${version}`,
  );
  const r = npm(
    [
      'install',
      '--prefix',
      fetched,
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      `esbuild@${version}`,
    ],
    { cwd: fetched, stdio: ['ignore', 'inherit', 'inherit'], env: ownNpmEnv() },
  );
  esbuildMain = r.status === 0 ? resolveFrom(fetched, 'esbuild') : undefined;
  if (!esbuildMain) {
    log('could not fetch esbuild; the CLI cannot be built (see the npm output above)');
    rmSync(fetched, { recursive: true, force: true });
    process.exit(1);
  }
}

try {
  const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ASSISTANT_CONFIG_ESBUILD: pathToFileURL(esbuildMain).href },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
} finally {
  if (fetched) rmSync(fetched, { recursive: true, force: true });
}

// A checkout (devDependencies present, not a global install) also gets the benchmark's packages.
const checkout =
  !fetched && process.env.npm_config_global !== 'true' && existsSync(join(root, 'bench', 'package-lock.json'));
if (checkout) {
  const r = npm(['ci', '--prefix', 'bench', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
