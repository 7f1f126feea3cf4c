// The extension's output channel, with every line redacted on its way in: Test Connection's
// reports, the language client's log and its protocol trace all go through it. Document text in the
// trace is withheld, credential shapes are masked, and the credentials stored in SecretStorage are
// known to it by value, so a message holding one shows [REDACTED] instead, reshaped or not (see
// shared/redact.ts).
import type * as vscode from 'vscode';
import { maskShapes, redact } from '../../server/src/shared';

/** Where each credential is kept in SecretStorage. */
export const SECRET_KEYS = {
  pat: 'assistantConfig.connection.pat',
  apiKey: 'assistantConfig.connection.apiKey',
  dataToken: 'assistantConfig.connection.dataToken',
} as const;

const WRITERS = new Set(['append', 'appendLine', 'replace', 'trace', 'debug', 'info', 'warn', 'error']);

/**
 * A JSON string member `"text"` or `"newText"` as the protocol trace prints it (JSON.stringify of a
 * message's params or result): a document's text (didOpen, didChange) or an edit's (formatting, code
 * actions such as "Move the secret to .env", whose edit carries the secret).
 */
const DOCUMENT_TEXT = /"(text|newText)"(\s*:\s*)"((?:[^"\\]|\\.)*)"/g;

/**
 * What the channel writes instead of a line: document text in a protocol trace is withheld (its
 * length is kept), credential-shaped text anywhere is masked as lint masks it, and the stored
 * credentials are redacted in any of their forms. A literal secret written in a file has no shape
 * the log could know (`value: meadowlark` under `apiKey`): only withholding the text keeps it out
 * of the log (REVIEW4 G3).
 */
export function redactLine(text: string, secrets: readonly string[]): string {
  const withheld = text.replace(
    DOCUMENT_TEXT,
    (_all, key: string, colon: string, body: string) =>
      `"${key}"${colon}"<${body.length} characters of document text, not logged>"`,
  );
  return maskShapes(redact(withheld, secrets));
}

/** Wraps a channel so that every string (and Error message) written to it is redacted with `secrets()`. */
export function redactingChannel<C extends vscode.OutputChannel>(inner: C, secrets: () => readonly string[]): C {
  const clean = (a: unknown): unknown => {
    if (typeof a === 'string') return redactLine(a, secrets());
    if (a instanceof Error) {
      const e = new Error(redactLine(a.message, secrets()));
      e.name = a.name;
      return e;
    }
    return a;
  };
  return new Proxy(inner, {
    get(target, prop): unknown {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      const fn = value as (...args: unknown[]) => unknown;
      if (typeof prop === 'string' && WRITERS.has(prop))
        return (...args: unknown[]) => fn.apply(target, args.map(clean));
      return (...args: unknown[]) => fn.apply(target, args);
    },
  });
}

/** Keeps the stored credentials' values at hand (refreshed when they change) for redactingChannel. */
export function storedSecrets(
  storage: vscode.SecretStorage,
  subscriptions: { dispose(): unknown }[],
): () => readonly string[] {
  let known: string[] = [];
  const refresh = async (): Promise<void> => {
    try {
      const values = await Promise.all(Object.values(SECRET_KEYS).map((k) => storage.get(k)));
      known = values.filter((v): v is string => !!v);
    } catch {
      // Secret storage unavailable: the generic patterns of redact() still apply.
    }
  };
  void refresh();
  try {
    subscriptions.push(storage.onDidChange(() => void refresh()));
  } catch {
    // A host without change events: the values read at start stay in use.
  }
  return () => known;
}
