// The web extension's entry (`browser`, dist/browser/client.js) for vscode.dev, github.dev and
// code-server's web-worker extension host: the same recognition and commands as the desktop, the
// language client talking to the server in a Web Worker (dist/browser/server.js, the same service
// code), and Test Connection over the browser's fetch. A web extension is one file, so nothing is
// loaded in steps here; the server worker still starts only with the first AssistantConfig file.
import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/browser';
import {
  MAX_PROJECT_CONFIG_BYTES,
  PROJECT_CONFIGS_NOTIFICATION,
  READ_PROJECT_CONFIGS_REQUEST,
  DOTENV_NAMES_NOTIFICATION,
  DOTENV_TOO_LARGE,
  MAX_DOTENV_BYTES,
  dotenvEmptyNames,
  dotenvNames,
  dotenvProblemMessage,
} from '../../server/src/shared';
import type {
  DotenvNamesParams,
  ProjectConfigsParams,
  ReadProjectConfigsParams,
  ReadProjectConfigsResult,
} from '../../server/src/shared';
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
  watchProjectConfigs(context, client, hooks);
  return started;
}

/** At most this many project config files are read (a workspace with more is not a case we know). */
const MAX_PROJECT_CONFIG_FILES = 500;

/**
 * The worker cannot read files: the client finds the workspace's `.assistant-config.yaml` files
 * (workspace file search, else each folder's top one) and sends their text; the server asks for the
 * files they `extends` under other names, which are then watched too. Any change sends the whole
 * report again, and the server reads it with the same loader as the CLI (lsp/reportedConfigs.ts).
 * Project configs hold rule levels and patterns, no secrets; they are read in untrusted workspaces
 * too, as the desktop server reads them.
 */
function watchProjectConfigs(context: vscode.ExtensionContext, client: LanguageClient, hooks: ClientHooks): void {
  const textOf = async (uri: vscode.Uri): Promise<string | null> => {
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      if ((stat.type & vscode.FileType.File) === 0 || stat.size > MAX_PROJECT_CONFIG_BYTES) return null;
      return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    } catch {
      // No such file (or unreadable): absent.
      return null;
    }
  };
  const send = async (): Promise<void> => {
    const candidates = new Map<string, vscode.Uri>();
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      if (vscode.workspace.fs.isWritableFileSystem(folder.uri.scheme) === undefined) continue;
      const top = vscode.Uri.joinPath(folder.uri, '.assistant-config.yaml');
      candidates.set(top.toString(), top);
    }
    try {
      for (const uri of await vscode.workspace.findFiles(
        '**/.assistant-config.yaml',
        '**/node_modules/**',
        MAX_PROJECT_CONFIG_FILES,
      ))
        candidates.set(uri.toString(), uri);
    } catch {
      // No search in this file system: the folders' top files only.
    }
    const files: ProjectConfigsParams['files'] = [];
    for (const [key, uri] of candidates) {
      const text = await textOf(uri);
      if (text !== null) files.push({ uri: key, text });
    }
    const params: ProjectConfigsParams = { files };
    await client.sendNotification(PROJECT_CONFIGS_NOTIFICATION, params);
  };
  const resend = (): void => {
    send().catch((e: unknown) => {
      hooks.output().warn(`Reading the project config failed: ${e instanceof Error ? e.message : String(e)}`);
    });
  };
  // The files a config extends under another name: watched once each, by their own path.
  const watched = new Set<string>();
  const watchOne = (uri: vscode.Uri): void => {
    const key = uri.toString();
    if (watched.has(key) || uri.path.endsWith('/.assistant-config.yaml')) return;
    watched.add(key);
    const w = vscode.workspace.createFileSystemWatcher(
      new vscode.RelativePattern(vscode.Uri.joinPath(uri, '..'), uri.path.slice(uri.path.lastIndexOf('/') + 1)),
    );
    context.subscriptions.push(w, w.onDidCreate(resend), w.onDidChange(resend), w.onDidDelete(resend));
  };
  context.subscriptions.push(
    client.onRequest(
      READ_PROJECT_CONFIGS_REQUEST,
      async (p: Partial<ReadProjectConfigsParams> | null): Promise<ReadProjectConfigsResult> => {
        const uris = Array.isArray(p?.uris) ? p.uris.filter((u): u is string => typeof u === 'string') : [];
        const out: ReadProjectConfigsResult = [];
        for (const u of uris.slice(0, MAX_PROJECT_CONFIG_FILES)) {
          let uri: vscode.Uri;
          try {
            uri = vscode.Uri.parse(u, true);
          } catch {
            out.push({ uri: u, text: null });
            continue;
          }
          watchOne(uri);
          out.push({ uri: u, text: await textOf(uri) });
        }
        return out;
      },
    ),
  );
  const watcher = vscode.workspace.createFileSystemWatcher('**/.assistant-config.yaml');
  context.subscriptions.push(
    watcher,
    watcher.onDidCreate(resend),
    watcher.onDidChange(resend),
    watcher.onDidDelete(resend),
    vscode.workspace.onDidChangeWorkspaceFolders(resend),
  );
  resend();
}

/** At most this many `.env` files are read (a workspace with more is not a case we know). */
const MAX_DOTENV_FILES = 500;

/**
 * The worker cannot read files: the client finds the workspace's `.env` files through the workspace
 * file system (when one is there to read them, and only in a trusted workspace) and sends each one's
 * names with its URI; the server gives each document the nearest one up from it, as on the desktop
 * (lsp/reportedEnv.ts). Only a regular file of at most MAX_DOTENV_BYTES is read, as the CLI and the
 * desktop server read it; a larger one is told once, by name. Names only: values never leave here.
 */
function watchDotenv(context: vscode.ExtensionContext, client: LanguageClient, hooks: ClientHooks): void {
  const warned = new Set<string>();
  /**
   * A `.env`'s names, and those it sets to nothing (for env-empty); undefined when it is absent, not
   * a file, too large or unreadable.
   */
  const namesOf = async (uri: vscode.Uri): Promise<{ names: Set<string>; empty: Set<string> } | undefined> => {
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      if ((stat.type & vscode.FileType.File) === 0) return undefined;
      if (stat.size > MAX_DOTENV_BYTES) {
        const key = uri.toString();
        if (!warned.has(key)) {
          warned.add(key);
          const message = dotenvProblemMessage(vscode.workspace.asRelativePath(uri), DOTENV_TOO_LARGE);
          hooks.output().warn(message);
          void vscode.window.showWarningMessage(`AssistantConfig: ${message}.`);
        }
        return undefined;
      }
      const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
      return { names: dotenvNames(text), empty: dotenvEmptyNames(text) };
    } catch {
      // No such file (or unreadable): treated as absent.
      return undefined;
    }
  };
  const send = async (): Promise<void> => {
    const names = new Set<string>();
    const files: { uri: string; names: string[]; empty: string[] }[] = [];
    if (vscode.workspace.isTrusted) {
      // The folders' top `.env` files, found or not by search (a file system without a search provider).
      const candidates = new Map<string, vscode.Uri>();
      const tops = new Set<string>();
      for (const folder of vscode.workspace.workspaceFolders ?? []) {
        // No file system provider for this scheme: nothing to read, and no error either.
        if (vscode.workspace.fs.isWritableFileSystem(folder.uri.scheme) === undefined) continue;
        const top = vscode.Uri.joinPath(folder.uri, '.env');
        candidates.set(top.toString(), top);
        tops.add(top.toString());
      }
      try {
        // Search ignores .gitignore here, so the (usually ignored) .env files are found.
        for (const uri of await vscode.workspace.findFiles('**/.env', '**/node_modules/**', MAX_DOTENV_FILES))
          candidates.set(uri.toString(), uri);
      } catch {
        // No search in this file system: the folders' top .env files only.
      }
      for (const [key, uri] of candidates) {
        const found = await namesOf(uri);
        if (!found) continue;
        files.push({ uri: key, names: [...found.names], empty: [...found.empty] });
        if (tops.has(key)) for (const n of found.names) names.add(n);
      }
    }
    const params: DotenvNamesParams = { names: [...names], files };
    await client.sendNotification(DOTENV_NAMES_NOTIFICATION, params);
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
