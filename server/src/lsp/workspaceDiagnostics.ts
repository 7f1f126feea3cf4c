// Workspace diagnostics (opt-in, `assistantConfig.workspaceDiagnostics.enabled`): the AssistantConfig
// files of the workspace folders are checked from disk and answered through `workspace/diagnostic`,
// so a broken file shows in the Problems panel without being opened.
//
// The file system comes in through `WorkspaceFiles` (the Node entry gives the CLI's directory walk;
// the web worker has none, and then every report is empty). Bounded: at most `maxFiles` files, none
// larger than `limits.maxFileSize` (not even read), and at most `timeBudgetMs` per request, yielding
// to other requests between files; the client asks again and the files already reported answer
// `unchanged` (their result id is the file's size and modification time), so the next request goes
// on where the last one stopped. Open documents are reported from their open text.
//
// The client asks again two seconds after each answer. When it already holds every result of the
// last complete walk, the request is held until something may have changed (a watched file, a
// document opened or closed, settings, `.env`, the project config) or a minute has passed, so an
// idle workspace is not walked every two seconds.
import { DocumentDiagnosticReportKind, LSPErrorCodes, RAL, ResponseError } from 'vscode-languageserver';
import type {
  CancellationToken,
  Diagnostic as LspDiagnostic,
  DiagnosticServerCancellationData,
  ResultProgressReporter,
  WorkspaceDiagnosticParams,
  WorkspaceDiagnosticReport,
  WorkspaceDiagnosticReportPartialResult,
  WorkspaceDocumentDiagnosticReport,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ProjectConfig } from '../service';
import type { WorkspaceDiagnosticsSettings } from './settings';
import type { Logger } from './guard';
import { describe } from './guard';

/** The file system as workspace diagnostics need it (Node only; paths are the platform's). */
export interface WorkspaceFiles {
  /** The AssistantConfig files below `dir`, found as the CLI finds them, at most `limit`. */
  list(
    dir: string,
    options: { configOf: (path: string) => ProjectConfig | undefined; limit: number; byContent: boolean },
  ): Promise<string[]>;
  stat(path: string): { size: number; mtimeMs: number } | undefined;
  read(path: string): string | undefined;
  uriOf(path: string): string;
}

export interface WorkspaceDiagnosticsHost {
  files: WorkspaceFiles;
  log: Logger & { info(message: string): void };
  settings(): WorkspaceDiagnosticsSettings & { maxFileSize: number; detectByContent: boolean };
  /** The workspace folders' paths. */
  folderPaths(): string[];
  configOf(path: string): ProjectConfig | undefined;
  /** The open document at a path, if any. */
  openDocument(path: string): TextDocument | undefined;
  /** The diagnostics of an open document (from its open text) and of a file's text read from disk. */
  diagnosticsOfOpen(doc: TextDocument): LspDiagnostic[];
  diagnosticsOfText(uri: string, text: string): LspDiagnostic[];
}

/** How long a request is held when the client is up to date, before the workspace is walked again. */
const HOLD_MS = 60_000;
/** Work done between two yields to the event loop (other requests are answered in between). */
const SLICE_MS = 10;

export class WorkspaceDiagnostics {
  /** Settings, `.env` or the project config changed: every file's diagnostics may have changed. */
  private generation = 0;
  private dirty = true;
  private wake: (() => void) | undefined;
  /** What the last complete walk reported (uri → result id), to know when the client is up to date. */
  private lastComplete: Map<string, string> | undefined;
  private warnedCap = false;

  constructor(private readonly host: WorkspaceDiagnosticsHost) {}

  /** Something on disk or in the editor may have changed: the next request walks again. */
  touch(): void {
    this.dirty = true;
    this.wake?.();
  }

  /** Every file's diagnostics may have changed (settings, environment, project config). */
  invalidate(): void {
    this.generation++;
    this.touch();
  }

  async handle(
    params: WorkspaceDiagnosticParams,
    token: CancellationToken,
    progress: ResultProgressReporter<WorkspaceDiagnosticReportPartialResult> | undefined,
  ): Promise<WorkspaceDiagnosticReport | ResponseError<DiagnosticServerCancellationData>> {
    try {
      const previous = new Map(params.previousResultIds.map((p) => [p.uri, p.value]));
      if (this.upToDate(previous)) await this.hold(token);
      if (token.isCancellationRequested) return cancelled();
      return await this.walk(previous, token, progress);
    } catch (e) {
      this.host.log.error(`Workspace diagnostics failed: ${describe(e)}`);
      return { items: [] };
    }
  }

  private upToDate(previous: ReadonlyMap<string, string>): boolean {
    if (this.dirty || !this.lastComplete) return false;
    for (const [uri, id] of this.lastComplete) if (previous.get(uri) !== id) return false;
    return true;
  }

  private hold(token: CancellationToken): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        this.wake = undefined;
        timer.dispose();
        sub.dispose();
        resolve();
      };
      const timer = RAL().timer.setTimeout(done, HOLD_MS);
      const sub = token.onCancellationRequested(done);
      this.wake = done;
    });
  }

  private async walk(
    previous: ReadonlyMap<string, string>,
    token: CancellationToken,
    progress: ResultProgressReporter<WorkspaceDiagnosticReportPartialResult> | undefined,
  ): Promise<WorkspaceDiagnosticReport | ResponseError<DiagnosticServerCancellationData>> {
    this.dirty = false;
    const s = this.host.settings();
    const start = Date.now();
    const items: WorkspaceDocumentDiagnosticReport[] = [];
    const reported = new Map<string, string>();
    const seen = new Set<string>();
    let complete = true;
    if (s.enabled) {
      const paths = await this.listFiles(s.maxFiles, s.detectByContent);
      let sliceStart = Date.now();
      let checked = 0;
      for (const path of paths) {
        if (Date.now() - sliceStart >= SLICE_MS) {
          await yieldToEventLoop();
          if (token.isCancellationRequested) return cancelled();
          if (progress && items.length > 0) progress.report({ items: items.splice(0) });
          sliceStart = Date.now();
        }
        if (checked > 0 && Date.now() - start >= s.timeBudgetMs) {
          complete = false;
          break;
        }
        const report = this.check(path, s.maxFileSize, previous);
        if (!report) continue;
        seen.add(report.uri);
        if (report.resultId !== undefined) reported.set(report.uri, report.resultId);
        items.push(report);
        if (report.kind === DocumentDiagnosticReportKind.Full) checked++;
      }
    }
    if (complete) {
      // Files the client still shows that are gone, excluded, too large now, or the setting is off.
      for (const uri of previous.keys())
        if (!seen.has(uri)) items.push({ kind: DocumentDiagnosticReportKind.Full, uri, version: null, items: [] });
      this.lastComplete = reported;
    } else this.lastComplete = undefined;
    return { items };
  }

  private async listFiles(max: number, byContent: boolean): Promise<string[]> {
    const out: string[] = [];
    const unique = new Set<string>();
    for (const dir of this.host.folderPaths()) {
      if (out.length >= max) break;
      const found = await this.host.files.list(dir, {
        configOf: (p) => this.host.configOf(p),
        limit: max - out.length,
        byContent,
      });
      for (const p of found)
        if (!unique.has(p)) {
          unique.add(p);
          out.push(p);
        }
    }
    if (out.length >= max && !this.warnedCap) {
      this.warnedCap = true;
      this.host.log.info(
        `Workspace diagnostics: only the first ${max} AssistantConfig files are checked (assistantConfig.workspaceDiagnostics.maxFiles).`,
      );
    }
    return out;
  }

  /** One file's report: from its open text, `unchanged` when the client has this version, or read from disk. */
  private check(
    path: string,
    maxFileSize: number,
    previous: ReadonlyMap<string, string>,
  ): WorkspaceDocumentDiagnosticReport | undefined {
    const open = this.host.openDocument(path);
    if (open) {
      // No result id: the client's own pull of the open document wins, and this one is sent again.
      return {
        kind: DocumentDiagnosticReportKind.Full,
        uri: open.uri,
        version: open.version,
        items: this.host.diagnosticsOfOpen(open),
      };
    }
    const st = this.host.files.stat(path);
    if (!st || st.size > maxFileSize) return undefined;
    const uri = this.host.files.uriOf(path);
    const resultId = `${this.generation}:${st.mtimeMs}:${st.size}`;
    if (previous.get(uri) === resultId)
      return { kind: DocumentDiagnosticReportKind.Unchanged, uri, version: null, resultId };
    const text = this.host.files.read(path);
    if (text === undefined) return undefined;
    return {
      kind: DocumentDiagnosticReportKind.Full,
      uri,
      version: null,
      resultId,
      items: this.host.diagnosticsOfText(uri, text),
    };
  }
}

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => RAL().timer.setImmediate(resolve));
}

function cancelled(): ResponseError<DiagnosticServerCancellationData> {
  return new ResponseError(LSPErrorCodes.RequestCancelled, 'Request cancelled', { retriggerRequest: false });
}
