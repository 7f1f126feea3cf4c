// The VS Code client: starts the language server, recognises AssistantConfig files by content,
// shows the language status, and hosts the commands. All language features live in the server.
import * as vscode from 'vscode';
import { LanguageClient, TransportKind } from 'vscode-languageclient/node';
import type { LanguageClientOptions, ServerOptions } from 'vscode-languageclient/node';
import { LANGUAGE_IDS, STATUS_NOTIFICATION, TRUST_NOTIFICATION, declaresAssistantConfigKind } from '../../server/src/shared';
import type { StatusParams } from '../../server/src/shared';
import { registerConnectionFeatures } from './connection';

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<{ client: LanguageClient | undefined }> {
  const output = vscode.window.createOutputChannel('AssistantConfig', { log: true });
  context.subscriptions.push(output);
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

  const serverModule = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6011'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: LANGUAGE_IDS.map((language) => ({ language })),
    outputChannel: output,
    initializationOptions: { trusted: vscode.workspace.isTrusted },
    // configurationSection makes the client send didChangeConfiguration when these settings change;
    // the server then reads them again through workspace/configuration.
    synchronize: { configurationSection: 'assistantConfig', fileEvents: vscode.workspace.createFileSystemWatcher('**/.env') },
  };
  // The id makes the client honour the `assistantConfig.trace.server` setting.
  client = new LanguageClient('assistantConfig', 'AssistantConfig Language Server', serverOptions, clientOptions);

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
    const problems = s.errors + s.warnings === 0 ? 'no problems' : `${s.errors} error${s.errors === 1 ? '' : 's'}, ${s.warnings} warning${s.warnings === 1 ? '' : 's'}`;
    status.text = s.llmProvider ? `LLM: ${s.llmProvider}` : 'LLM: no provider';
    status.detail = problems;
    status.severity = s.errors > 0 ? vscode.LanguageStatusSeverity.Error : s.warnings > 0 ? vscode.LanguageStatusSeverity.Warning : vscode.LanguageStatusSeverity.Information;
  };
  context.subscriptions.push(vscode.window.onDidChangeActiveTextEditor(showStatus));

  context.subscriptions.push(
    vscode.commands.registerCommand('assistantConfig.restartServer', async () => {
      output.info('Restarting the language server.');
      await client?.restart();
    }),
    vscode.commands.registerCommand('assistantConfig.showOutput', () => output.show(true)),
    vscode.workspace.onDidGrantWorkspaceTrust(() => void client?.sendNotification(TRUST_NOTIFICATION, { trusted: true })),
  );

  registerConnectionFeatures(context, output, (r) => {
    connectionStatus.text = r.ok ? 'Connection: passed' : 'Connection: failed';
    connectionStatus.detail = r.summary;
    connectionStatus.severity = r.ok ? vscode.LanguageStatusSeverity.Information : vscode.LanguageStatusSeverity.Error;
  });

  setupContentDetection(context);

  try {
    await client.start();
    client.onNotification(STATUS_NOTIFICATION, (s: StatusParams) => {
      statusByUri.set(s.uri, s);
      showStatus();
    });
  } catch (e) {
    output.error(`The language server did not start: ${e instanceof Error ? e.message : String(e)}`);
  }
  return { client };
}

/** YAML and JSON files whose top level says `kind: AssistantConfig` become AssistantConfig files. */
function setupContentDetection(context: vscode.ExtensionContext): void {
  const check = (doc: vscode.TextDocument): void => {
    if (!vscode.workspace.getConfiguration('assistantConfig').get<boolean>('detectByContent', true)) return;
    if (doc.languageId !== 'yaml' && doc.languageId !== 'json' && doc.languageId !== 'jsonc') return;
    if (doc.lineCount > 200_000 || !declaresAssistantConfigKind(doc.getText())) return;
    void vscode.languages.setTextDocumentLanguage(doc, doc.languageId === 'yaml' ? 'assistantconfig' : 'assistantconfig-json');
  };
  vscode.workspace.textDocuments.forEach(check);
  context.subscriptions.push(vscode.workspace.onDidOpenTextDocument(check));
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
