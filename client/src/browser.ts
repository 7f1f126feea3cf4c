// The web extension's entry (`browser`, dist/browser/client.js) for vscode.dev, github.dev and
// code-server's web-worker extension host: the same recognition and commands as the desktop, the
// language client talking to the server in a Web Worker (dist/browser/server.js, the same service
// code), and Test Connection over the browser's fetch. A web extension is one file, so nothing is
// loaded in steps here; the server worker still starts only with the first AssistantConfig file.
import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/browser';
import { DOTENV_NAMES_NOTIFICATION, dotenvNames } from '../../server/src/shared';
import { createConnectionCommands } from './connection';
import { activateFront } from './front';
import type { ClientHooks, ExtensionApi, StartedClient } from './front';
import { CLIENT_ID, CLIENT_NAME, clientOptions, startWithGlue } from './glue';

export function activate(context: vscode.ExtensionContext): ExtensionApi {
  return activateFront(context, { startClient, loadConnection: createConnectionCommands });
}

export { deactivate } from './front';

async function startClient(context: vscode.ExtensionContext, hooks: ClientHooks): Promise<StartedClient> {
  // The worker is made from the bundle's text: the extension's own URI may use a scheme a Worker
  // cannot load (code-server serves a remote extension as vscode-remote://), while the workspace
  // file system can read it everywhere.
  const workerUri = vscode.Uri.joinPath(context.extensionUri, 'dist', 'browser', 'server.js');
  const code = await vscode.workspace.fs.readFile(workerUri);
  const url = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
  const WorkerCtor = (
    globalThis as unknown as {
      // (LanguageClient's parameter is typed as the DOM's Worker, which the project's lib, without DOM, does not define.)
      Worker: new (url: string, options?: { name?: string }) => object;
    }
  ).Worker;
  const worker = new WorkerCtor(url, { name: 'AssistantConfig language server' });
  hooks.output().info(`Language server started in a Web Worker (from ${workerUri.scheme}:).`);
  const client = new LanguageClient(CLIENT_ID, CLIENT_NAME, clientOptions(context, hooks), worker);
  const started = await startWithGlue(context, client, hooks);
  watchDotenv(context, client, hooks);
  return started;
}

/**
 * The worker cannot read files: the client reads each folder's `.env` through the workspace file
 * system (when one is there to read it, and only in a trusted workspace) and sends the names.
 */
function watchDotenv(context: vscode.ExtensionContext, client: LanguageClient, hooks: ClientHooks): void {
  const send = async (): Promise<void> => {
    const names = new Set<string>();
    if (vscode.workspace.isTrusted) {
      for (const folder of vscode.workspace.workspaceFolders ?? []) {
        // No file system provider for this scheme: nothing to read, and no error either.
        if (vscode.workspace.fs.isWritableFileSystem(folder.uri.scheme) === undefined) continue;
        try {
          const uri = vscode.Uri.joinPath(folder.uri, '.env');
          const stat = await vscode.workspace.fs.stat(uri);
          if (stat.size > 1024 * 1024) continue;
          for (const n of dotenvNames(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)))) names.add(n);
        } catch {
          // No .env in this folder (or unreadable): treated as absent.
        }
      }
    }
    await client.sendNotification(DOTENV_NAMES_NOTIFICATION, { names: [...names] });
  };
  const resend = (): void => {
    send().catch((e: unknown) => {
      hooks.output().warn(`Reading .env failed: ${e instanceof Error ? e.message : String(e)}`);
    });
  };
  const watcher = vscode.workspace.createFileSystemWatcher('**/.env');
  context.subscriptions.push(
    watcher,
    watcher.onDidCreate(resend),
    watcher.onDidChange(resend),
    watcher.onDidDelete(resend),
    vscode.workspace.onDidGrantWorkspaceTrust(resend),
    vscode.workspace.onDidChangeWorkspaceFolders(resend),
  );
  resend();
}
