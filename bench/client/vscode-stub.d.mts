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
  messages: {
    kind: 'info' | 'warning';
    message: string;
    options?: { modal?: boolean; detail?: string };
    items: unknown[];
  }[];
  output: string[];
}

export interface StubContext {
  subscriptions: { dispose(): void }[];
  extensionPath: string;
  asAbsolutePath(rel: string): string;
  workspaceState: { get(k: string): unknown; update(k: string, v: unknown): Promise<void> };
  globalState: { get(k: string): unknown; update(k: string, v: unknown): Promise<void> };
  secrets: { get(k: string): Promise<string | undefined>; store(k: string, v: string): Promise<void> };
}

export interface VscodeStub {
  vscode: Record<string, unknown>;
  log: StubLog;
  openDocument(path: string, languageId: string, text: string): StubDocument;
  setSetting(key: string, value: unknown): void;
  /** Sets a value as the workspace's own settings would (they win over the user's); undefined removes it. */
  setWorkspaceSetting(key: string, value: unknown): void;
  documentAt(path: string): StubDocument | undefined;
  /** A minimal ExtensionContext; pass the same `state` to two contexts to model a window reload. */
  context(
    extensionPath?: string,
    state?: Map<string, unknown>,
    secrets?: Map<string, string>,
    global?: Map<string, unknown>,
  ): StubContext;
}

export function createVscodeStub(options?: {
  settings?: Record<string, unknown>;
  readFile?: (path: string) => Uint8Array;
  workspaceSettings?: Record<string, unknown>;
  /** Answers a shown message: the item picked, or undefined (dismissed). */
  answer?: (message: string, items: unknown[], options?: { modal?: boolean; detail?: string }) => unknown;
  inputBox?: (options: unknown) => string | undefined;
  /** VS Code's own commands by id (`vscode.executeCodeActionProvider`): what `executeCommand` answers. */
  builtinCommands?: Record<string, (...args: unknown[]) => unknown>;
}): VscodeStub;
