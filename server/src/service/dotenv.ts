// The workspace `.env` file: reading its names (and, for the secret-moving fix only, comparing its
// values), and writing one more line. Values are never logged, shown or kept beyond a call.
// Reading takes the common syntax of dotenv, docker compose and shells: `[export ]NAME=value`, with
// 'single-quoted' (literal) and "double-quoted" (\n, \", \\ escapes) values and `#` comments.
// Writing uses only the forms every common reader agrees on (dotenvLine).

/**
 * The largest `.env` read, in the CLI, the language server and the browser client alike: a larger
 * one is not read (its names count as not set) and the user is warned once, naming the file.
 */
export const MAX_DOTENV_BYTES = 1024 * 1024;

/** Why a `.env` that exists is not read: it is larger than MAX_DOTENV_BYTES. */
export const DOTENV_TOO_LARGE = 'too-large';

/** The warning for a `.env` that exists but is not read; `shown` is the file as the caller shows paths. */
export function dotenvProblemMessage(shown: string, code: string): string {
  return code === DOTENV_TOO_LARGE
    ? `'${shown}' is not read: it is larger than ${String(MAX_DOTENV_BYTES / (1024 * 1024))} MB, the limit for a .env file; its variables are reported as not set`
    : `cannot read '${shown}': ${code}; its variables are reported as not set`;
}

/**
 * How messages name the `.env` a document's variables are checked against (EnvLookup.dotenvShown):
 * the file (a path relative to the workspace folder or the current directory: `packages/api/.env`),
 * or, when no `.env` applies to the document, that none was found.
 */
export function dotenvNamed(shown: string | null | undefined): string {
  return typeof shown === 'string'
    ? shown
    : shown === null
      ? 'a .env file (none found for this file)'
      : 'its .env file';
}

const LINE = /^\s*(?:export\s+)?([\w.-]+)\s*=\s*(.*)$/;

export function dotenvNames(text: string): Set<string> {
  return new Set(parseDotenv(text).keys());
}

/** NAME → value; with a name defined twice, the last definition (as dotenv reads it). */
export function parseDotenv(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const m = LINE.exec(lines[i]!);
    if (!m) continue;
    let raw = m[2]!;
    let value: string;
    const q = raw[0];
    if (q === '"' || q === "'") {
      // A quoted value may span lines up to its closing quote.
      let body = raw.slice(1);
      let end = closingQuote(body, q);
      while (end < 0 && i + 1 < lines.length) {
        body += '\n' + lines[++i]!;
        end = closingQuote(body, q);
      }
      raw = end < 0 ? body : body.slice(0, end);
      value = q === '"' ? raw.replace(/\\([n"\\])/g, (_, c: string) => (c === 'n' ? '\n' : c)) : raw;
    } else {
      value = raw.replace(/\s+#.*$/, '').trim();
    }
    out.set(m[1]!, value);
  }
  return out;
}

function closingQuote(s: string, q: string): number {
  for (let i = 0; i < s.length; i++) {
    if (q === '"' && s[i] === '\\') i++;
    else if (s[i] === q) return i;
  }
  return -1;
}

/**
 * One `.env` line that reads back byte-identical through parseDotenv, npm `dotenv` (16), python-dotenv
 * and a POSIX shell's `set -a; . ./.env`; undefined when no such line exists. Only two forms qualify:
 * a bare word of characters no reader treats specially, and a 'single-quoted' value, which is
 * literal in all of them, across lines too, with these exceptions, which have no common form:
 * - `'` itself (a shell cannot escape it inside single quotes; the dotenv readers disagree);
 * - a backslash before another backslash or at the end (python-dotenv reads `\\` as one backslash
 *   in single quotes, and a final `\` would join the closing quote);
 * - a carriage return (npm `dotenv` turns every CR LF into LF) and NUL (no shell keeps it);
 * - `${` (kept out for readers that expand variables; single quotes stop the shell and npm `dotenv`).
 * Double quotes are never used: npm `dotenv` keeps `\"` as written and a shell expands `$` in them.
 */
export function dotenvLine(name: string, value: string): string | undefined {
  if (/^[\w@%+=:,./-]*$/.test(value)) return `${name}=${value}`;
  if (/['\r\0]|\\\\|\\$|\$\{/.test(value)) return undefined;
  return `${name}='${value}'`;
}

/**
 * The edit that appends `NAME=value` to a `.env` text (text undefined: the file does not exist yet);
 * undefined when the value has no line every reader reads back as written (see dotenvLine).
 */
export function appendToDotenv(
  text: string | undefined,
  name: string,
  value: string,
): { offset: number; length: number; newText: string } | undefined {
  const line = dotenvLine(name, value);
  if (line === undefined) return undefined;
  const current = text ?? '';
  const eol = current.includes('\r\n') ? '\r\n' : '\n';
  const sep = current === '' || current.endsWith('\n') ? '' : eol;
  return { offset: current.length, length: 0, newText: `${sep}${line}${eol}` };
}
