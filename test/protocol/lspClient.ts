// A small LSP client for tests and benchmarks: spawns the bundled server over stdio.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  PublishDiagnosticsNotification,
  ConfigurationRequest,
  RegistrationRequest,
  UnregistrationRequest,
  ShowMessageNotification,
  CancellationTokenSource,
} from 'vscode-languageserver-protocol/node';
import type {
  ProtocolConnection,
  PublishDiagnosticsParams,
  ClientCapabilities,
  InitializeResult,
  Registration,
  WorkspaceFolder,
  ShowMessageParams,
} from 'vscode-languageserver-protocol/node';
import { join } from 'node:path';

export interface StartOptions {
  pull?: boolean;
  configuration?: boolean;
  settings?: () => unknown;
  initializationOptions?: unknown;
  env?: NodeJS.ProcessEnv;
  rootUri?: string | null;
  /** Declare workspace edits with document changes and file creation (as VS Code does). */
  createFiles?: boolean;
  /** Declare `workspace.didChangeWatchedFiles.dynamicRegistration` (Neovim, Helix, Zed, VS Code's client). */
  watchRegistration?: boolean;
  /** Send these workspace folders and declare workspace folder support. */
  workspaceFolders?: WorkspaceFolder[];
  /** Declare `workspace.diagnostics.refreshSupport` (pulled diagnostics asked again on the server's word). */
  diagnosticRefresh?: boolean;
  /** `completionItem.snippetSupport` (default true, as VS Code; Helix and others declare false). */
  snippetSupport?: boolean;
  /** `hover.contentFormat` and `completionItem.documentationFormat` (default `['markdown']`). */
  markupKinds?: ('markdown' | 'plaintext')[];
  /**
   * How long a request (and the server's exit after `shutdown`) may take before it fails, naming the
   * method and the time waited: a server that never answers fails its test instead of hanging the
   * file. Default: LSP_TEST_REQUEST_TIMEOUT_MS, else 60 s (generous: a request on a 100,000-line
   * document takes well under a second on a quiet machine).
   */
  requestTimeoutMs?: number;
}

/** The default time limit of a request: LSP_TEST_REQUEST_TIMEOUT_MS when set to a positive number, else 60 s. */
export function defaultRequestTimeoutMs(): number {
  const set = Number(process.env.LSP_TEST_REQUEST_TIMEOUT_MS);
  return Number.isFinite(set) && set > 0 ? set : 60_000;
}

export class TestClient {
  readonly conn: ProtocolConnection;
  readonly proc: ChildProcess;
  readonly diagnostics = new Map<string, PublishDiagnosticsParams[]>();
  private waiters: {
    uri: string;
    pred: (p: PublishDiagnosticsParams) => boolean;
    resolve: (p: PublishDiagnosticsParams) => void;
  }[] = [];
  stderr = '';
  configurationRequests = 0;
  /** workspace/diagnostic/refresh requests received. */
  diagnosticRefreshes = 0;
  private refreshWaiters: (() => void)[] = [];
  /** window/showMessage notifications received. */
  readonly messages: ShowMessageParams[] = [];
  /** Capabilities the server registered (client/registerCapability), unregistered ones removed. */
  readonly registrations: Registration[] = [];
  private registrationWaiters: { pred: (r: Registration) => boolean; resolve: (r: Registration) => void }[] = [];
  /** The time limit of each request (StartOptions.requestTimeoutMs). */
  readonly requestTimeoutMs: number;

  constructor(
    serverPath = join(process.cwd(), 'dist/server.js'),
    private readonly opts: StartOptions = {},
  ) {
    this.requestTimeoutMs = opts.requestTimeoutMs ?? defaultRequestTimeoutMs();
    this.proc = spawn(process.execPath, [serverPath, '--stdio'], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: opts.env ?? process.env,
    });
    this.proc.stderr!.on('data', (d: Buffer) => (this.stderr += d.toString()));
    const reader = new StreamMessageReader(this.proc.stdout!);
    // vscode-jsonrpc re-arms a 10 s timer for ever while a message is half read (it only reports
    // "partial message", which nothing here listens to). A server killed while writing a message
    // (kill(), the `after` hooks) left one behind, and that timer kept the test file's process alive
    // after its tests had passed: a full run stalled with nothing running (projectConfigNotices).
    reader.partialMessageTimeout = 0;
    this.conn = createProtocolConnection(reader, new StreamMessageWriter(this.proc.stdin!));
    this.conn.onNotification(PublishDiagnosticsNotification.type, (p) => {
      const list = this.diagnostics.get(p.uri) ?? [];
      list.push(p);
      this.diagnostics.set(p.uri, list);
      this.waiters = this.waiters.filter((w) => {
        if (w.uri === p.uri && w.pred(p)) {
          w.resolve(p);
          return false;
        }
        return true;
      });
    });
    this.conn.onRequest(ConfigurationRequest.type, (params) => {
      this.configurationRequests++;
      return params.items.map(() => opts.settings?.() ?? {});
    });
    this.conn.onRequest('workspace/diagnostic/refresh', () => {
      this.diagnosticRefreshes++;
      const waiting = this.refreshWaiters;
      this.refreshWaiters = [];
      waiting.forEach((w) => w());
      return null;
    });
    this.conn.onNotification(ShowMessageNotification.type, (p) => {
      this.messages.push(p);
    });
    this.conn.onRequest(RegistrationRequest.type, (params) => {
      for (const r of params.registrations) {
        this.registrations.push(r);
        this.registrationWaiters = this.registrationWaiters.filter((w) => {
          if (!w.pred(r)) return true;
          w.resolve(r);
          return false;
        });
      }
    });
    this.conn.onRequest(UnregistrationRequest.type, (params) => {
      for (const u of params.unregisterations) {
        const i = this.registrations.findIndex((r) => r.id === u.id);
        if (i >= 0) this.registrations.splice(i, 1);
      }
    });
    this.conn.listen();
  }

  /** Resolves when the server has asked for a diagnostics refresh more than `seen` times. */
  waitForRefresh(seen: number, timeoutMs = defaultRequestTimeoutMs()): Promise<void> {
    if (this.diagnosticRefreshes > seen) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`no diagnostics refresh within ${timeoutMs} ms`)), timeoutMs);
      const check = (): void => {
        if (this.diagnosticRefreshes > seen) {
          clearTimeout(t);
          resolve();
        } else this.refreshWaiters.push(check);
      };
      this.refreshWaiters.push(check);
    });
  }

  /** Resolves with the first registration (already received or future) that matches. */
  waitForRegistration(
    pred: (r: Registration) => boolean,
    timeoutMs = defaultRequestTimeoutMs(),
  ): Promise<Registration> {
    const seen = this.registrations.find(pred);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`no matching registration within ${timeoutMs} ms`)), timeoutMs);
      this.registrationWaiters.push({
        pred,
        resolve: (r) => {
          clearTimeout(t);
          resolve(r);
        },
      });
    });
  }

  async initialize(): Promise<InitializeResult> {
    const capabilities: ClientCapabilities = {
      textDocument: {
        completion: {
          completionItem: {
            snippetSupport: this.opts.snippetSupport ?? true,
            documentationFormat: this.opts.markupKinds ?? ['markdown'],
          },
        },
        hover: { contentFormat: this.opts.markupKinds ?? ['markdown'] },
        ...(this.opts.pull ? { diagnostic: { dynamicRegistration: false } } : {}),
        publishDiagnostics: { relatedInformation: true, versionSupport: true },
      },
      workspace: {
        configuration: this.opts.configuration ?? false,
        didChangeConfiguration: { dynamicRegistration: false },
        ...(this.opts.diagnosticRefresh ? { diagnostics: { refreshSupport: true } } : {}),
        ...(this.opts.watchRegistration ? { didChangeWatchedFiles: { dynamicRegistration: true } } : {}),
        ...(this.opts.workspaceFolders ? { workspaceFolders: true } : {}),
        ...(this.opts.createFiles
          ? { workspaceEdit: { documentChanges: true, resourceOperations: ['create' as const] } }
          : {}),
      },
    };
    const r = await this.request<InitializeResult>('initialize', {
      processId: process.pid,
      rootUri: this.opts.rootUri ?? null,
      ...(this.opts.workspaceFolders ? { workspaceFolders: this.opts.workspaceFolders } : {}),
      capabilities,
      initializationOptions: this.opts.initializationOptions,
    });
    await this.conn.sendNotification('initialized', {});
    return r;
  }

  open(uri: string, text: string, languageId = 'assistantconfig', version = 1): Promise<void> {
    return this.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version, text } });
  }

  change(uri: string, version: number, changes: unknown[]): Promise<void> {
    return this.conn.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: changes,
    });
  }

  /**
   * Sends a request; rejects with a message naming the method and the time waited when no answer
   * comes within `timeoutMs` (default: the client's requestTimeoutMs), or at once when the server
   * has exited. The request is cancelled ($/cancelRequest) on a timeout.
   */
  request<T>(method: string, params: unknown, timeoutMs = this.requestTimeoutMs): Promise<T> {
    const started = Date.now();
    const source = new CancellationTokenSource();
    const answer = this.conn.sendRequest(method, params, source.token) as Promise<T>;
    return new Promise<T>((resolve, reject) => {
      let done = false;
      const finish = (): void => {
        done = true;
        clearTimeout(timer);
        this.proc.off('exit', onExit);
      };
      const timer = setTimeout(() => {
        if (done) return;
        finish();
        source.cancel();
        reject(
          new Error(
            `LSP request '${method}' got no answer within ${Date.now() - started} ms (limit ${timeoutMs} ms)${this.stderrTail()}`,
          ),
        );
      }, timeoutMs);
      const onExit = (code: number | null, signal: NodeJS.Signals | null): void => {
        if (done) return;
        finish();
        reject(
          new Error(
            `LSP request '${method}': the server exited (${signal ?? `code ${code}`}) after ${Date.now() - started} ms without answering${this.stderrTail()}`,
          ),
        );
      };
      if (this.proc.exitCode !== null || this.proc.signalCode !== null)
        onExit(this.proc.exitCode, this.proc.signalCode);
      else this.proc.on('exit', onExit);
      answer.then(
        (v) => {
          if (done) return;
          finish();
          resolve(v);
        },
        (e: unknown) => {
          if (done) return;
          finish();
          reject(e instanceof Error ? e : new Error(String(e)));
        },
      );
    });
  }

  /** The end of what the server wrote to stderr, for a failure's message (empty when it wrote nothing). */
  private stderrTail(): string {
    const tail = this.stderr.trim().slice(-600);
    return tail ? `; the server's stderr ends with:\n${tail}` : '';
  }

  /** Resolves with the first publication for `uri` (already received or future) that matches. */
  waitForDiagnostics(
    uri: string,
    pred: (p: PublishDiagnosticsParams) => boolean = () => true,
    timeoutMs = defaultRequestTimeoutMs(),
  ): Promise<PublishDiagnosticsParams> {
    const seen = (this.diagnostics.get(uri) ?? []).find(pred);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const t = setTimeout(
        () => reject(new Error(`no matching diagnostics for ${uri} within ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiters.push({
        uri,
        pred,
        resolve: (p) => {
          clearTimeout(t);
          resolve(p);
        },
      });
    });
  }

  /**
   * `shutdown` then `exit`, resolving with the server's exit code. Fails (and kills the server) when
   * it does not answer `shutdown` or does not exit within the request time limit.
   */
  async shutdown(timeoutMs = this.requestTimeoutMs): Promise<number | null> {
    const gone = (): boolean => this.proc.exitCode !== null || this.proc.signalCode !== null;
    const exited = new Promise<number | null>((resolve) => {
      if (gone()) resolve(this.proc.exitCode);
      else this.proc.on('exit', (code) => resolve(code));
    });
    try {
      await this.request('shutdown', null, timeoutMs);
      await this.conn.sendNotification('exit');
      const started = Date.now();
      let timer: NodeJS.Timeout | undefined;
      const code = await Promise.race([
        exited,
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () =>
              reject(
                new Error(
                  `the server did not exit within ${Date.now() - started} ms of 'exit' (limit ${timeoutMs} ms)${this.stderrTail()}`,
                ),
              ),
            timeoutMs,
          );
        }),
      ]).finally(() => clearTimeout(timer));
      this.conn.dispose();
      return code;
    } catch (e) {
      this.kill();
      throw e;
    }
  }

  kill(): void {
    this.proc.kill();
    this.conn.dispose();
  }
}
