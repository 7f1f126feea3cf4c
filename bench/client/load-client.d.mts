// Types of bench/client/load-client.mjs.
import type { VscodeStub } from './vscode-stub.mjs';

export function installStub(stub: VscodeStub, lazy?: (request: string) => unknown): () => void;
export function requireFresh(file: string): unknown;
