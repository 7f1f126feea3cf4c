// The protocol adapter: documents, settings, scheduling and handlers. All features are in service/.
import {
  TextDocumentSyncKind,
  DocumentDiagnosticReportKind,
  FileChangeType,
  DidChangeWatchedFilesNotification,
  CodeLensRefreshRequest,
  MessageType,
  ShowMessageNotification,
  CancellationTokenSource,
  ErrorCodes,
  ResponseError,
} from 'vscode-languageserver';
import type {
  Connection,
  InitializeParams,
  InitializeResult,
  CompletionItem,
  CodeAction,
  Diagnostic as LspDiagnostic,
  Range,
  CancellationToken,
  Disposable,
  TextEdit as LspTextEdit,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { OpenDocument } from './textDocument';
import type {
  Diagnostic,
  ValidationOptions,
  CompletionEntry,
  ParsedDocument,
  ProjectConfig,
  EnvInfo,
  EnvLookup,
  FormatOutcome,
} from '../service';
import type { AnalysisCache } from './documents';
import type * as EngineModule from './engine';
import { readSettings, DEFAULT_SETTINGS } from './settings';
import type { Settings } from './settings';
import type { ServerEnv } from './env';
import { runSafe, describe } from './guard';
import { Debouncer, debounceFor } from './debounce';
import { toLspDiagnostic, toRange, toLspEdit, toLspEdits, toCompletionItem, toDocumentSymbol } from './convert';
import { registerAnchorFeatures, registerEditorFeatures, withDotenvLink, SERVER_COMMANDS } from './features';
import { readClientFeatures, DEFAULT_CLIENT, TRIGGER_SUGGEST_COMMAND, markup } from './clientFeatures';
import type { ClientFeatures } from './clientFeatures';
import { WorkspaceDiagnostics } from './workspaceDiagnostics';
import { configKey, ReportedProjectConfigs } from './reportedConfigs';
import type { WorkspaceFiles } from './workspaceDiagnostics';
import {
  STATUS_NOTIFICATION,
  TRUST_NOTIFICATION,
  DOTENV_NAMES_NOTIFICATION,
  PROJECT_CONFIGS_NOTIFICATION,
  READ_PROJECT_CONFIGS_REQUEST,
  CONNECTION_CONFIG_REQUEST,
  LANGUAGE_IDS,
  SNIFF_CHARS,
  declaresAssistantConfigKind,
} from '../shared';
import type {
  StatusParams,
  TrustParams,
  InitializationOptions,
  DotenvNamesParams,
  ProjectConfigsParams,
  ReadProjectConfigsParams,
  ReadProjectConfigsResult,
  ConnectionConfigParams,
  ConnectionConfigFacts,
} from '../shared';

/** The editor's fix-all action: within `source.fixAll`, so `"editor.codeActionsOnSave": {"source.fixAll": …}` runs it. */
const FIX_ALL_KIND = 'source.fixAll.assistantConfig';
/** Language ids of YAML and JSON documents that are ours when their top level says `kind: AssistantConfig`. */
const SNIFFED_IDS: readonly string[] = ['yaml', 'json', 'jsonc'];

type Engine = typeof EngineModule;

export interface ServerOptions {
  /** Base of the diagnostic code pages (docs/codes/), ending in `/`; each diagnostic links its page. */
  docsBase?: string;
  /**
   * The file system path of a document URI and a file reader, where there is a file system (Node):
   * with them, the project config (.assistant-config.yaml, nearest above each file) applies.
   */
  fsPathOf?: (uri: string) => string | undefined;
  readFile?: (path: string) => string | undefined;
  /** Whether a directory is the top of a git work tree (holds `.git`): the project config walk stops there. */
  isRepositoryTop?: (dir: string) => boolean;
  /** The workspace's files for workspace diagnostics (Node: the CLI's walk); without it they report nothing. */
  workspaceFiles?: WorkspaceFiles;
}

/**
 * Serves the protocol on `connection`. `env` says which variables exist: on Node the process
 * environment and the workspace's `.env` files, in a web worker only what the client reports.
 */
export function startServer(connection: Connection, env: ServerEnv, serverOptions: ServerOptions = {}): void {
  let docsBase = serverOptions.docsBase;
  const documents = new DocumentStore();
  let settings: Settings = DEFAULT_SETTINGS;
  let trusted = true;
  let folders: string[] = [];
  let pullDiagnostics = false;
  let diagnosticRefresh = false;
  let configurationRequests = false;
  /** Whether the client applies workspace edits that create a file (the secret-moving fix may create `.env`). */
  let createFiles = false;
  let watchRegistration = false;
  /** Whether the client sends workspace/didChangeWorkspaceFolders (it declared workspace folders). */
  let folderChanges = false;
  let inlayHintRefresh = false;
  let codeLensRefresh = false;
  /** What the client declared it takes (LSP capabilities, our initialization options): lsp/clientFeatures.ts. */
  let client: ClientFeatures = DEFAULT_CLIENT;

  // The project config of each file (CLI and editor read it alike); undefined without a file system.
  let projectConfigs: InstanceType<Engine['ProjectConfigResolver']> | undefined;
  /** Project configs whose mistakes the user was told of (path and mistakes: told again when they change). */
  const toldConfigs = new Set<string>();
  /** The last refusal told per document: format on save repeats it at every save, told once. */
  const toldFormat = new Map<string, string>();
  /**
   * Project configs a client reports, for a server that cannot read files (the web worker): it then
   * reads them through the same loader, from memory, with the documents' URIs as paths.
   */
  const reportedConfigs = serverOptions.readFile ? undefined : new ReportedProjectConfigs();
  /** The path of a document as the project config walk takes it (its URI, where configs are reported). */
  const configPathOf = (uri: string): string | undefined =>
    reportedConfigs ? configKey(uri) : serverOptions.fsPathOf?.(uri);
  const projectConfigOf = (uri: string): ProjectConfig | undefined => {
    const path = configPathOf(uri);
    const cfg = path !== undefined ? projectConfigs?.forFile(path) : undefined;
    if (cfg && cfg.problems.length > 0) tellConfigProblems(cfg);
    if (cfg?.files) for (const f of cfg.files) watchConfigFile(f);
    return cfg;
  };
  /**
   * A file a project config `extends` (or looks for there) under another name than
   * `.assistant-config.yaml` is watched too, by its name (`**` + `/name`: a client matches that
   * glob against the whole path; a change is acted on only for a file the configs in use read).
   */
  const watchedConfigNames = new Set<string>();
  const watchConfigFile = (path: string): void => {
    const name = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
    // (A client that reports the configs watches what it reads itself.)
    if (name === '.assistant-config.yaml' || name === '' || watchedConfigNames.has(name) || !watchRegistration) return;
    if (reportedConfigs) return;
    watchedConfigNames.add(name);
    const globPattern = `**/${name.replace(/[*?[\]{}]/g, (c) => `[${c}]`)}`;
    connection.client
      .register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern }] })
      .catch((e: unknown) => {
        log.error(`Watching ${globPattern} failed: ${describe(e)}`);
      });
  };
  /**
   * A project config with mistakes is applied in part here (its valid entries), and refused by the CLI
   * (exit 2): the user is told once, in a warning and in the log, as ESLint's extension does for a
   * broken .eslintrc, so that the editor never silently accepts what CI refuses.
   */
  const tellConfigProblems = (cfg: ProjectConfig): void => {
    const key = `${cfg.path}\u0000${cfg.problems.join('\n')}`;
    if (toldConfigs.has(key)) return;
    toldConfigs.add(key);
    const n = cfg.problems.length;
    for (const p of cfg.problems) connection.console.warn(`${cfg.path}: ${p}`);
    // A notification (showWarningMessage is a request, which not every client answers).
    void connection.sendNotification(ShowMessageNotification.type, {
      type: MessageType.Warning,
      message: `${cfg.path}: ${cfg.problems[0]!}${n > 1 ? ` (and ${String(n - 1)} more; see the output)` : ''}. Its valid entries are applied here; 'assistant-config lint' refuses the file (exit 2) until it is fixed.`,
    });
  };
  /**
   * Settings the server cannot use (a string where a list belongs, a number out of range), as Lua and
   * TOML configs slip: told once per distinct set, in a warning and the log, not ignored silently.
   */
  let toldSettings = '';
  const tellSettingsProblems = (problems: readonly string[]): void => {
    const key = problems.join('\n');
    if (key === toldSettings) return;
    toldSettings = key;
    if (problems.length === 0) return;
    for (const p of problems) connection.console.warn(`Settings: ${p}.`);
    const n = problems.length;
    void connection.sendNotification(ShowMessageNotification.type, {
      type: MessageType.Warning,
      message: `AssistantConfig settings: ${problems[0]!}${n > 1 ? ` (and ${String(n - 1)} more; see the output)` : ''}.`,
    });
  };
  // A `.env` that exists but is not read (over the size limit, unreadable) is told once, naming it,
  // as the CLI says it on stderr: its names are reported as not set, never silently.
  env.onWarning?.((message) => {
    connection.console.warn(message);
    void connection.sendNotification(ShowMessageNotification.type, {
      type: MessageType.Warning,
      message: `AssistantConfig: ${message}.`,
    });
  });
  /** What a document knows of variables: the environment and its own `.env` (lsp/env.ts). */
  const envOf = (uri?: string): EnvInfo & EnvLookup => (uri !== undefined ? env.forDocument?.(uri) : undefined) ?? env;
  const options = (uri?: string): ValidationOptions => {
    const base = { ...settings.validation, ...(settings.envNotSet ? { env: envOf(uri) } : {}) };
    // A project config is read only once the engine is loaded (projectConfigs is set then).
    const cfg = uri !== undefined ? projectConfigOf(uri) : undefined;
    return engine && cfg ? engine.withProjectOptions(base, cfg) : base;
  };
  /** env-not-set links to the `.env` the document takes (or would), else its workspace folder's. */
  const linkDotenv = (uri: string, d: LspDiagnostic): LspDiagnostic =>
    withDotenvLink(uri, d, folders, () => env.dotenvUri?.(uri));
  /** The diagnostics as the project config wants them (codes off, severities), none for excluded files. */
  const projectDiagnostics = (doc: TextDocument): Diagnostic[] => {
    const cfg = projectConfigOf(doc.uri);
    const path = configPathOf(doc.uri);
    if (cfg && path !== undefined && engine!.isExcluded(cfg, path)) return [];
    return engine!.applyProjectRules(cacheOf().diagnostics(doc), cfg);
  };
  /** What masks the secrets a diagnostic's messages may quote (the CLI's masker, looking around the diagnostic's ranges only). */
  const maskerFor = (parsed: ParsedDocument, d: Diagnostic): ((message: string) => string) =>
    engine!.messageMasker(parsed, engine!.secretRangesAround(parsed, [d, ...(d.related ?? [])]));
  // The engine loads right after `initialize` is answered; a request that comes first waits for it.
  let engine: Engine | undefined;
  let cacheInstance: AnalysisCache | undefined;
  let loading: Promise<Engine> | undefined;
  const load = (): Promise<Engine> =>
    (loading ??= import('./engine').then((m) => {
      engine = m;
      cacheInstance = new m.AnalysisCache(options);
      const read = serverOptions.readFile ?? reportedConfigs?.read;
      // Reported configs: the walk stops at the top of the document's workspace folder.
      const isTop = reportedConfigs
        ? (dir: string) => folders.some((f) => configKey(f).replace(/\/+$/, '') === dir)
        : serverOptions.isRepositoryTop;
      // A `.assistant-config.yml` (or another near name) where the config is looked for is not read:
      // told once per file, in a warning and the log, not ignored silently (REVIEW5 H14a).
      if (read)
        projectConfigs = new m.ProjectConfigResolver(read, isTop, {
          found: (path) => {
            if (toldConfigs.has(path)) return;
            toldConfigs.add(path);
            const message = m.nearNameNotice(path);
            connection.console.warn(message);
            void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message });
          },
        });
      return m;
    }));
  const cacheOf = (): AnalysisCache => cacheInstance!;
  /**
   * A guarded handler body that runs once the engine is loaded. With the client's trace on
   * (`$/setTrace`, VS Code's `assistantConfig.trace.server`), the server says in it that it answered
   * and how long it took: beside the client's own lines, a request that never comes back then shows
   * whether the server had it (the web e2e run saves this trace).
   */
  const safe = async <T>(
    name: string,
    fallback: T,
    token: CancellationToken,
    fn: () => T,
  ): Promise<T | ResponseError> => {
    const t0 = Date.now();
    await load();
    const r = runSafe(log, name, fallback, token, fn);
    connection.tracer.log(
      `Server: ${name} ${r instanceof ResponseError ? 'cancelled' : 'answered'} after ${String(Date.now() - t0)} ms`,
    );
    return r;
  };
  const log = {
    error: (m: string) => {
      connection.console.error(m);
    },
  };
  /**
   * Whether the server checks a document: our language ids, a file named like ours, or (other LSP
   * editors attach the server to every YAML or JSON buffer) a `yaml`/`json` document whose top level
   * says `kind: AssistantConfig`: the rule of the CLI and the VS Code client, the same function over the
   * same window (README "Which files"), asked once per version. Other YAML and JSON gets nothing.
   */
  const isOurs = (doc: TextDocument): boolean => {
    if ((LANGUAGE_IDS as readonly string[]).includes(doc.languageId)) return true;
    if (/\.assistant\.(ya?ml|json)$|\/assistant-config\.(ya?ml|json)$/.test(doc.uri)) return true;
    if (!settings.detectByContent || !SNIFFED_IDS.includes(doc.languageId)) return false;
    const known = sniffed.get(doc.uri);
    if (known?.version === doc.version) return known.ours;
    const text = doc.getText();
    // Once taken, a document stays ours while its `kind` key is there, whatever its value: a kind being
    // typed or misspelt (`kind: AssistantConfg`) is a `kind-invalid` to say, not a reason to say nothing
    // more about the file (the VS Code client keeps the language it gave the file while it is open).
    // With the `kind` line gone, it is plain YAML or JSON again (REVIEW18-user U6).
    const ours = declaresAssistantConfigKind(text) || (known?.ours === true && keepsKindKey(text, doc.languageId));
    sniffed.set(doc.uri, { version: doc.version, ours });
    return ours;
  };
  /** Whether a text still has a top-level-looking `kind` key (any value): YAML at column 0, JSON anywhere. */
  const keepsKindKey = (text: string, languageId: string): boolean =>
    languageId === 'yaml'
      ? /^\uFEFF?(?:---[ \t]+)?(?:kind|"kind"|'kind')[ \t]*:/m.test(text.slice(0, SNIFF_CHARS))
      : /"kind"[ \t\r\n]*:/.test(text.slice(0, SNIFF_CHARS));
  const sniffed = new Map<string, { version: number; ours: boolean }>();
  const serviceContext = (uri: string) => ({ env: envOf(uri) });

  // Workspace diagnostics: files that are not open, from disk (where there is a file system).
  const workspaceFiles = serverOptions.workspaceFiles;
  const workspaceDiagnostics = workspaceFiles
    ? new WorkspaceDiagnostics({
        files: workspaceFiles,
        log: {
          error: log.error,
          info: (m) => {
            connection.console.info(m);
          },
        },
        settings: () => ({
          ...settings.workspaceDiagnostics,
          maxFileSize: settings.validation.maxFileSize,
          detectByContent: settings.detectByContent,
        }),
        folderPaths: () => folders.flatMap((f) => serverOptions.fsPathOf?.(f) ?? []),
        configOf: (path) => projectConfigs?.forFile(path),
        openDocument: (path) => documents.all().find((d) => serverOptions.fsPathOf?.(d.uri) === path),
        diagnosticsOfOpen: (doc) =>
          isOurs(doc) ? computeDiagnostics(doc) : diagnosticsOfText(doc.uri, doc.getText(), doc.languageId),
        diagnosticsOfText: (uri, text) => diagnosticsOfText(uri, text),
      })
    : undefined;
  /**
   * Workspace diagnostics for a client without pull diagnostics (Helix, Neovim 0.10, Emacs, vim-lsp),
   * which never sends `workspace/diagnostic`: the same walk, its reports pushed with
   * `publishDiagnostics` for the files that are not open (open ones are pushed as they are edited).
   * Like a pulling client, it asks again with the result ids it holds: the walk answers `unchanged`
   * for those, and holds the next request until something may have changed.
   */
  let pushing: { stop: () => void; forget: (uri: string) => void } | undefined;
  function pushWorkspaceDiagnostics(): void {
    const wd = workspaceDiagnostics;
    if (!wd || pullDiagnostics) return;
    const on = settings.workspaceDiagnostics.enabled;
    if (!on) {
      pushing?.stop();
      pushing = undefined;
      return;
    }
    if (pushing) return;
    const source = new CancellationTokenSource();
    /** What the client shows of each file not open: uri → result id. */
    const shown = new Map<string, string>();
    pushing = {
      stop: () => {
        source.cancel();
      },
      forget: (uri) => shown.delete(uri),
    };
    const stopped = (): boolean => source.token.isCancellationRequested;
    const loop = async (): Promise<void> => {
      await load();
      while (!stopped()) {
        const previousResultIds = [...shown].map(([uri, value]) => ({ uri, value }));
        const r = await wd.handle({ previousResultIds }, source.token, undefined);
        if (stopped() || !('items' in r)) break;
        for (const item of r.items) {
          if (item.kind !== DocumentDiagnosticReportKind.Full || documents.get(item.uri)) continue;
          if (item.resultId !== undefined) shown.set(item.uri, item.resultId);
          else shown.delete(item.uri);
          void connection.sendDiagnostics({ uri: item.uri, diagnostics: item.items });
        }
      }
      // Turned off: what was pushed for files that are not open no longer stands.
      for (const uri of shown.keys())
        if (!documents.get(uri)) void connection.sendDiagnostics({ uri, diagnostics: [] });
      source.dispose();
    };
    void loop().catch((e: unknown) => {
      log.error(`Workspace diagnostics failed: ${describe(e)}`);
    });
  }

  /** A file's diagnostics from its text, not kept in the cache (workspace files are many and closed). */
  function diagnosticsOfText(uri: string, text: string, languageId = ''): LspDiagnostic[] {
    const r = runSafe(log, 'Validation', [] as LspDiagnostic[], undefined, () => {
      const doc = new OpenDocument(uri, languageId, 0, text);
      const e = engine!;
      const cfg = projectConfigOf(uri);
      const path = configPathOf(uri);
      if (cfg && path !== undefined && e.isExcluded(cfg, path)) return [];
      const parsed = e.parseWithLimits(text, cacheOf().languageOf(doc), options(uri));
      return e
        .applyProjectRules(e.validate(parsed, options(uri)), cfg)
        .map((d) => linkDotenv(uri, toLspDiagnostic(doc, d, maskerFor(parsed, d), docsBase)));
    });
    return Array.isArray(r) ? r : [];
  }

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const caps = params.capabilities;
    pullDiagnostics = !!caps.textDocument?.diagnostic;
    diagnosticRefresh = !!caps.workspace?.diagnostics?.refreshSupport;
    configurationRequests = !!caps.workspace?.configuration;
    createFiles =
      !!caps.workspace?.workspaceEdit?.documentChanges &&
      !!caps.workspace.workspaceEdit.resourceOperations?.includes('create');
    watchRegistration = !!caps.workspace?.didChangeWatchedFiles?.dynamicRegistration;
    folderChanges = !!caps.workspace?.workspaceFolders;
    inlayHintRefresh = !!caps.workspace?.inlayHint?.refreshSupport;
    codeLensRefresh = !!caps.workspace?.codeLens?.refreshSupport;
    const init = (params.initializationOptions ?? {}) as InitializationOptions;
    client = readClientFeatures(caps, init);
    if (init.trusted === false) trusted = false;
    if (typeof init.docsBase === 'string' && init.docsBase.endsWith('/')) docsBase = init.docsBase;
    if (init.settings) settings = readSettings(init.settings);
    folders = (params.workspaceFolders ?? []).map((f) => f.uri);
    // A client without workspace folders names its one folder by rootUri, deprecated in LSP 3.6 but still sent.
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    if (folders.length === 0 && params.rootUri) folders = [params.rootUri];
    env.reload(folders, trusted);
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        completionProvider: { triggerCharacters: [':', ' ', '"', '-', '*'], resolveProvider: true },
        hoverProvider: true,
        codeActionProvider: {
          codeActionKinds: ['quickfix', 'refactor.rewrite', FIX_ALL_KIND],
          resolveProvider: false,
        },
        documentSymbolProvider: true,
        foldingRangeProvider: true,
        selectionRangeProvider: true,
        documentFormattingProvider: true,
        documentRangeFormattingProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        documentHighlightProvider: true,
        renameProvider: { prepareProvider: true },
        inlayHintProvider: true,
        codeLensProvider: { resolveProvider: false },
        documentLinkProvider: { resolveProvider: false },
        documentOnTypeFormattingProvider: { firstTriggerCharacter: '\n' },
        // A client that does not show title-only lenses runs them as this command (lsp/features.ts).
        ...(client.labelLenses ? {} : { executeCommandProvider: { commands: [...SERVER_COMMANDS] } }),
        ...(pullDiagnostics
          ? { diagnosticProvider: { interFileDependencies: false, workspaceDiagnostics: !!workspaceDiagnostics } }
          : {}),
        // Folders added or removed later (File: Add Folder to Workspace…) are told, not only those at start.
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: 'assistant-config-language-server' },
    };
  });

  connection.onInitialized(() => {
    void load();
    tellSettingsProblems(settings.problems);
    pushWorkspaceDiagnostics();
    // One registration for every file the server reads besides the documents: the project config,
    // and the `.env`/`.gitignore` files where the server reads them itself (Node). Outside VS Code
    // (Neovim, Helix, Zed…) nothing else watches them; the VS Code client relies on this too.
    const globs = [...(serverOptions.readFile ? ['**/.assistant-config.yaml'] : []), ...(env.watchedFiles ?? [])];
    if (watchRegistration && globs.length > 0) {
      connection.client
        .register(DidChangeWatchedFilesNotification.type, { watchers: globs.map((globPattern) => ({ globPattern })) })
        .catch((e: unknown) => {
          log.error(`Watching ${globs.join(', ')} failed: ${describe(e)}`);
        });
    }
    if (folderChanges)
      connection.workspace.onDidChangeWorkspaceFolders((e) => {
        runSafe(log, 'Workspace folders', undefined, undefined, () => {
          changeFolders(
            e.added.map((f) => f.uri),
            e.removed.map((f) => f.uri),
          );
        });
      });
    void refreshSettings();
    connection.onDidChangeConfiguration((change) => {
      if (!configurationRequests && change.settings) {
        applySettings(readSettings(change.settings));
      } else void refreshSettings();
    });
  });

  /**
   * The folders decide where the secret-moving fix creates a `.env` when a document has none, which
   * `.env` a file outside every folder takes, where env-not-set links, and what workspace diagnostics
   * walk (a document's own `.env` is found walking up from it, folders or not).
   */
  function changeFolders(added: readonly string[], removed: readonly string[]): void {
    const key = (uri: string): string => uri.replace(/\/+$/, '');
    const gone = new Set(removed.map(key));
    const next = folders.filter((f) => !gone.has(key(f)));
    for (const uri of added) if (!next.some((f) => key(f) === key(uri))) next.push(uri);
    folders = next;
    env.reload(folders, trusted);
    cacheInstance?.invalidateDiagnostics();
    revalidateAll();
  }

  async function refreshSettings(): Promise<void> {
    if (!configurationRequests) return;
    try {
      const raw: unknown = await connection.workspace.getConfiguration('assistantConfig');
      applySettings(readSettings(raw));
    } catch (e) {
      log.error(`Reading settings failed: ${describe(e)}`);
    }
  }

  function applySettings(next: Settings): void {
    const parseChanged =
      next.validation.maxFileSize !== settings.validation.maxFileSize ||
      next.validation.maxNestingDepth !== settings.validation.maxNestingDepth;
    settings = next;
    tellSettingsProblems(next.problems);
    void watchWorkspaceFiles();
    pushWorkspaceDiagnostics();
    if (parseChanged) cacheInstance?.clear();
    else cacheInstance?.invalidateDiagnostics();
    revalidateAll();
  }

  // While workspace diagnostics are on, changes to YAML and JSON files wake the held workspace request.
  let fileWatch: Promise<Disposable | undefined> | undefined;
  async function watchWorkspaceFiles(): Promise<void> {
    if (!workspaceDiagnostics || !watchRegistration) return;
    const on = settings.workspaceDiagnostics.enabled;
    if (on && !fileWatch) {
      fileWatch = connection.client
        .register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: '**/*.{yaml,yml,json}' }] })
        .catch((e: unknown) => {
          log.error(`Watching the workspace's files failed: ${describe(e)}`);
          return undefined;
        });
    } else if (!on && fileWatch) {
      const w = fileWatch;
      fileWatch = undefined;
      (await w)?.dispose();
    }
  }

  function revalidateAll(): void {
    workspaceDiagnostics?.invalidate();
    // Inlay hints and lenses read the environment and the settings too.
    if (inlayHintRefresh) void connection.languages.inlayHint.refresh().catch(() => undefined);
    if (codeLensRefresh) void connection.sendRequest(CodeLensRefreshRequest.type).catch(() => undefined);
    if (pullDiagnostics) {
      if (diagnosticRefresh) connection.languages.diagnostics.refresh();
    } else
      for (const d of documents.all()) {
        if (isOurs(d)) schedule(d, true);
        else if (sniffed.get(d.uri)?.ours === true) {
          // Taken by its content before, not any more (detectByContent turned off): what was said
          // about it no longer stands (pulled diagnostics are asked again and come back empty).
          sniffed.delete(d.uri);
          timers.cancel(d.uri);
          void connection.sendDiagnostics({ uri: d.uri, diagnostics: [] });
        }
      }
  }

  // (Typed as what may arrive: only a true `trusted` trusts the workspace.)
  connection.onNotification(TRUST_NOTIFICATION, (p: Partial<Record<keyof TrustParams, unknown>>) => {
    trusted = p.trusted === true;
    env.reload(folders, trusted);
    cacheInstance?.invalidateDiagnostics();
    revalidateAll();
  });

  // A client that reads `.env` itself (the browser's, through the workspace file system) sends the
  // variable names it found; never values.
  connection.onNotification(DOTENV_NAMES_NOTIFICATION, (p: Partial<Record<keyof DotenvNamesParams, unknown>>) => {
    if (!env.setReportedNames) return;
    const strings = (a: unknown): string[] =>
      Array.isArray(a) ? a.filter((n): n is string => typeof n === 'string') : [];
    const files = Array.isArray(p.files)
      ? p.files.flatMap((f: unknown) => {
          const { uri, names, empty } = (f ?? {}) as { uri?: unknown; names?: unknown; empty?: unknown };
          return typeof uri === 'string' ? [{ uri, names: strings(names), empty: strings(empty) }] : [];
        })
      : undefined;
    env.setReportedNames(trusted ? strings(p.names) : [], trusted ? files : undefined);
    cacheInstance?.invalidateDiagnostics();
    revalidateAll();
  });

  // A client that reads the project configs itself (the browser's) reports them with their text; the
  // files they extend under other names are asked for before the report is taken (lsp/reportedConfigs.ts).
  connection.onNotification(
    PROJECT_CONFIGS_NOTIFICATION,
    (p: Partial<Record<keyof ProjectConfigsParams, unknown>> | null) => {
      const configs = reportedConfigs;
      if (!configs) return;
      const files = Array.isArray(p?.files)
        ? p.files.flatMap((f: unknown) => {
            const { uri, text } = (f ?? {}) as { uri?: unknown; text?: unknown };
            return typeof uri === 'string' && typeof text === 'string' ? [{ uri, text }] : [];
          })
        : [];
      const ask = async (uris: string[]): Promise<ReadProjectConfigsResult> => {
        const params: ReadProjectConfigsParams = { uris };
        const r: unknown = await connection.sendRequest(READ_PROJECT_CONFIGS_REQUEST, params);
        return Array.isArray(r)
          ? r.flatMap((a: unknown) => {
              const { uri, text } = (a ?? {}) as { uri?: unknown; text?: unknown };
              return typeof uri === 'string' ? [{ uri, text: typeof text === 'string' ? text : null }] : [];
            })
          : [];
      };
      load()
        .then((m) => configs.take(files, ask, m.loadProjectConfig))
        .then((taken) => {
          if (!taken) return;
          projectConfigs?.clear();
          cacheInstance?.invalidateDiagnostics();
          revalidateAll();
        })
        .catch((e: unknown) => {
          log.error(`Reading the project configs the client reported failed: ${describe(e)}`);
        });
    },
  );

  // The editor's Test Connection asks what the active document says (its syntax error, or its provider):
  // the same reading as the CLI's --config. null: the reading failed (logged, as every handler's failure).
  connection.onRequest(
    CONNECTION_CONFIG_REQUEST,
    (p: Partial<Record<keyof ConnectionConfigParams, unknown>> | null, token: CancellationToken) => {
      const { text, language, file } = p ?? {};
      if (typeof text !== 'string' || (language !== 'yaml' && language !== 'json') || typeof file !== 'string')
        return new ResponseError(
          ErrorCodes.InvalidParams,
          `${CONNECTION_CONFIG_REQUEST} takes { text: string, language: "yaml" | "json", file: string }`,
        );
      return safe<ConnectionConfigFacts | null>('Reading the provider for Test Connection', null, token, () =>
        engine!.connectionConfigFacts(text, language, file),
      );
    },
  );

  connection.onDidChangeWatchedFiles((p) => {
    workspaceDiagnostics?.touch();
    // The project config, or a file it extends, changed: every open file is checked again under the new one.
    const readByConfigs = (uri: string): boolean => {
      const path = configPathOf(uri);
      return path !== undefined && !!projectConfigs?.reads(path);
    };
    if (p.changes.some((c) => /(^|\/)\.assistant-config\.yaml$/.test(c.uri) || readByConfigs(c.uri))) {
      projectConfigs?.clear();
      cacheInstance?.invalidateDiagnostics();
      revalidateAll();
    }
    if (
      p.changes.some(
        (c) =>
          // A .gitignore, or .git/info/exclude, decides whether a .env is ignored (dotenv-not-ignored).
          /(^|\/)(\.env|\.gitignore|\.git\/info\/exclude)$/.test(c.uri) &&
          [FileChangeType.Created, FileChangeType.Changed, FileChangeType.Deleted].includes(c.type),
      )
    ) {
      env.reload(folders, trusted);
      cacheInstance?.invalidateDiagnostics();
      revalidateAll();
    }
  });

  // Diagnostics ------------------------------------------------------------------------------
  const timers = new Debouncer();

  function computeDiagnostics(doc: TextDocument): LspDiagnostic[] {
    const r = runSafe(log, 'Validation', [] as Diagnostic[], undefined, () => projectDiagnostics(doc));
    const diags = Array.isArray(r) ? r : [];
    sendStatus(doc, diags);
    warmUpOnce(doc.uri);
    primeLineOffsets(doc);
    if (diags.length === 0) return [];
    const items = runSafe(log, 'Validation', [] as LspDiagnostic[], undefined, () => {
      const parsed = cacheOf().parsed(doc);
      return diags.map((d) => linkDotenv(doc.uri, toLspDiagnostic(doc, d, maskerFor(parsed, d), docsBase)));
    });
    return Array.isArray(items) ? items : [];
  }

  // A document's line starts are found when its first diagnostics are computed, not by its first
  // keystroke's offsetAt (lsp/textDocument.ts: 1-3 ms at 100k lines). Done at idle on a timer before,
  // that computation (40 ms, the package's loop, run cold) was still going when a first Enter arrived.
  const primed = new WeakSet<TextDocument>();
  function primeLineOffsets(doc: TextDocument): void {
    if (primed.has(doc)) return;
    primed.add(doc);
    doc.positionAt(0);
  }

  // After the first diagnostics, the edit path runs once on a document of the server's own (lsp/warmUp.ts).
  let warmed = false;
  function warmUpOnce(uri: string): void {
    if (warmed) return;
    warmed = true;
    // A timer, not setImmediate: vscode-jsonrpc writes the reply from a setImmediate of its own, queued
    // after this one would be, and the first diagnostics must not wait for the warm-up.
    setTimeout(() => {
      engine?.warmEditPath(options(uri));
    }, 1);
  }

  function schedule(doc: TextDocument, immediate: boolean): void {
    const uri = doc.uri;
    // The debounce follows what validation of this document costs: none when that is small (lsp/debounce.ts).
    const delay = immediate ? 0 : debounceFor(cacheInstance?.cost(uri) ?? 0);
    const run = (): void => {
      void load().then(() => {
        const current = documents.get(uri);
        if (!current) return;
        const items = computeDiagnostics(current);
        void connection.sendDiagnostics({ uri, version: current.version, diagnostics: items });
      });
    };
    timers.schedule(uri, delay, run);
  }

  function sendStatus(doc: TextDocument, diags: Diagnostic[]): void {
    // Shown in the status bar: a key pasted into `provider:` is masked.
    const provider = engine!.llmProviderShown(cacheOf().parsed(doc).root, 'llm');
    const params: StatusParams = {
      uri: doc.uri,
      errors: diags.filter((d) => d.severity === 'error').length,
      warnings: diags.filter((d) => d.severity === 'warning').length,
      ...(provider ? { llmProvider: provider } : {}),
    };
    void connection.sendNotification(STATUS_NOTIFICATION, params);
  }

  connection.onDidOpenTextDocument((p) => {
    const d = new OpenDocument(
      p.textDocument.uri,
      p.textDocument.languageId,
      p.textDocument.version,
      p.textDocument.text,
    );
    documents.set(d);
    cacheInstance?.delete(d.uri);
    workspaceDiagnostics?.touch();
    if (isOurs(d) && !pullDiagnostics) schedule(d, true);
  });
  connection.onDidChangeTextDocument((p) => {
    const prev = documents.get(p.textDocument.uri);
    if (!prev) return;
    const changes = p.contentChanges;
    const only = changes.length === 1 ? changes[0]! : undefined;
    // One ranged change can be replayed on the parsed tree; anything else is parsed afresh.
    const range = (only as { range?: Range } | undefined)?.range;
    const edit =
      only && range ? { start: prev.offsetAt(range.start), end: prev.offsetAt(range.end), text: only.text } : undefined;
    cacheInstance?.recordChange(prev.uri, p.textDocument.version, edit);
    prev.update(changes, p.textDocument.version);
    const next = prev;
    const wasOurs = sniffed.get(next.uri)?.ours === true;
    documents.set(next);
    if (isOurs(next)) {
      if (!pullDiagnostics) schedule(next, false);
    } else if (wasOurs && !pullDiagnostics) {
      // Its `kind: AssistantConfig` is gone: what was said about it no longer stands.
      timers.cancel(next.uri);
      void connection.sendDiagnostics({ uri: next.uri, diagnostics: [] });
    }
  });
  connection.onDidCloseTextDocument((p) => {
    const uri = p.textDocument.uri;
    timers.cancel(uri);
    documents.delete(uri);
    sniffed.delete(uri);
    toldFormat.delete(uri);
    cacheInstance?.delete(uri);
    // Cleared below: a pushed workspace walk reports the file again from disk.
    pushing?.forget(uri);
    workspaceDiagnostics?.touch();
    if (!pullDiagnostics) void connection.sendDiagnostics({ uri, diagnostics: [] });
  });

  connection.languages.diagnostics.on(async (params, token) => {
    await load();
    const doc = documents.get(params.textDocument.uri);
    const items = runSafe(log, 'Diagnostics', [] as LspDiagnostic[], token, () =>
      doc && isOurs(doc) ? computeDiagnostics(doc) : [],
    );
    if (!Array.isArray(items)) throw items;
    return { kind: DocumentDiagnosticReportKind.Full, items };
  });

  connection.languages.diagnostics.onWorkspace(async (params, token, _workDone, progress) => {
    await load();
    return workspaceDiagnostics ? workspaceDiagnostics.handle(params, token, progress) : { items: [] };
  });

  // Features ---------------------------------------------------------------------------------
  const withDoc = <T>(uri: string, fallback: T, fn: (doc: TextDocument) => T): T => {
    const doc = documents.get(uri);
    return doc && isOurs(doc) ? fn(doc) : fallback;
  };

  let lastCompletion: { id: number; entries: CompletionEntry[] } = { id: 0, entries: [] };
  connection.onCompletion((p, token) =>
    safe('Completion', null, token, () =>
      withDoc(p.textDocument.uri, null, (doc) => {
        const res = engine!.doComplete(cacheOf().parsed(doc), doc.offsetAt(p.position), serviceContext(doc.uri));
        const id = lastCompletion.id + 1;
        lastCompletion = { id, entries: res.items };
        // Documentation is sent on resolve: lists can be long, docs are read one at a time.
        const items = res.items.map((e, i) => ({
          ...toCompletionItem(doc, e, {
            snippets: client.snippets,
            retrigger: client.commands.has(TRIGGER_SUGGEST_COMMAND),
          }),
          data: { id, i },
        }));
        return { isIncomplete: res.isIncomplete, items };
      }),
    ),
  );
  connection.onCompletionResolve((item: CompletionItem) => {
    const r = runSafe(log, 'Completion resolve', item, undefined, () => {
      const data = item.data as { id?: number; i?: number } | undefined;
      const entry =
        data && data.id === lastCompletion.id && typeof data.i === 'number'
          ? lastCompletion.entries[data.i]
          : undefined;
      if (entry?.documentation) item.documentation = markup(entry.documentation, client.documentationPlain);
      return item;
    });
    return r instanceof Error ? item : r;
  });

  connection.onHover((p, token) =>
    safe('Hover', null, token, () =>
      withDoc(p.textDocument.uri, null, (doc) => {
        const h = engine!.doHover(cacheOf().parsed(doc), doc.offsetAt(p.position), serviceContext(doc.uri));
        return h ? { contents: markup(h.contents, client.hoverPlain), range: toRange(doc, h.offset, h.length) } : null;
      }),
    ),
  );

  connection.onCodeAction((p, token) =>
    safe('Code actions', [] as CodeAction[], token, () =>
      withDoc(p.textDocument.uri, [] as CodeAction[], (doc) => {
        const parsed = cacheOf().parsed(doc);
        const start = doc.offsetAt(p.range.start);
        const end = doc.offsetAt(p.range.end);
        const all = projectDiagnostics(doc);
        const relevant = all.filter((d) => d.offset <= end && d.offset + d.length >= start);
        // The document's .env (or the one a fix would create), for the fix that moves a secret into it
        // (no such fix without one); the fix's title names it.
        const dotenv = env.dotenvFor?.(doc.uri, createFiles);
        const ctx = {
          env: envOf(doc.uri),
          ...(dotenv
            ? {
                dotenv: {
                  text: dotenv.text,
                  ...(dotenv.shown !== undefined ? { shown: dotenv.shown } : {}),
                  ...(dotenv.gitIgnored !== undefined ? { gitIgnored: dotenv.gitIgnored } : {}),
                  ...(dotenv.gitTracked === true ? { gitTracked: true } : {}),
                  ...(dotenv.gitignore ? { gitignore: dotenv.gitignore } : {}),
                },
              }
            : {}),
        };
        const range = { offset: start, length: end - start };
        const actions = [
          ...engine!.getCodeActions(parsed, relevant, range, ctx),
          ...engine!.suppressionActions(parsed, relevant, range),
        ];
        const out = actions
          .filter((a) => !p.context.only || p.context.only.some((k) => a.kind === k || a.kind.startsWith(k + '.')))
          .map((a) => {
            const edits = toLspEdits(doc, a.edits);
            // A title may quote a value of the document (`Replace with '…'`): masked as messages are.
            const about = [a.diagnostic, ...(a.alsoFixes ?? [])].filter((d): d is Diagnostic => !!d);
            const mask = engine!.messageMasker(
              parsed,
              engine!.secretRangesAround(parsed, [range, ...about.flatMap((d) => [d, ...(d.related ?? [])])]),
            );
            const ca: CodeAction = { title: mask(a.title), kind: a.kind, edit: { changes: { [doc.uri]: edits } } };
            // The `.env` (and the repository's `.gitignore`) edited with the document, in one edit.
            const files = [
              a.dotenv && dotenv ? { file: dotenv, edit: a.dotenv } : undefined,
              a.gitignore && dotenv?.gitignore ? { file: dotenv.gitignore, edit: a.gitignore } : undefined,
            ].filter((f) => f !== undefined);
            if (files.length > 0) {
              const withEdits = files.map(({ file, edit }) => {
                const li = new engine!.LineIndex(file.text ?? '');
                const fileEdits = edit.edits.map((e) => ({
                  range: { start: li.positionAt(e.offset), end: li.positionAt(e.offset + e.length) },
                  newText: e.newText,
                }));
                return { uri: file.uri, create: edit.create, edits: fileEdits };
              });
              ca.edit = withEdits.some((f) => f.create)
                ? {
                    documentChanges: [
                      ...withEdits.flatMap((f) => [
                        ...(f.create
                          ? [{ kind: 'create' as const, uri: f.uri, options: { ignoreIfExists: true } }]
                          : []),
                        { textDocument: { uri: f.uri, version: null }, edits: f.edits },
                      ]),
                      { textDocument: { uri: doc.uri, version: doc.version }, edits },
                    ],
                  }
                : { changes: { [doc.uri]: edits, ...Object.fromEntries(withEdits.map((f) => [f.uri, f.edits])) } };
            }
            if (a.diagnostic)
              ca.diagnostics = about.map((d) => toLspDiagnostic(doc, d, maskerFor(parsed, d), docsBase));
            if (a.isPreferred) ca.isPreferred = true;
            return ca;
          });
        // `source.fixAll` (asked for by kind only, as on save): what `lint --fix` applies, as one edit.
        const only = p.context.only;
        if (only?.some((k) => FIX_ALL_KIND === k || FIX_ALL_KIND.startsWith(k + '.'))) {
          const fix = fixAllAction(doc, parsed.language);
          if (fix) out.push(fix);
        }
        return out;
      }),
    ),
  );
  /** The fix-all action of a document, or undefined when nothing is fixed (or the project config excludes it). */
  const fixAllAction = (doc: TextDocument, language: 'yaml' | 'json'): CodeAction | undefined => {
    const cfg = projectConfigOf(doc.uri);
    const path = configPathOf(doc.uri);
    if (cfg && path !== undefined && engine!.isExcluded(cfg, path)) return undefined;
    const opts = options(doc.uri);
    // The analysis `lint --fix` runs (cli/analyze.ts analyzeWith): the project's rules applied.
    const r = engine!.fixAllEdit(doc.getText(), language, (t, l) => {
      const a = engine!.analyze(t, l, opts);
      return { doc: a.doc, diagnostics: engine!.applyProjectRules(a.diagnostics, cfg) };
    });
    if (!r.edit) return undefined;
    const n = r.applied.length;
    return {
      title: `Fix all auto-fixable problems (${String(n)} fix${n === 1 ? '' : 'es'}, as lint --fix)`,
      kind: FIX_ALL_KIND,
      edit: { changes: { [doc.uri]: [toLspEdit(doc, r.edit)] } },
    };
  };

  connection.onDocumentSymbol((p, token) =>
    safe('Symbols', [], token, () =>
      withDoc(p.textDocument.uri, [], (doc) =>
        engine!.documentSymbols(cacheOf().parsed(doc)).map((s) => toDocumentSymbol(doc, s)),
      ),
    ),
  );

  connection.onFoldingRanges((p, token) =>
    safe('Folding', [], token, () =>
      withDoc(p.textDocument.uri, [], (doc) => {
        const parsed = cacheOf().parsed(doc);
        return engine!
          .foldingRanges(parsed, new engine!.LineIndex(parsed.text))
          .map((f) => ({ startLine: f.startLine, endLine: f.endLine, ...(f.kind ? { kind: f.kind } : {}) }));
      }),
    ),
  );

  connection.onSelectionRanges((p, token) =>
    safe('Selection ranges', [], token, () =>
      withDoc(p.textDocument.uri, [], (doc) =>
        p.positions.map((pos) => {
          const chain = engine!.selectionRanges(cacheOf().parsed(doc), doc.offsetAt(pos));
          type SR = { range: ReturnType<typeof toRange>; parent?: SR };
          let parent: SR | undefined;
          for (let i = chain.length - 1; i >= 0; i--) {
            const c = chain[i]!;
            parent = parent
              ? { range: toRange(doc, c.offset, c.length), parent }
              : { range: toRange(doc, c.offset, c.length) };
          }
          return parent ?? { range: { start: pos, end: pos } };
        }),
      ),
    ),
  );

  connection.onDocumentFormatting((p, token) =>
    safe('Formatting', [], token, () =>
      withDoc(p.textDocument.uri, [], (doc) => {
        const outcome = engine!.formatDocumentOutcome(cacheOf().parsed(doc), {
          tabSize: p.options.tabSize,
          insertSpaces: p.options.insertSpaces,
        });
        return formatted(doc, outcome);
      }),
    ),
  );
  // Format Selection and format-on-paste: the whole document's edits that touch the range's lines
  // (service/format.ts, formatRangeOutcome).
  connection.onDocumentRangeFormatting((p, token) =>
    safe('Range formatting', [], token, () =>
      withDoc(p.textDocument.uri, [], (doc) => {
        const outcome = engine!.formatRangeOutcome(
          cacheOf().parsed(doc),
          { tabSize: p.options.tabSize, insertSpaces: p.options.insertSpaces },
          { start: doc.offsetAt(p.range.start), end: doc.offsetAt(p.range.end) },
        );
        return formatted(doc, outcome);
      }),
    ),
  );
  /** The edits as the protocol has them; a refusal said once (until it changes or formatting works). */
  function formatted(doc: TextDocument, outcome: FormatOutcome): LspTextEdit[] {
    if (outcome.refused === undefined) toldFormat.delete(doc.uri);
    else if (toldFormat.get(doc.uri) !== outcome.refused) {
      // As the CLI says it (exit 2), not silence: the document is left as it is.
      toldFormat.set(doc.uri, outcome.refused);
      const base = doc.uri.slice(doc.uri.lastIndexOf('/') + 1);
      let name = base;
      try {
        name = decodeURIComponent(base);
      } catch {
        // (A malformed escape: the name as the URI has it.)
      }
      // The document's own problems are already listed where the editor lists them: said in the
      // editor's terms, no terminal advice (REVIEW8 K21e).
      const where =
        outcome.listed === 'syntax'
          ? ' (they are marked in the document and listed in the Problems panel)'
          : outcome.listed === 'limit'
            ? ' (the Problems panel says which)'
            : '';
      void connection.sendNotification(ShowMessageNotification.type, {
        type: MessageType.Warning,
        message: `Cannot format '${name}': ${outcome.refused}${where}. The document is left as it is.`,
      });
    }
    return toLspEdits(doc, outcome.edits);
  }

  const host = {
    connection,
    safe,
    engine: () => engine!,
    withDoc: <T>(uri: string, fallback: T, fn: (doc: TextDocument, parsed: ReturnType<AnalysisCache['parsed']>) => T) =>
      withDoc(uri, fallback, (doc) => fn(doc, cacheOf().parsed(doc))),
  };
  registerAnchorFeatures(host);
  registerEditorFeatures(host, { settings: () => settings, trusted: () => trusted, env: envOf, client: () => client });

  connection.listen();
}

/** Open documents, kept up to date from the change notifications (which carry the edit ranges). */
class DocumentStore {
  private readonly docs = new Map<string, OpenDocument>();
  get(uri: string): OpenDocument | undefined {
    return this.docs.get(uri);
  }
  set(doc: OpenDocument): void {
    this.docs.set(doc.uri, doc);
  }
  delete(uri: string): void {
    this.docs.delete(uri);
  }
  all(): TextDocument[] {
    return [...this.docs.values()];
  }
}
