// The language client's glue, the same on the desktop and in the browser: client options, the
// language status items, the server's status notifications, workspace trust.
import * as vscode from 'vscode';
import type { BaseLanguageClient, LanguageClientOptions } from 'vscode-languageclient';
import {
  CONNECTION_CONFIG_REQUEST,
  LANGUAGE_IDS,
  STATUS_NOTIFICATION,
  TRUST_NOTIFICATION,
  VSCODE_CLIENT_COMMANDS,
} from '../../server/src/shared';
import type { StatusParams, InitializationOptions } from '../../server/src/shared';
import type { ClientHooks, StartedClient } from './front';

export const CLIENT_ID = 'assistantConfig';
export const CLIENT_NAME = 'AssistantConfig Language Server';

export function clientOptions(context: vscode.ExtensionContext, hooks: ClientHooks): LanguageClientOptions {
  return {
    documentSelector: LANGUAGE_IDS.map((language) => ({ language })),
    outputChannel: hooks.output(),
    initializationOptions: {
      trusted: vscode.workspace.isTrusted,
      // The code pages ship in the extension: the same link on the desktop and in the browser.
      docsBase: vscode.Uri.joinPath(context.extensionUri, 'docs', 'codes').toString() + '/',
      // What this client runs and shows that other LSP clients do not (README "Other editors").
      clientCommands: [...VSCODE_CLIENT_COMMANDS],
      labelLenses: true,
    } satisfies InitializationOptions,
    // configurationSection makes the client send didChangeConfiguration when these settings change;
    // the server then reads them again through workspace/configuration. No fileEvents: the server
    // registers the files it reads (.env, .gitignore, .assistant-config.yaml) itself, as it does for
    // every LSP client that supports dynamic registration; a watcher here too would send each event twice.
    synchronize: {
      configurationSection: 'assistantConfig',
    },
  };
}

/** Starts the client and wires the status items; resolves once the server answered `initialize`. */
export async function startWithGlue(
  context: vscode.ExtensionContext,
  client: BaseLanguageClient,
  hooks: ClientHooks,
): Promise<StartedClient> {
  const selector: vscode.DocumentSelector = LANGUAGE_IDS.map((language) => ({ language }));
  const status = vscode.languages.createLanguageStatusItem('assistantConfig.status', selector);
  status.name = 'AssistantConfig';
  status.text = 'AssistantConfig';
  status.command = { title: 'Show Problems', command: 'workbench.actions.view.problems' };
  const connectionStatus = vscode.languages.createLanguageStatusItem('assistantConfig.connection', selector);
  connectionStatus.name = 'AssistantConfig Test Connection';
  connectionStatus.text = 'Connection: not tested';
  connectionStatus.command = { title: 'Test Connection', command: 'assistantConfig.testConnection' };
  context.subscriptions.push(status, connectionStatus);
  context.subscriptions.push(
    hooks.onConnectionResult((r) => {
      connectionStatus.text = r.ok ? 'Connection: passed' : 'Connection: failed';
      connectionStatus.detail = r.summary;
      connectionStatus.severity = r.ok
        ? vscode.LanguageStatusSeverity.Information
        : vscode.LanguageStatusSeverity.Error;
    }),
  );

  const statusByUri = new Map<string, StatusParams>();
  const showStatus = (): void => {
    const uri = vscode.window.activeTextEditor?.document.uri.toString();
    const s = uri ? statusByUri.get(uri) : undefined;
    if (!s) {
      status.text = 'AssistantConfig';
      status.detail = undefined;
      status.severity = vscode.LanguageStatusSeverity.Information;
      return;
    }
    const problems =
      s.errors + s.warnings === 0
        ? 'no problems'
        : `${s.errors} error${s.errors === 1 ? '' : 's'}, ${s.warnings} warning${s.warnings === 1 ? '' : 's'}`;
    status.text = s.llmProvider ? `LLM: ${s.llmProvider}` : 'LLM: no provider';
    status.detail = problems;
    status.severity =
      s.errors > 0
        ? vscode.LanguageStatusSeverity.Error
        : s.warnings > 0
          ? vscode.LanguageStatusSeverity.Warning
          : vscode.LanguageStatusSeverity.Information;
  };
  context.subscriptions.push(
    vscode.window.onDidChangeActiveTextEditor(showStatus),
    vscode.workspace.onDidGrantWorkspaceTrust(
      () => void client.sendNotification(TRUST_NOTIFICATION, { trusted: true }),
    ),
  );
  await client.start();
  context.subscriptions.push(
    client.onNotification(STATUS_NOTIFICATION, (s: StatusParams) => {
      statusByUri.set(s.uri, s);
      showStatus();
    }),
  );
  return {
    restart: async () => {
      await client.stop();
      await client.start();
    },
    stop: () => client.stop(),
    connectionConfig: (p) => client.sendRequest(CONNECTION_CONFIG_REQUEST, p),
  };
}
