// Shared helpers of the end-to-end suite, which runs inside a real VS Code extension host (desktop
// through @vscode/test-electron, or code-server's remote extension host).
// Mocha's functions are taken from the globals that mocha defines while it loads each test file, so
// that these files type-check and lint in the root project without test/e2e's own dependencies.
import * as cp from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { definition, unionOf } from '../../../server/src/model/schema';

export interface MochaContext {
  timeout(ms: number): void;
  skip(): never;
}
type TestFn = (this: MochaContext) => void | Promise<void>;
type SuiteFn = (this: MochaContext) => void;
interface MochaGlobals {
  describe(title: string, fn: SuiteFn): void;
  it(title: string, fn?: TestFn): void;
  before(fn: TestFn): void;
  after(fn: TestFn): void;
  afterEach(fn: TestFn): void;
}
const m = (): MochaGlobals => globalThis as unknown as MochaGlobals;
export const describe = (title: string, fn: SuiteFn): void => m().describe(title, fn);
/** A test; without a function it is reported as pending. */
export const it = (title: string, fn?: TestFn): void => m().it(title, fn);
/**
 * A test of required behaviour that the product does not have yet (reported): pending, so that CI
 * stays green, unless E2E_STRICT=1, which runs it. Remove the wrapper once the product is fixed.
 */
export const itKnownBug = (title: string, fn: TestFn): void =>
  process.env.E2E_STRICT ? m().it(title, fn) : m().it(`KNOWN BUG (pending; E2E_STRICT=1 runs it): ${title}`);
export const before = (fn: TestFn): void => m().before(fn);
export const after = (fn: TestFn): void => m().after(fn);
export const afterEach = (fn: TestFn): void => m().afterEach(fn);

export const EXTENSION_ID = 'assistant-config-tools.assistant-config-tools';
export const SOURCE = 'assistant-config';
/** The LLM providers, read from the schema (scripts/gen-schema.mjs holds the only list). */
export const PROVIDERS: readonly string[] = (() => {
  const union = unionOf(definition('LlmConfig'));
  if (!union || union.variants.length === 0) throw new Error('the schema has no LlmConfig variants');
  return union.variants.map((v) => v.value);
})();

/** test/e2e/fixtures, seen from the bundles in test/e2e/.cache/suite/ (the runners may say otherwise). */
export const FIXTURES = process.env.E2E_FIXTURES ?? path.resolve(__dirname, '../../fixtures');
export const fixtureUri = (rel: string): vscode.Uri => vscode.Uri.file(path.join(FIXTURES, rel));

export function extension(): vscode.Extension<unknown> {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  if (!ext) throw new Error(`extension ${EXTENSION_ID} is not installed in this VS Code`);
  return ext;
}

/** Opens a fixture in an editor (never saved: every change is reverted by `revertAll`). */
export async function open(rel: string): Promise<vscode.TextDocument> {
  const doc = await vscode.workspace.openTextDocument(fixtureUri(rel));
  await vscode.window.showTextDocument(doc, { preview: false });
  return doc;
}

/** Reverts every changed document so that fixtures stay as they are on disk (nothing is saved). */
export async function revertAll(): Promise<void> {
  for (const doc of vscode.workspace.textDocuments) {
    if (!doc.isDirty || doc.uri.scheme !== 'file') continue;
    await vscode.window.showTextDocument(doc, { preview: false });
    await vscode.commands.executeCommand('workbench.action.files.revert');
    const disk = fs.readFileSync(doc.uri.fsPath, 'utf8');
    if (doc.getText() !== disk) {
      // The revert did not take (it acts on the active editor, which focus may have moved from):
      // put the text back by an edit instead.
      const edit = new vscode.WorkspaceEdit();
      edit.replace(doc.uri, new vscode.Range(0, 0, doc.lineCount, 0), disk);
      await vscode.workspace.applyEdit(edit);
    }
    assert(doc.getText() === disk, `could not restore ${doc.uri.fsPath}`);
  }
}

/**
 * Resolves when `check` holds, re-checked on every change of the watched state (never a sleep);
 * rejects after `timeoutMs` with what `describeState` says about the state at that moment.
 */
export function waitFor<T>(
  what: string,
  check: () => T | undefined | false,
  subscribe: (fire: () => void) => vscode.Disposable,
  describeState: () => string,
  timeoutMs = 30_000,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const done = (f: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      sub.dispose();
      f();
    };
    const timer = setTimeout(
      () => done(() => reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}; ${describeState()}`))),
      timeoutMs,
    );
    const test = (): boolean => {
      let v: T | undefined | false;
      try {
        v = check();
      } catch (e) {
        done(() => reject(e));
        return true;
      }
      if (v === undefined || v === false) return false;
      done(() => resolve(v as T));
      return true;
    };
    const sub = subscribe(() => void test());
    test();
  });
}

export function codeOf(d: vscode.Diagnostic): string {
  const c = d.code;
  return typeof c === 'object' && c !== null ? String(c.value) : String(c ?? '');
}

/** The diagnostics of this extension (its `source`) on a document. */
export function ours(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === SOURCE);
}

export function showDiagnostics(ds: readonly vscode.Diagnostic[]): string {
  if (ds.length === 0) return 'no diagnostics';
  return ds.map((d) => `${codeOf(d)} ${rangeText(d.range)} ${JSON.stringify(d.message)}`).join('; ');
}

export function rangeText(r: vscode.Range): string {
  return `${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}`;
}

/** Waits (on onDidChangeDiagnostics) until the document's diagnostics satisfy `pred`. */
export function waitForDiagnostics(
  uri: vscode.Uri,
  what: string,
  pred: (ds: vscode.Diagnostic[]) => boolean,
  timeoutMs = 30_000,
): Promise<vscode.Diagnostic[]> {
  return waitFor(
    `${what} on ${path.basename(uri.fsPath)}`,
    () => {
      const ds = ours(uri);
      return pred(ds) ? ds : undefined;
    },
    (fire) =>
      vscode.languages.onDidChangeDiagnostics((e) =>
        e.uris.some((u) => u.toString() === uri.toString()) ? fire() : undefined,
      ),
    () => `diagnostics now: ${showDiagnostics(ours(uri))}`,
    timeoutMs,
  );
}

export const hasCode =
  (code: string) =>
  (ds: vscode.Diagnostic[]): boolean =>
    ds.some((d) => codeOf(d) === code);
export const lacksCode =
  (code: string) =>
  (ds: vscode.Diagnostic[]): boolean =>
    !ds.some((d) => codeOf(d) === code);

/** Resolves once the extension is active (checked on every extension change and editor event). */
export function waitForActivation(timeoutMs = 30_000): Promise<true> {
  const ext = extension();
  return waitFor(
    'the extension to activate',
    () => ext.isActive || undefined,
    (fire) => {
      // There is no activation event in the API: re-check on anything that follows one, and on a
      // short tick as a last resort (the bound is the timeout, not the tick).
      const subs = [
        vscode.extensions.onDidChange(fire),
        vscode.languages.onDidChangeDiagnostics(fire),
        vscode.workspace.onDidOpenTextDocument(fire),
      ];
      const tick = setInterval(fire, 100);
      return { dispose: () => (subs.forEach((s) => s.dispose()), clearInterval(tick)) };
    },
    () => `isActive=${ext.isActive}`,
    timeoutMs,
  );
}

export function label(item: vscode.CompletionItem): string {
  return typeof item.label === 'string' ? item.label : item.label.label;
}

export async function completionsAt(
  uri: vscode.Uri,
  line: number,
  character: number,
): Promise<vscode.CompletionItem[]> {
  const list = await vscode.commands.executeCommand<vscode.CompletionList>(
    'vscode.executeCompletionItemProvider',
    uri,
    new vscode.Position(line, character),
    undefined,
    100,
  );
  return list?.items ?? [];
}

export function docText(item: vscode.CompletionItem): string {
  const d = item.documentation;
  return [item.detail ?? '', typeof d === 'string' ? d : (d?.value ?? '')].join('\n');
}

export async function hoverText(uri: vscode.Uri, line: number, character: number): Promise<string> {
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
    'vscode.executeHoverProvider',
    uri,
    new vscode.Position(line, character),
  );
  return (hovers ?? []).flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n---\n');
}

export function assert(cond: unknown, message: string): asserts cond {
  if (!cond) throw new Error(message);
}

export function assertEqual<T>(actual: T, expected: T, what: string): void {
  if (JSON.stringify(actual) !== JSON.stringify(expected))
    throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}

/**
 * The UI driver: the runner that drives the workbench from outside (Playwright in Chromium for
 * code-server, over CDP for VS Code desktop) serves requests that the suite writes into
 * $E2E_DRIVER_DIR, for the few things the extension API cannot do: type into an input box that a
 * command opened, read a notification. Without a driver, the tests that need one are skipped.
 */
export const hasDriver = (): boolean => !!process.env.E2E_DRIVER_DIR;
let driverSeq = 0;

export async function driver<T>(
  action: 'type-input' | 'wait-notification',
  params: Record<string, unknown>,
  timeoutMs = 30_000,
): Promise<T> {
  const dir = process.env.E2E_DRIVER_DIR;
  if (!dir) throw new Error('no UI driver (E2E_DRIVER_DIR is not set)');
  const id = `${process.pid}-${Date.now()}-${++driverSeq}`;
  const req = path.join(dir, `request-${id}.json`);
  fs.writeFileSync(`${req}.tmp`, JSON.stringify({ id, action, params, timeoutMs }));
  fs.renameSync(`${req}.tmp`, req);
  const resp = path.join(dir, `response-${id}.json`);
  const end = Date.now() + timeoutMs + 10_000;
  while (Date.now() < end) {
    if (fs.existsSync(resp)) {
      const r = JSON.parse(fs.readFileSync(resp, 'utf8')) as { result?: T; error?: string };
      fs.rmSync(resp, { force: true });
      if (r.error !== undefined) throw new Error(`UI driver, ${action}: ${r.error}`);
      return r.result as T;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`UI driver, ${action}: no answer within ${timeoutMs} ms`);
}

/** Opens the fixture at `rel` and waits until its document has the language `languageId`. */
export async function waitForLanguage(rel: string, languageId: string): Promise<vscode.TextDocument> {
  const first = await open(rel);
  const uri = first.uri.toString();
  return waitFor(
    `${rel} to become ${languageId}`,
    () => vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri && d.languageId === languageId),
    (fire) => {
      const subs = [vscode.workspace.onDidOpenTextDocument(fire), vscode.window.onDidChangeActiveTextEditor(fire)];
      return { dispose: () => subs.forEach((s) => s.dispose()) };
    },
    () => `language now: ${vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri)?.languageId}`,
  );
}

/**
 * The language server processes of this extension (installed copy): command lines in the process
 * list that run its dist/server.js. Read from `ps`, so it sees what the machine sees.
 *
 * A process whose parent is itself one of these is left out: when the server runs `git
 * check-ignore`, the child shows the server's own command line in `ps` for the instant between
 * fork and exec, and counting it made "exactly one server" fail now and then (CI, stop 21).
 * Two real servers both have the extension host as parent, so they are still both counted.
 */
export function serverProcesses(): string[] {
  const server = path.join(extension().extensionPath, 'dist', 'server.js');
  const out = cp.execFileSync('ps', ['-A', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' });
  const rows = out
    .split('\n')
    .map((l) => /^(\d+)\s+(\d+)\s+(.*)$/.exec(l.trim()))
    .map((m) => ({ pid: m?.[1] ?? '', ppid: m?.[2] ?? '', args: m?.[3] ?? '' }))
    .filter((r) => r.args.includes(server))
    .map((r) => ({ ...r, line: `${r.pid} ${r.args}` }));
  const pids = new Set(rows.map((r) => r.pid));
  return rows.filter((r) => !pids.has(r.ppid)).map((r) => r.line);
}
