// dist/server.js, the `assistant-config-language-server` bin and what the VS Code client starts:
// loads the server bundle (dist/server-main.js, server.ts) with a V8 code cache
// (cli/cachedBundle.ts), so that a start after the first reuses the bytecode of the functions an
// earlier session compiled (reading the schema, validating, answering requests) instead of parsing
// the bundle and compiling each of them again. The cache is written when a server session ends
// well (exit code 0 after `shutdown`), not by `--version`, `--help` or a wrong command line, which
// compile next to nothing a session uses.
import { join } from 'node:path';
import { loadCachedBundle } from './cli/cachedBundle';

const session = !process.argv.slice(2).some((a) => /^(?:--help|-h|--version|-v)$/.test(a));
loadCachedBundle(join(__dirname, 'server-main.js'), (code) => session && code === 0);
