// What `npm start` (scripts/start.mjs) and the e2e runners (test/e2e/) share about running
// code-server and packaging the extension: the arguments, and a free local port.
import { createServer } from 'node:net';

/** The directories a code-server instance keeps its state in. */
/** @typedef {{ config: string, userData: string, extensions: string }} CodeServerDirs */

/** Arguments that point code-server at its config, user data and extensions. */
export function dirArgs(dirs) {
  return ['--config', dirs.config, '--user-data-dir', dirs.userData, '--extensions-dir', dirs.extensions];
}

/** Arguments to serve on `host` (`127.0.0.1:PORT`) without a password, telemetry, update checks or trust prompts. */
export function serveArgs(dirs, host) {
  return [
    ...dirArgs(dirs),
    '--bind-addr',
    host,
    '--auth',
    'none',
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
  ];
}

/** Arguments to install a .vsix into those directories. */
export function installArgs(dirs, vsix) {
  return [...dirArgs(dirs), '--install-extension', vsix, '--force'];
}

/**
 * `vsce package` arguments writing `out`: no dependency check (the bundle has them), and explicit
 * base URLs, since vsce refuses relative links in the README when the repository is not GitHub's.
 */
export function vscePackageArgs(out) {
  return [
    'package',
    '--no-dependencies',
    '--baseContentUrl',
    'https://example.invalid/',
    '--baseImagesUrl',
    'https://example.invalid/',
    '--out',
    out,
  ];
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });
}
