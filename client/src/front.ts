// What runs at activation, on the desktop and in the browser alike: recognising AssistantConfig
// files (per-file choices, `files.associations`, a sniff of the first few KB), the commands, and
// starting the language client when the first AssistantConfig document appears. The extension
// activates on every YAML and JSON file, so this stays small: no language client, no parser, no
// HTTP client here (the platform loads those when they are needed).
import * as vscode from 'vscode';
import {
  HEADER_FIX_TITLE,
  LANGUAGE_IDS,
  SNIFF_CHARS,
  declaresAssistantConfigKind,
  looksLikeConfigWithoutKind,
  providerValuesFromSchema,
} from '../../server/src/shared';
import type { ConfigReader, ConnectionCommands, ConnectionResult } from './connectionTypes';
import { associatedLanguage } from './glob';
import { redactingChannel, storedSecrets } from './redactingChannel';

type Ours = (typeof LANGUAGE_IDS)[number];
/** How many times (100 ms apart) the header command asks the starting server for its fix. */
const HEADER_FIX_ATTEMPTS = 50;
const YAML_ID: Ours = 'assistantconfig';
const JSON_ID: Ours = 'assistantconfig-json';
const PLAIN = new Set(['yaml', 'json', 'jsonc']);
const CHOICES_KEY = 'assistantConfig.fileChoices';

/** What the user said about one file with the two "Treat this file as…" commands. */
export type FileChoice = 'assistantconfig' | 'plain';

export interface ClientHooks {
  output: () => vscode.LogOutputChannel;
  /** Fires with each Test Connection result (the client's language status shows it). */
  onConnectionResult: vscode.Event<ConnectionResult>;
}

export interface StartedClient {
  restart(): Promise<void>;
  stop(): Promise<void>;
  /** Asks the server what Test Connection reads from a document (ConfigReader). */
  connectionConfig: ConfigReader;
}

export interface Platform {
  /** Loads the language client and starts the server (the desktop's second bundle). */
  startClient(context: vscode.ExtensionContext, hooks: ClientHooks): Promise<StartedClient>;
  /** Loads Test Connection and its HTTP client (the desktop's third bundle); a failure throws, and the next command tries again. */
  loadConnection(
    context: vscode.ExtensionContext,
    output: vscode.LogOutputChannel,
    onResult: (r: ConnectionResult) => void,
    readConfig: ConfigReader,
  ): ConnectionCommands;
  /** Whether the server can walk the workspace's files (workspace diagnostics): the desktop's can. */
  workspaceFiles?: boolean;
}

/** What `activate` returns: enough for tests to see whether the server was started. */
export interface ExtensionApi {
  serverStarted(): boolean;
  /** Resolves once the language client has started (undefined while no AssistantConfig file appeared). */
  whenStarted(): Promise<void> | undefined;
}

const isOurs = (languageId: string): languageId is Ours => (LANGUAGE_IDS as readonly string[]).includes(languageId);

/** The first SNIFF_CHARS characters of a document, without materialising the whole text. */
export function headOf(doc: vscode.TextDocument): string {
  return doc.getText(new vscode.Range(new vscode.Position(0, 0), doc.positionAt(SNIFF_CHARS)));
}

export function activateFront(context: vscode.ExtensionContext, platform: Platform): ExtensionApi {
  let output: vscode.LogOutputChannel | undefined;
  const getOutput = (): vscode.LogOutputChannel => {
    if (!output) {
      // Everything written here (reports, the client's log, the protocol trace) is redacted.
      output = redactingChannel(
        vscode.window.createOutputChannel('AssistantConfig', { log: true }),
        storedSecrets(context.secrets, context.subscriptions),
      );
      context.subscriptions.push(output);
    }
    return output;
  };
  const connectionResults = new vscode.EventEmitter<ConnectionResult>();
  context.subscriptions.push(connectionResults);

  // The language client: started once, when the first AssistantConfig document appears.
  let client: Promise<StartedClient> | undefined;
  const ensureClient = (): Promise<StartedClient> =>
    (client ??= platform
      .startClient(context, { output: getOutput, onConnectionResult: connectionResults.event })
      .catch((e: unknown) => {
        getOutput().error(`The language server did not start: ${e instanceof Error ? e.message : String(e)}`);
        client = undefined;
        throw e;
      }));

  // Test Connection: loaded the first time one of its commands runs.
  let connection: ConnectionCommands | undefined;
  const connectionCommand = (name: keyof ConnectionCommands) => async (): Promise<void> => {
    connection ??= platform.loadConnection(
      context,
      getOutput(),
      (r) => {
        connectionResults.fire(r);
      },
      async (p) => (await ensureClient()).connectionConfig(p),
    );
    await connection[name]();
  };

  // Per-file choices, kept in the workspace's state.
  const choices = (): Record<string, FileChoice> =>
    context.workspaceState.get<Record<string, FileChoice>>(CHOICES_KEY) ?? {};
  const choiceOf = (uri: vscode.Uri): FileChoice | undefined => choices()[uri.toString()];
  const remember = async (uri: vscode.Uri, choice: FileChoice): Promise<void> => {
    await context.workspaceState.update(CHOICES_KEY, { ...choices(), [uri.toString()]: choice });
  };

  /** The documents this client switched by their content (switched back if the setting goes off). */
  const sniffed = new Set<string>();
  const detectByContent = (doc: vscode.TextDocument): boolean =>
    // Anything but `false` (also a value of the wrong type in settings.json) leaves detection on.
    vscode.workspace.getConfiguration('assistantConfig', doc.uri).get<unknown>('detectByContent') !== false;
  const associated = (doc: vscode.TextDocument): string | undefined =>
    associatedLanguage(
      vscode.workspace.getConfiguration('files', doc.uri).get<Record<string, unknown>>('associations'),
      doc.uri.path,
    );

  const setLanguage = async (
    doc: vscode.TextDocument,
    languageId: string,
  ): Promise<vscode.TextDocument | undefined> => {
    try {
      return await vscode.languages.setTextDocumentLanguage(doc, languageId);
    } catch (e) {
      getOutput().warn(
        `Could not set the language of ${doc.uri.path.split('/').pop()}: ${e instanceof Error ? e.message : String(e)}`,
      );
      return undefined;
    }
  };
  const ourLanguageFor = (languageId: string): Ours => (languageId === 'yaml' ? YAML_ID : JSON_ID);
  const plainLanguageFor = (doc: vscode.TextDocument): string =>
    doc.languageId === YAML_ID ? 'yaml' : /\.jsonc$/i.test(doc.uri.path) ? 'jsonc' : 'json';

  /** Decides the language of a document that was just opened (or whose circumstances changed). */
  const consider = (doc: vscode.TextDocument): void => {
    const choice = choiceOf(doc.uri);
    if (isOurs(doc.languageId)) {
      if (choice === 'plain') void setLanguage(doc, plainLanguageFor(doc));
      else void ensureClient().catch(() => undefined);
      return;
    }
    if (!PLAIN.has(doc.languageId)) return;
    if (choice === 'assistantconfig') {
      void setLanguage(doc, ourLanguageFor(doc.languageId));
      return;
    }
    if (choice === 'plain' || !detectByContent(doc) || associated(doc) !== undefined) return;
    if (!declaresAssistantConfigKind(headOf(doc))) return;
    sniffed.add(doc.uri.toString());
    void setLanguage(doc, ourLanguageFor(doc.languageId));
  };

  // The quiet offer: a YAML file that reads like an AssistantConfig but says no `kind`.
  let providers: Promise<ReadonlySet<string>> | undefined;
  const knownProviders = (): Promise<ReadonlySet<string>> =>
    (providers ??= (async () => {
      const bytes = await vscode.workspace.fs.readFile(
        vscode.Uri.joinPath(context.extensionUri, 'schemas', 'assistant-config.schema.json'),
      );
      return new Set(providerValuesFromSchema(JSON.parse(new TextDecoder().decode(bytes))));
    })().catch((): ReadonlySet<string> => new Set()));
  let offer: vscode.LanguageStatusItem | undefined;
  const hideOffer = (): void => {
    offer?.dispose();
    offer = undefined;
  };
  const updateOffer = async (): Promise<void> => {
    const doc = vscode.window.activeTextEditor?.document;
    if (!doc || doc.languageId !== 'yaml' || choiceOf(doc.uri) === 'plain' || !detectByContent(doc)) {
      hideOffer();
      return;
    }
    const head = headOf(doc);
    // Cheap test first: the schema is read only for files that have a `definition:` at the top.
    if (!/^definition[ \t]*:/m.test(head) || !looksLikeConfigWithoutKind(head, await knownProviders())) {
      hideOffer();
      return;
    }
    if (vscode.window.activeTextEditor?.document !== doc) return;
    offer ??= vscode.languages.createLanguageStatusItem('assistantConfig.offer', { language: 'yaml' });
    offer.name = 'AssistantConfig';
    offer.text = 'Looks like an AssistantConfig file';
    offer.detail = 'it has no `kind: AssistantConfig`';
    offer.command = {
      title: 'Treat as AssistantConfig',
      command: 'assistantConfig.treatAsAssistantConfigAddHeader',
      arguments: [doc.uri],
      tooltip: 'Add `kind: AssistantConfig` and `version: v2` at the top and treat the file as AssistantConfig',
    };
  };

  const targetDocument = (uri?: unknown): vscode.TextDocument | undefined => {
    if (uri instanceof vscode.Uri)
      return vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    return vscode.window.activeTextEditor?.document;
  };

  const treatAsAssistantConfig = async (uri?: unknown): Promise<void> => {
    const doc = targetDocument(uri);
    if (!doc) return void vscode.window.showInformationMessage('AssistantConfig: open a YAML or JSON file first.');
    await remember(doc.uri, 'assistantconfig');
    if (!isOurs(doc.languageId)) await setLanguage(doc, /json/.test(doc.languageId) ? JSON_ID : YAML_ID);
  };
  const treatAsPlain = async (uri?: unknown): Promise<void> => {
    const doc = targetDocument(uri);
    if (!doc) return void vscode.window.showInformationMessage('AssistantConfig: open a file first.');
    await remember(doc.uri, 'plain');
    sniffed.delete(doc.uri.toString());
    if (isOurs(doc.languageId)) await setLanguage(doc, plainLanguageFor(doc));
    hideOffer();
  };
  /**
   * The language server's fix for `kind-missing` (after `%YAML` directives, the first `---` and the
   * comments at the top): the one place that knows where the header goes (REVIEW8 K16). Asked for once
   * the file is an AssistantConfig file; the server may need a moment to start and read it.
   */
  const serverHeaderFix = async (uri: vscode.Uri): Promise<vscode.WorkspaceEdit | undefined> => {
    for (let attempt = 0; attempt < HEADER_FIX_ATTEMPTS; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, 100));
      const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
      if (!doc || !isOurs(doc.languageId)) continue;
      const whole = new vscode.Range(new vscode.Position(0, 0), doc.positionAt(Number.MAX_SAFE_INTEGER));
      let actions: (vscode.CodeAction | vscode.Command)[] | undefined;
      try {
        actions = await vscode.commands.executeCommand('vscode.executeCodeActionProvider', uri, whole, 'quickfix');
      } catch {
        continue;
      }
      // (The API returns code actions without their diagnostics: the fix is known by its title.)
      for (const a of actions ?? []) {
        const action = a as vscode.CodeAction;
        if (action.edit && action.title.startsWith(HEADER_FIX_TITLE)) return action.edit;
      }
    }
    return undefined;
  };
  const treatAsAssistantConfigAddHeader = async (uri?: unknown): Promise<void> => {
    const doc = targetDocument(uri);
    if (!doc || doc.languageId !== 'yaml') return;
    hideOffer();
    await treatAsAssistantConfig(doc.uri);
    try {
      await ensureClient();
    } catch {
      // (Reported in the output by ensureClient.)
    }
    const edit = await serverHeaderFix(doc.uri);
    if (!edit || !(await vscode.workspace.applyEdit(edit)))
      void vscode.window.showWarningMessage(
        "AssistantConfig: the header could not be added (the language server gave no fix); the quick fix on 'kind-missing' adds it.",
      );
  };

  context.subscriptions.push(
    vscode.commands.registerCommand('assistantConfig.restartServer', async () => {
      if (!client) {
        const open = vscode.workspace.textDocuments.some((d) => isOurs(d.languageId));
        if (!open)
          return void vscode.window.showInformationMessage(
            'AssistantConfig: the language server starts when an AssistantConfig file is opened.',
          );
      }
      getOutput().info('Restarting the language server.');
      await (await ensureClient()).restart();
    }),
    vscode.commands.registerCommand('assistantConfig.showOutput', () => {
      getOutput().show(true);
    }),
    vscode.commands.registerCommand('assistantConfig.testConnection', connectionCommand('testConnection')),
    vscode.commands.registerCommand(
      'assistantConfig.setPersonalAccessToken',
      connectionCommand('setPersonalAccessToken'),
    ),
    vscode.commands.registerCommand('assistantConfig.setProjectApiKey', connectionCommand('setProjectApiKey')),
    vscode.commands.registerCommand('assistantConfig.setDataToken', connectionCommand('setDataToken')),
    vscode.commands.registerCommand('assistantConfig.clearCredentials', connectionCommand('clearCredentials')),
    vscode.commands.registerCommand('assistantConfig.treatAsAssistantConfig', treatAsAssistantConfig),
    vscode.commands.registerCommand('assistantConfig.treatAsPlain', treatAsPlain),
    vscode.commands.registerCommand('assistantConfig.treatAsAssistantConfigAddHeader', treatAsAssistantConfigAddHeader),
    vscode.workspace.onDidOpenTextDocument(consider),
    vscode.workspace.onDidSaveTextDocument((doc) => {
      if (PLAIN.has(doc.languageId)) consider(doc);
    }),
    vscode.window.onDidChangeActiveTextEditor(() => void updateOffer()),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('assistantConfig.detectByContent') || e.affectsConfiguration('files.associations')) {
        for (const doc of vscode.workspace.textDocuments) {
          if (
            isOurs(doc.languageId) &&
            sniffed.has(doc.uri.toString()) &&
            (!detectByContent(doc) || associated(doc) !== undefined)
          ) {
            sniffed.delete(doc.uri.toString());
            void setLanguage(doc, plainLanguageFor(doc));
          } else consider(doc);
        }
        void updateOffer();
      }
    }),
  );
  for (const doc of vscode.workspace.textDocuments) consider(doc);
  void updateOffer();

  // Workspace problems (opt-in): files that are not open are checked by the server, so with the
  // setting on it starts with the window, before any AssistantConfig file is opened.
  const startForWorkspace = (): void => {
    if (
      platform.workspaceFiles &&
      vscode.workspace.getConfiguration('assistantConfig').get<boolean>('workspaceDiagnostics.enabled', false)
    )
      void ensureClient().catch(() => undefined);
  };
  startForWorkspace();
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('assistantConfig.workspaceDiagnostics.enabled')) startForWorkspace();
    }),
  );

  stopActive = async () => {
    const c = client;
    client = undefined;
    if (c) await (await c.catch(() => undefined))?.stop();
  };
  return { serverStarted: () => client !== undefined, whenStarted: () => client?.then(() => undefined) };
}

/** Stops what the last activateFront started; each platform's entry exports it as its `deactivate`. */
let stopActive: (() => Promise<void>) | undefined;
export async function deactivate(): Promise<void> {
  const stop = stopActive;
  stopActive = undefined;
  await stop?.();
}
