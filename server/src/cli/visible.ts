// How the CLI prints text it did not write itself (a file name, an argument, a key or a value
// quoted by a message, a service's answer): so that it can neither drive the terminal nor be read
// as a command by a CI log. No imports: the test-connection bundle uses it too.

/** Control characters a terminal or a CI log acts on: C0 (line breaks too), DEL, C1, line and paragraph separators, bidi overrides. */
const CONTROL = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;
const NAMED_CONTROL: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\u001b': '\\e' };
/** Control characters, and `##[`: GitHub's runner reads `##[error]…` anywhere in a line as a (legacy) workflow command. */
const UNSAFE = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]|##\[/gu;

/** One control character as an escape: `\n`, `\e`, `\x07`, `\u202e`. */
export function escapeControl(c: string): string {
  const code = c.charCodeAt(0);
  return NAMED_CONTROL[c] ?? (code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`);
}

/**
 * User text (a key, a value quoted by a message, a file name) as text output shows it: control
 * characters escaped (`\r\n`, `\e`, `\x07`, `\u202e`), so that a file cannot start a line of its
 * own (a `::error::` workflow command in a CI log) or drive the terminal (clear it, set its title);
 * `##[` shown as `#\x23[`.
 */
export function visible(s: string): string {
  return s.replace(UNSAFE, (c) => (c === '##[' ? '#\\x23[' : escapeControl(c)));
}

/**
 * A path as output shows it: visible(), and with `./` in front when it would start a line with
 * `::` (GitHub's runner reads `::error::…` at the start of a line, after white space, as a
 * workflow command). `./::x` names the same file.
 */
export function visiblePath(p: string): string {
  const v = visible(p);
  return /^\s*::/.test(v) ? `./${v}` : v;
}

/** Text of several lines (a message with its own line breaks, a report) made visible line by line. */
export function visibleLines(s: string): string {
  return s.split('\n').map(visible).join('\n');
}

export { CONTROL };
