// The workspace `.env` file: reading its names (and, for the secret-moving fix only, comparing its
// values), and writing one more line. Values are never logged, shown or kept beyond a call.
// Reading follows npm `dotenv` 16, the reader Node projects load `.env` with (see DEFINITION).
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

/** Why no `.env` is read in an untrusted workspace (EnvLookup.dotenvNotRead). */
export const UNTRUSTED = 'the workspace is not trusted, trust it to have .env files checked';

/**
 * Why a host reads no process environment (EnvLookup.environmentNotRead): the web build's server
 * runs in a Web Worker, where there is none; only the workspace's `.env` files are read there.
 */
export const NO_ENVIRONMENT = 'the browser has no environment variables to read';

type Checked = { dotenvShown?: string | null; dotenvNotRead?: string; environmentNotRead?: string };

/**
 * Where a variable the document names was looked for and not found, as messages say it after "is":
 * the environment and the document's `.env` (dotenvNamed), or, when no `.env` is read for the
 * document (EnvLookup.dotenvNotRead: an untrusted workspace), the environment only, and why
 * (REVIEW16-user N11: the message said ".env" although none was read). A host with no environment
 * (EnvLookup.environmentNotRead: the browser) names only the `.env`, and says why; with neither, the
 * variable is not known, and the message says that nothing could be read, and why (slips17).
 */
export function notDefinedWhere(env: Checked): string {
  if (env.environmentNotRead !== undefined)
    return env.dotenvNotRead !== undefined
      ? `not known here: ${env.environmentNotRead}, and no .env file was read (${env.dotenvNotRead})`
      : `not defined in ${dotenvNamed(env.dotenvShown)}; ${env.environmentNotRead}, so only .env files are checked`;
  return env.dotenvNotRead !== undefined
    ? `not defined in the environment (no .env file was read: ${env.dotenvNotRead})`
    : `defined neither in the environment nor in ${dotenvNamed(env.dotenvShown)}`;
}

/**
 * What was searched for a variable, as "is set (…)" and "no variable … is set (…)" say it:
 * `environment or .env`, `environment` (no `.env` read), `.env` (no environment: the browser);
 * undefined when neither can be read.
 */
export function searchedFor(env: Checked): string | undefined {
  if (env.environmentNotRead !== undefined) return env.dotenvNotRead !== undefined ? undefined : '.env';
  return env.dotenvNotRead !== undefined ? 'environment' : 'environment or .env';
}

/**
 * A `.env` definition as npm `dotenv` 16 reads one (the pattern of its lib/main.js, MIT; the tests
 * compare the two on seeded lines): `[export ]NAME=value` or `NAME: value`, blanks around; a value
 * 'single-quoted', "double-quoted" (`\n` and `\r` read as line breaks, nothing else unescaped) or
 * `backquoted`, which may span lines; unquoted, up to a `#` (blanks around it trimmed). A line it
 * does not match defines nothing. Tried (sticky) at the first non-blank character after a line
 * start, which is where dotenv's `^\s*` leads.
 */
const DEFINITION =
  /(?:export\s+)?([\w.-]+)(?:\s*=\s*?|:\s+?)(\s*'(?:\\'|[^'])*'|\s*"(?:\\"|[^"])*"|\s*`(?:\\`|[^`])*`|[^#\r\n]+)?\s*(?:#.*)?(?:$|$)/my;
const NON_BLANK = /\S/g;
/** What ends a line for `^` and `$` in a JavaScript pattern (CR is gone: CR LF and CR are read as LF first). */
const LINE_END = /[\n\u2028\u2029]/g;

export function dotenvNames(text: string): Set<string> {
  return new Set(parseDotenv(text).keys());
}

/** The names a `.env` defines with an empty or blank value (`NAME=`, `NAME=""`, `NAME=  # later`): no value is kept. */
export function dotenvEmptyNames(text: string): Set<string> {
  const out = new Set<string>();
  for (const [name, value] of parseDotenv(text)) if (value.trim() === '') out.add(name);
  return out;
}

/**
 * NAME → value, as npm `dotenv` 16 parses the text; with a name defined twice, the last definition.
 * Where dotenv runs its pattern with the `g` flag, every line start of a run of blank lines scans the
 * whole run again (quadratic: a 1 MB `.env` of blank lines and one odd line took minutes), here each
 * definition is tried once, at the first non-blank character after the end of the previous one or
 * after the line a failed try began on: the same definitions, in time linear in the text.
 */
export function parseDotenv(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const src = text.replace(/\r\n?/g, '\n');
  const definition = new RegExp(DEFINITION.source, DEFINITION.flags);
  const nonBlank = new RegExp(NON_BLANK.source, NON_BLANK.flags);
  const lineEnd = new RegExp(LINE_END.source, LINE_END.flags);
  for (let at = 0; at < src.length;) {
    nonBlank.lastIndex = at;
    const start = nonBlank.exec(src)?.index;
    if (start === undefined) break;
    definition.lastIndex = start;
    const m = definition.exec(src);
    let from = start;
    if (m) {
      let value = (m[2] ?? '').trim();
      const quote = value[0];
      value = value.replace(/^(['"`])([\s\S]*)\1$/gm, '$2');
      if (quote === '"') value = value.replace(/\\n/g, '\n').replace(/\\r/g, '\r');
      out.set(m[1]!, value);
      from = definition.lastIndex;
    }
    // The next try: after the line end the definition (or the failed try) stopped at.
    lineEnd.lastIndex = from;
    const end = lineEnd.exec(src);
    if (!end) break;
    at = end.index + 1;
  }
  return out;
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
  if (dotenvUnwritable(value) !== undefined) return undefined;
  return `${name}='${value}'`;
}

/**
 * Why a value has no `.env` line that every common reader reads back as written (see dotenvLine), in
 * words for a message ("it holds a single quote (')"); undefined when it has one. Never the value.
 */
export function dotenvUnwritable(value: string): string | undefined {
  if (/^[\w@%+=:,./-]*$/.test(value)) return undefined;
  if (value.includes("'")) return "it holds a single quote (')";
  if (value.includes('\r')) return 'it holds a carriage return';
  if (value.includes('\0')) return 'it holds a NUL character';
  if (/\\\\|\\$/.test(value)) return 'it holds two backslashes in a row or ends with one';
  if (value.includes('${')) return "it holds '${', which readers that expand variables would expand";
  return undefined;
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
  return line === undefined ? undefined : appendLine(text, line);
}

/**
 * The edit that adds a line at the end of a file (`.env`, `.gitignore`), in its line endings (CR LF
 * when it has any), after a line break when its last line has none.
 */
export function appendLine(
  text: string | undefined,
  line: string,
): { offset: number; length: number; newText: string } {
  const current = text ?? '';
  const eol = current.includes('\r\n') ? '\r\n' : '\n';
  const sep = current === '' || current.endsWith('\n') ? '' : eol;
  return { offset: current.length, length: 0, newText: `${sep}${line}${eol}` };
}
