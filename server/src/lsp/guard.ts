// Every handler runs guarded: an exception is logged and answered with an empty result, a cancelled
// request is answered as cancelled. The server never exits because of a document.
import { ResponseError, LSPErrorCodes } from 'vscode-languageserver';
import type { CancellationToken } from 'vscode-languageserver';

export interface Logger {
  error(message: string): void;
}

export function runSafe<T>(log: Logger, name: string, fallback: T, token: CancellationToken | undefined, fn: () => T): T | ResponseError<void> {
  if (token?.isCancellationRequested) return cancelled();
  try {
    const r = fn();
    if (token?.isCancellationRequested) return cancelled();
    return r;
  } catch (e) {
    log.error(`${name} failed: ${describe(e)}`);
    return fallback;
  }
}

function cancelled(): ResponseError<void> {
  return new ResponseError(LSPErrorCodes.RequestCancelled, 'Request cancelled');
}

/** Error text for logs: the message and the top of the stack, never document content. */
export function describe(e: unknown): string {
  if (e instanceof Error) return `${e.name}: ${e.message.slice(0, 300)}${e.stack ? '\n' + e.stack.split('\n').slice(1, 6).join('\n') : ''}`;
  return String(e).slice(0, 300);
}
