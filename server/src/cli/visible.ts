// How the CLI prints text it did not write itself (a file name, an argument, a key or a value
// quoted by a message, a service's answer): so that it can neither drive the terminal nor be read
// as a command by a CI log. No imports: the test-connection bundle uses it too.

/** Control characters a terminal or a CI log acts on: C0 (line breaks too), DEL, C1, line and paragraph separators, bidi overrides. */
const CONTROL = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu;
const NAMED_CONTROL: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\u001b': '\\e' };
/** Control characters, and `##[`: GitHub's runner reads `##[error]…` anywhere in a line as a (legacy) workflow command. */
const UNSAFE = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]|##\[/gu;

/**
 * Characters a terminal shows as a plain space or as nothing, though YAML and JSON read them as text
 * (YAML 1.2 counts only space and tab as white space): a no-break space and the other Unicode spaces,
 * zero-width and invisible formatting characters, bidi marks, a BOM inside the text.
 * `provider: hosted` + U+00A0 is the value 'hosted' + U+00A0, printed as if it were 'hosted '.
 */
const INVISIBLE = /[\u00a0\u00ad\u061c\u1680\u180e\u2000-\u200b\u200e\u200f\u202f\u205f\u2060-\u2064\u3000\ufeff]/gu;

/** An invisible character as code frames and diffs show it, `<U+00A0>` (as wide as it is long: 8 columns). */
export function showInvisible(c: string): string {
  return `<U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}>`;
}

/** Whether a character is one of those shown as `<U+XXXX>` (see showInvisible). */
export function isInvisible(c: string): boolean {
  return c.length === 1 && INVISIBLE_ONE.test(c);
}
const INVISIBLE_ONE = new RegExp(INVISIBLE.source, 'u');

/** Text with its invisible characters shown as `<U+00A0>`. */
export function showInvisibles(s: string): string {
  return s.replace(INVISIBLE, showInvisible);
}

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

/**
 * An unknown option as a message names it: `--name=…` without what follows `=` (a value of any
 * length, which no credential shape may recognise: `--token=Zx9kPq2Lm8`), otherwise as written.
 */
export function optionShown(arg: string): string {
  const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
  return eq > 0 ? `${arg.slice(0, eq)}=…` : arg;
}

export { CONTROL, INVISIBLE };
