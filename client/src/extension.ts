// The desktop entry (`main`, dist/client.js): what loads when any YAML or JSON file opens, so only
// the recognition and the command registrations. The language client (dist/client-lsp.js) loads
// when the first AssistantConfig document appears, Test Connection (dist/client-connection.js) the
// first time one of its commands runs.
import type * as vscode from 'vscode';
import { activateFront } from './front';
import type { ExtensionApi } from './front';
import type * as Lsp from './lsp';
import type * as Connection from './connection';

/** Loads one of the extension's other bundles (a plain Node require, outside esbuild's bundling). */
function load(context: vscode.ExtensionContext, file: string): unknown {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(context.asAbsolutePath(file));
}

export function activate(context: vscode.ExtensionContext): ExtensionApi {
  return activateFront(context, {
    startClient: async (ctx, hooks) => (load(ctx, 'dist/client-lsp.js') as typeof Lsp).startClient(ctx, hooks),
    loadConnection: (ctx, output, onResult, readConfig) =>
      (load(ctx, 'dist/client-connection.js') as typeof Connection).createConnectionCommands(
        ctx,
        output,
        onResult,
        readConfig,
      ),
    workspaceFiles: true,
  });
}

export { deactivate } from './front';
