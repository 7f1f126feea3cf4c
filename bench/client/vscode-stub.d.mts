// Types of bench/client/vscode-stub.mjs (a stub of the `vscode` module for the client's bench and tests).

export interface StubDocument {
  uri: { scheme: string; path: string; toString(): string };
  languageId: string;
  text: string;
}

export interface StubStatusItem {
  id: string;
  selector: unknown;
  text?: string;
  command?: { command: string; arguments?: unknown[] };
  disposed?: boolean;
}

export interface StubLog {
  languageChanges: { path: string; from: string; to: string }[];
  commands: Map<string, (...args: unknown[]) => unknown>;
  statusItems: StubStatusItem[];
  outputChannels: number;
  headReads: number;
  schemaReads: number;
  edits: { text: string }[];
}

export interface StubContext {
  subscriptions: { dispose(): void }[];
  extensionPath: string;
  asAbsolutePath(rel: string): string;
  workspaceState: { get(k: string): unknown; update(k: string, v: unknown): Promise<void> };
}

export interface VscodeStub {
  vscode: Record<string, unknown>;
  log: StubLog;
  openDocument(path: string, languageId: string, text: string): StubDocument;
  setSetting(key: string, value: unknown): void;
  documentAt(path: string): StubDocument | undefined;
  /** A minimal ExtensionContext; pass the same `state` to two contexts to model a window reload. */
  context(extensionPath?: string, state?: Map<string, unknown>): StubContext;
}

export function createVscodeStub(options?: {
  settings?: Record<string, unknown>;
  readFile?: (path: string) => Uint8Array;
}): VscodeStub;
