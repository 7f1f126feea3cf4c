// Every handler runs guarded: an exception is logged and answered with an empty result, a cancelled
// request is answered as cancelled. The server never exits because of a document.
import { ResponseError, LSPErrorCodes } from 'vscode-languageserver';
import type { CancellationToken } from 'vscode-languageserver';
import { maskShapes, redact } from '../shared';

export interface Logger {
  error(message: string): void;
}

export function runSafe<T>(
  log: Logger,
  name: string,
  fallback: T,
  token: CancellationToken | undefined,
  fn: () => T,
): T | ResponseError {
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

function cancelled(): ResponseError {
  return new ResponseError(LSPErrorCodes.RequestCancelled, 'Request cancelled');
}

/**
 * Error text for logs: the message and the top of the stack, never document content. An error
 * message can quote the document (which may hold a literal credential), so quoted text is elided
 * and the rest goes through the one redaction function, credential shapes masked (as lint masks them).
 */
export function describe(e: unknown): string {
  // Redact the whole message before cutting it: a cut could otherwise fall inside a credential.
  const clean = (m: string): string => maskShapes(redact(m.replace(/(["'`])(?:(?!\1).)*\1/g, '$1…$1'))).slice(0, 300);
  if (e instanceof Error)
    return `${e.name}: ${clean(e.message)}${e.stack ? '\n' + e.stack.split('\n').slice(1, 6).join('\n') : ''}`;
  return clean(String(e));
}
