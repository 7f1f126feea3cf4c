// VS Code side of Test Connection: the five commands, credentials in SecretStorage, settings,
// progress with cancellation, the report in the output channel. The HTTP client runs here in the
// extension host (imported directly from the server sources, on purpose): the credentials never
// travel over the LSP pipe to the server process. What the active document says (its provider, or
// its first syntax error) the language server reads (CONNECTION_CONFIG_REQUEST): no parser here.
// On the desktop this is the third bundle (dist/client-connection.js), loaded the first time one of
// the commands runs; in the browser the same code runs with a fetch-based HTTP client.
import * as vscode from 'vscode';
import type { ConfigReader, ConnectionCommands, ConnectionResult } from './connectionTypes';
import {
  CREDENTIAL_COMMANDS,
  CREDENTIAL_LABELS,
  TokenCache,
  formatReport,
  runTestConnection,
  summarize,
  validateCredential,
} from '../../server/src/shared/testConnection';
import type {
  ConnectionOptions,
  CredentialKind,
  Credentials,
  TestConnectionReport,
} from '../../server/src/shared/testConnection';
import { maskShapes, redact } from '../../server/src/shared';
import type { ConnectionConfigFacts } from '../../server/src/shared';
import { SECRET_KEYS } from './redactingChannel';
import { APPROVED_ORIGINS_KEY, approve, destinations, forget, question, unapproved } from './credentialTrust';
import type { AddressSetting, ApprovedOrigins } from './credentialTrust';

const PROMPTS: Record<CredentialKind, string> = {
  pat: 'Personal access token (or project service account token), used for token refresh. Stored in VS Code secret storage.',
  apiKey: 'Project API key, used for project-scoped calls and program execution. Stored in VS Code secret storage.',
  dataToken:
    "Token of the project's data endpoint, passed in the program-execution payload. Stored in VS Code secret storage.",
};

export function createConnectionCommands(
  context: vscode.ExtensionContext,
  output: vscode.LogOutputChannel,
  onResult: (r: ConnectionResult) => void,
  readConfig: ConfigReader,
): ConnectionCommands {
  // One cache per activation: a second Test Connection reuses the JWT while it is fresh.
  const tokenCache = new TokenCache();
  let running = false;
  const approvedOrigins = (): ApprovedOrigins | undefined =>
    context.globalState.get<ApprovedOrigins>(APPROVED_ORIGINS_KEY);

  /**
   * Asks before a stored credential goes to an origin the workspace's settings name and it was never
   * sent to (a cloned repository's .vscode/settings.json could name any host). False: nothing is sent.
   */
  const agreedToSend = async (credentials: Credentials): Promise<boolean> => {
    const stored = new Set((['pat', 'apiKey', 'dataToken'] as const).filter((k) => !!credentials[k]));
    const ask = unapproved(destinations(addressSettings(), stored), approvedOrigins());
    if (ask.length === 0) return true;
    const q = question(ask);
    const pick = await vscode.window.showWarningMessage(q.message, { modal: true, detail: q.detail }, 'Send');
    if (pick !== 'Send') {
      output.info(
        `Test Connection was not run: sending stored credentials to ${[...new Set(ask.map((d) => d.origin))].join(', ')} (named by the workspace settings) was not agreed. Nothing was sent.`,
      );
      return false;
    }
    await context.globalState.update(APPROVED_ORIGINS_KEY, approve(approvedOrigins(), ask));
    return true;
  };

  const setCredential = async (kind: CredentialKind): Promise<void> => {
    const value = await vscode.window.showInputBox({
      title: `AssistantConfig: Set ${CREDENTIAL_LABELS[kind]}`,
      prompt: PROMPTS[kind],
      password: true,
      ignoreFocusOut: true,
      validateInput: (v) => validateCredential(kind, v),
    });
    if (value === undefined) return;
    await context.secrets.store(SECRET_KEYS[kind], value.trim());
    // A new credential has been sent nowhere yet: the workspace addresses it may go to are asked again.
    await context.globalState.update(APPROVED_ORIGINS_KEY, forget(approvedOrigins(), [kind]));
    if (kind === 'pat') tokenCache.clear();
    output.info(`The ${CREDENTIAL_LABELS[kind]} was stored in secret storage.`);
    void vscode.window.showInformationMessage(`AssistantConfig: the ${CREDENTIAL_LABELS[kind]} is stored.`);
  };

  const clearCredentials = async (): Promise<void> => {
    await Promise.all(Object.values(SECRET_KEYS).map((k) => context.secrets.delete(k)));
    await context.globalState.update(APPROVED_ORIGINS_KEY, undefined);
    tokenCache.clear();
    output.info('Stored credentials (PAT, API key, data token) and the cached JWT were cleared.');
    void vscode.window.showInformationMessage('AssistantConfig: stored credentials cleared.');
  };

  const testConnection = async (): Promise<void> => {
    if (!vscode.workspace.isTrusted) {
      // Restricted mode: the workspace could point the settings at any host; send nothing.
      void vscode.window.showWarningMessage(
        'AssistantConfig: Test Connection is disabled in an untrusted workspace. Trust the workspace to use it.',
      );
      return;
    }
    if (running) {
      void vscode.window.showInformationMessage('AssistantConfig: Test Connection is already running.');
      return;
    }
    running = true;
    try {
      const credentials = await readCredentials(context.secrets);
      const secrets = Object.values(credentials).filter((s): s is string => !!s);
      const refuse = (why: string): void => {
        const message = `Test Connection was not run: ${maskShapes(redact(why, secrets))}; nothing was sent.`;
        output.warn(message);
        void vscode.window.showWarningMessage(`AssistantConfig: ${message}`);
      };
      const config = await activeConfig(readConfig);
      // As the CLI refuses `--config` with a syntax error: the provider that error recovery guessed
      // is not what was meant, so nothing is sent (the message names the first error).
      if (config && 'syntaxError' in config.facts) {
        refuse(
          `${config.file} has a syntax error at ${config.facts.syntaxError}. Fix it first (the Problems view lists every error)`,
        );
        return;
      }
      // Without the server's reading, the provider in the file is unknown: a run would test another one.
      if (config && 'failure' in config.facts) {
        refuse(
          `the language server, which reads the provider in ${config.file}, ${config.facts.failure}. Run "AssistantConfig: Restart Language Server" and try again`,
        );
        return;
      }
      if (!(await agreedToSend(credentials))) return;
      // A malformed stored credential fails the settings step (nothing is sent), naming the command that stores it.
      const credentialSources = { pat: '', apiKey: '', dataToken: '' };
      for (const k of Object.keys(credentialSources) as CredentialKind[])
        credentialSources[k] = `stored with the command "${CREDENTIAL_COMMANDS[k]}"`;
      const options: ConnectionOptions = {
        ...readSettings(),
        ...(config && 'provider' in config.facts
          ? { provider: config.facts.provider, providerSource: config.facts.source }
          : {}),
        env: processEnv(),
        tokenCache,
        credentialSources,
        client: `vscode ${vscode.version}`,
      };
      output.info('Test Connection started.');
      const report = await vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: 'AssistantConfig: Test Connection',
          cancellable: true,
        },
        async (progress, token): Promise<TestConnectionReport> => {
          const controller = new AbortController();
          const sub = token.onCancellationRequested(() => {
            controller.abort();
          });
          try {
            return await runTestConnection(options, credentials, {
              signal: controller.signal,
              onStepStart: (_name, title) => {
                progress.report({ message: title });
              },
            });
          } finally {
            sub.dispose();
          }
        },
      );
      const text = formatReport(report, secrets);
      if (report.ok) output.info(`Test Connection report:\n${text}`);
      else output.warn(`Test Connection report:\n${text}`);
      const summary = redact(summarize(report), secrets);
      onResult({ ok: report.ok, summary });
      const message = `AssistantConfig Test Connection: ${summary}`;
      const pick = report.ok
        ? await vscode.window.showInformationMessage(message, 'Show Output')
        : await vscode.window.showWarningMessage(message, 'Show Output');
      if (pick === 'Show Output') output.show(true);
    } finally {
      running = false;
    }
  };

  return {
    testConnection,
    setPersonalAccessToken: () => setCredential('pat'),
    setProjectApiKey: () => setCredential('apiKey'),
    setDataToken: () => setCredential('dataToken'),
    clearCredentials,
  };
}

async function readCredentials(secrets: vscode.SecretStorage): Promise<Credentials> {
  const [pat, apiKey, dataToken] = await Promise.all([
    secrets.get(SECRET_KEYS.pat),
    secrets.get(SECRET_KEYS.apiKey),
    secrets.get(SECRET_KEYS.dataToken),
  ]);
  return { pat: pat || undefined, apiKey: apiKey || undefined, dataToken: dataToken || undefined };
}

/** The assistantConfig.connection.* settings, plus VS Code's own http.proxy. */
function readSettings(): Omit<ConnectionOptions, 'provider' | 'env' | 'tokenCache'> {
  const c = vscode.workspace.getConfiguration('assistantConfig.connection');
  // settings.json may hold anything (null, a number): only a string counts.
  const str = (k: string): string => {
    const v = c.get<unknown>(k);
    return typeof v === 'string' ? v : '';
  };
  const rawProxy = vscode.workspace.getConfiguration('http').get<unknown>('proxy');
  const proxy = typeof rawProxy === 'string' ? rawProxy.trim() : undefined;
  return {
    baseUrl: str('baseUrl'),
    tokenRefreshUrl: str('tokenRefreshUrl'),
    projectId: str('projectId'),
    dataSourceUrl: str('dataSourceUrl') || undefined,
    dataAuthMode: str('dataAuthMode') || 'default',
    executeProgramUrl: str('executeProgramUrl') || undefined,
    // (Missing: the one default of the connection settings, 30 s, as the CLI has; package.json registers the same.)
    timeoutMs: c.get<number>('timeoutMs'),
    proxy: proxy || undefined,
  };
}

/** The addresses that receive credentials, each with where its value comes from (the user's settings or the workspace's). */
function addressSettings(): AddressSetting[] {
  const c = vscode.workspace.getConfiguration('assistantConfig.connection');
  const names: AddressSetting['name'][] = ['tokenRefreshUrl', 'baseUrl', 'executeProgramUrl', 'dataSourceUrl'];
  return names.map((name) => {
    const i = c.inspect<unknown>(name);
    const v = c.get<unknown>(name);
    const fromWorkspace = i?.workspaceFolderValue !== undefined || i?.workspaceValue !== undefined;
    return { name, value: typeof v === 'string' ? v : '', source: fromWorkspace ? 'workspace' : 'user' };
  });
}

/** How long Test Connection waits for the language server's reading of the active document (it may be starting). */
export const CONFIG_READ_LIMIT_MS = 20_000;

/**
 * What the active AssistantConfig document says for Test Connection, read by the language server: its
 * first syntax error, or aiPrimitivesLlm.provider with where it is written (named when it is wrong:
 * REVIEW8 K7); `failure` when the server could not answer. Undefined when the active editor holds no
 * AssistantConfig document (the provider is then `hosted`).
 */
async function activeConfig(
  readConfig: ConfigReader,
): Promise<{ file: string; facts: ConnectionConfigFacts | { failure: string } } | undefined> {
  const doc = vscode.window.activeTextEditor?.document;
  const language =
    doc?.languageId === 'assistantconfig' ? 'yaml' : doc?.languageId === 'assistantconfig-json' ? 'json' : undefined;
  if (!doc || !language) return undefined;
  const file = fileName(doc.uri);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => {
      resolve('late');
    }, CONFIG_READ_LIMIT_MS);
  });
  try {
    const facts = await Promise.race([readConfig({ text: doc.getText(), language, file }), late]);
    if (facts === 'late') return { file, facts: { failure: `did not answer within ${CONFIG_READ_LIMIT_MS / 1000} s` } };
    return { file, facts: facts ?? { failure: 'could not read it (see the log above)' } };
  } catch (e) {
    return { file, facts: { failure: `did not answer (${e instanceof Error ? e.message : String(e)})` } };
  } finally {
    clearTimeout(timer);
  }
}

/** A document's file name as the messages name it. */
function fileName(uri: { path: string }): string {
  return uri.path.replace(/^.*\//, '') || 'the document';
}

/** The extension host's environment; a browser has none. */
function processEnv(): Record<string, string | undefined> {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
}
