// The desktop's second bundle (dist/client-lsp.js): the language client over Node IPC to the server
// process, loaded by the activation bundle when the first AssistantConfig document appears.
import type * as vscode from 'vscode';
import { LanguageClient, TransportKind } from 'vscode-languageclient/node';
import type { ServerOptions } from 'vscode-languageclient/node';
import type { ClientHooks, StartedClient } from './front';
import { CLIENT_ID, CLIENT_NAME, clientOptions, startWithGlue } from './glue';

export function startClient(context: vscode.ExtensionContext, hooks: ClientHooks): Promise<StartedClient> {
  const serverModule = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: {
      module: serverModule,
      transport: TransportKind.ipc,
      options: { execArgv: ['--nolazy', '--inspect=6011'] },
    },
  };
  // The id makes the client honour the `assistantConfig.trace.server` setting.
  const client = new LanguageClient(CLIENT_ID, CLIENT_NAME, serverOptions, clientOptions(context, hooks));
  return startWithGlue(context, client, hooks);
}
