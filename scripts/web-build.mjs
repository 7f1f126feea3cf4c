// esbuild options of the web extension's bundles (dist/browser/*): Node modules replaced by the
// small browser versions in client/src/web/ (a Buffer subset, SHA-256, isIP, the performance clock)
// and Test Connection's HTTP layer (undici, proxies) by fetch. Used by scripts/build.mjs and by the
// tests that bundle parts of it for a browser page.
import { join } from 'node:path';

export function webBuildOptions(root) {
  return {
    platform: 'browser',
    target: 'es2022',
    mainFields: ['browser', 'module', 'main'],
    alias: {
      'node:crypto': join(root, 'client/src/web/crypto.ts'),
      'node:net': join(root, 'client/src/web/net.ts'),
      'node:perf_hooks': join(root, 'client/src/web/perfHooks.ts'),
    },
    inject: [join(root, 'client/src/web/bufferGlobal.ts')],
    plugins: [
      {
        name: 'fetch-http',
        setup(build) {
          build.onResolve({ filter: /^\.\/http$/ }, (a) =>
            a.importer.includes(join('server', 'src', 'connection'))
              ? { path: join(root, 'server/src/connection/fetchHttp.ts') }
              : undefined,
          );
        },
      },
    ],
  };
}
