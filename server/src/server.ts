// The language server's entry: `assistant-config-language-server --stdio` (or --node-ipc, --socket=N).
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServer } from './lsp/server';
import { localPath, WorkspaceEnv } from './lsp/env';
import { describe } from './lsp/guard';

// Logged on stderr (never stdout, which may carry the protocol); the server stays up. VS Code's client
// copies stderr into the output channel: an error's message can quote the document (a literal
// credential), so it is written as every handler's failure is (guard.ts describe: quoted text elided,
// credential shapes redacted, the top of the stack).
process.on('uncaughtException', (e) => {
  process.stderr.write(`assistant-config-language-server: uncaught ${describe(e)}\n`);
});
process.on('unhandledRejection', (e) => {
  process.stderr.write(`assistant-config-language-server: unhandled rejection ${describe(e)}\n`);
});

if (process.argv.includes('--version')) {
  process.stdout.write('assistant-config-language-server 0.1.0\n');
  process.exit(0);
}
const USAGE = `Usage: assistant-config-language-server --stdio | --node-ipc | --socket=PORT | --pipe=NAME

The AssistantConfig language server. An editor starts it with one transport; most LSP clients
use --stdio (Neovim: cmd = { 'assistant-config-language-server', '--stdio' }).
  --version    print the version
  -h, --help   show this help
`;
if (process.argv.includes('--help') || process.argv.includes('-h')) {
  process.stdout.write(USAGE);
  process.exit(0);
}
{
  // The transports vscode-languageserver reads from the command line (REVIEW3 F23: without one it
  // threw its own "Connection input stream is not set" and the process exited 0).
  const args = process.argv.slice(2);
  const transport = args.find((a) => /^--(stdio|node-ipc|socket|pipe)(=|$)/.test(a));
  const problem =
    transport === undefined
      ? 'no transport given'
      : /^--socket(=|$)/.test(transport) && !/^--socket=\d+$/.test(transport)
        ? `'--socket' needs a port number (--socket=PORT)`
        : /^--pipe(=|$)/.test(transport) && !/^--pipe=.+$/.test(transport)
          ? `'--pipe' needs a name (--pipe=NAME)`
          : undefined;
  if (problem !== undefined) {
    const unknown = args.filter(
      (a) => a.startsWith('-') && !/^--(clientProcessId|stdio|node-ipc|socket|pipe)(=|$)/.test(a),
    );
    process.stderr.write(
      `assistant-config-language-server: ${problem}${unknown.length > 0 ? ` (unknown: ${unknown.map((a) => JSON.stringify(a)).join(', ')})` : ''}.\n${USAGE}`,
    );
    process.exit(2);
  }
}
// The code pages ship beside the bundle (dist/ → docs/codes/); the link opens them in the editor.
const docs = join(__dirname, '..', 'docs', 'codes');
startServer(createConnection(ProposedFeatures.all), new WorkspaceEnv(), {
  ...(existsSync(docs) ? { docsBase: pathToFileURL(docs).href + '/' } : {}),
  // The project config (.assistant-config.yaml) is read from disk for file: documents.
  fsPathOf: localPath,
  readFile,
  // The project config walk stops at the top of the document's git repository (REVIEW5 H11).
  isRepositoryTop: (dir) => existsSync(join(dir, '.git')),
  // Workspace diagnostics walk the folders as `assistant-config lint DIR` does (loaded on first use).
  workspaceFiles: {
    list: async (dir, options) => (await import('./cli/files')).collectFiles(dir, options),
    stat: (path) => {
      try {
        const st = statSync(path);
        return st.isFile() ? { size: st.size, mtimeMs: st.mtimeMs } : undefined;
      } catch {
        return undefined;
      }
    },
    read: readFile,
    uriOf: (path) => pathToFileURL(path).href,
  },
});

function readFile(path: string): string | undefined {
  try {
    return statSync(path).isFile() ? readFileSync(path, 'utf8') : undefined;
  } catch {
    return undefined;
  }
}
