// Types of bench/lsp-client.mjs (the benchmark's modules are plain ESM; these declarations serve the tests).
import type { ChildProcess } from 'node:child_process';
import type { Position } from './generate.mjs';

export interface ServerSpec {
  name: string;
  command: string;
  args?: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  settings?: Record<string, unknown>;
  initializationOptions?: unknown;
  languageId?: string;
  jsonLanguageId?: string;
  fileSuffix?: string;
  jsonFileSuffix?: string;
  /** false: the client does not offer pull diagnostics (servers that can do both then push). */
  pullDiagnostics?: boolean;
  /** Forces the way diagnostics are obtained. */
  diagnosticMode?: 'push' | 'pull';
}

export interface LspDiagnostic {
  message: string;
  severity?: number;
  code?: string | number;
  range: { start: Position; end: Position };
}

export interface CompletionItem {
  label: string;
  kind?: number;
  [k: string]: unknown;
}

export class TimeoutError extends Error {
  readonly timeout: true;
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T>;
export function hoverText(hover: unknown): string;
export function procMemoryKb(pid: number): { hwm: number; rss: number };
export function procCpuMs(pid: number): number;
export function sleep(ms: number): Promise<void>;

export class LspSession {
  static start(spec: ServerSpec, opts?: { timeoutMs?: number }): Promise<LspSession>;
  readonly spec: ServerSpec;
  readonly name: string;
  readonly proc: ChildProcess;
  readonly pid: number;
  readonly coldStartMs: number;
  /** CPU time the server had used when `initialize` was answered. */
  readonly coldStartCpuMs: number;
  cpuMs(): number;
  readonly capabilities: Record<string, unknown>;
  readonly configRequests: number;
  readonly exited: boolean;
  readonly stderr: string;
  readonly syncKind: number;
  readonly diagnosticMode: 'push' | 'pull';
  configure(opts?: { settleMs?: number; timeoutMs?: number }): Promise<void>;
  open(
    uri: string,
    text: string,
    opts?: { languageId?: string; timeoutMs?: number },
  ): Promise<{ ms: number; diagnostics: LspDiagnostic[] }>;
  replaceChar(
    uri: string,
    pos: Position,
    ch: string,
    opts?: { timeoutMs?: number },
  ): Promise<{ ms: number; diagnostics: LspDiagnostic[] }>;
  replaceCharThenComplete(
    uri: string,
    pos: Position,
    ch: string,
    completionPos: Position,
    opts?: { timeoutMs?: number },
  ): Promise<{ completionMs: number; items: CompletionItem[]; diagnosticsMs: number }>;
  charAt(uri: string, pos: Position): string;
  close(uri: string): void;
  completion(
    uri: string,
    position: Position,
    opts?: { timeoutMs?: number },
  ): Promise<{ ms: number; items: CompletionItem[] }>;
  hover(
    uri: string,
    position: Position,
    opts?: { timeoutMs?: number },
  ): Promise<{ ms: number; hover: unknown; text: string }>;
  /** Peak resident memory so far, KiB. */
  peakRssKb(): number;
  kill(): void;
  stop(opts?: { timeoutMs?: number }): Promise<void>;
}

export function oursServer(
  root: string,
  opts?: { envNames?: string[]; serverPath?: string; settings?: Record<string, unknown> },
): ServerSpec;
export function peerServer(root: string): ServerSpec;
export function peerInstalled(root: string): boolean;
export function oursBuilt(root: string): boolean;
