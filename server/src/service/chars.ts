// Keys and values with pasted characters a reader cannot see (a zero-width space, a soft hyphen, a
// bidi mark) or cannot tell from Latin letters (a Cyrillic `р`, typographic quotes around a value).
// A message that quoted them raw read "does not allow 'provider'; did you mean 'provider'?"
// (REVIEW5 H22): messages show invisible ones as `<U+200B>`, name each, and say when the text is a
// valid name once they are removed or read as the Latin letters they look like.
import { INVISIBLE_CHAR, codePointOf, isInvisibleChar, lookalikeOf, nameOfChar } from '../parser/charNames';

const INVISIBLE_G = new RegExp(INVISIBLE_CHAR.source, 'g');
/** A character that may be a look-alike (not ASCII, not invisible): checked against the table. */
const NON_ASCII = /[^ -~\t\n\r]/;

/** `s` with each invisible character shown as `<U+200B>` (the rest as written). */
export function showInvisibleChars(s: string): string {
  return INVISIBLE_CHAR.test(s) ? s.replace(INVISIBLE_G, (c) => `<${codePointOf(c)}>`) : s;
}

/** Whether `s` holds a character shown as nothing or as a space. */
export function hasInvisibleChar(s: string): boolean {
  return INVISIBLE_CHAR.test(s);
}

/**
 * What a message adds after quoting `s` (a `key` or a `value`): the invisible characters it holds,
 * named (` (it ends with U+200B zero-width space, which is part of the value)`), and the look-alikes
 * (` ('р' is U+0440 Cyrillic er, not 'p')`); '' for plain text. Linear in the length of `s`.
 */
export function charNote(s: string, what: 'key' | 'value'): string {
  if (!NON_ASCII.test(s)) return '';
  const notes: string[] = [];
  const invisible: string[] = [];
  const look: string[] = [];
  for (const c of s) {
    if (isInvisibleChar(c)) {
      if (!invisible.includes(c)) invisible.push(c);
    } else if (lookalikeOf(c) !== undefined && !look.includes(c)) look.push(c);
  }
  if (invisible.length > 0) {
    const first = invisible[0]!;
    const where =
      invisible.length > 1
        ? 'holds'
        : s.endsWith(first) && !s.slice(0, -first.length).includes(first)
          ? 'ends with'
          : s.startsWith(first) && !s.slice(first.length).includes(first)
            ? 'starts with'
            : 'holds';
    const names = invisible.slice(0, 3).map(nameOfChar);
    if (invisible.length > 3) names.push(`${invisible.length - 3} more`);
    notes.push(`it ${where} ${joinAnd(names)}, which ${invisible.length > 1 ? 'are' : 'is'} part of the ${what}`);
  }
  for (const c of look.slice(0, 3)) {
    const meant = lookalikeOf(c)!;
    notes.push(
      meant === '' ? `'${c}' is ${nameOfChar(c)}, not a YAML quote` : `'${c}' is ${nameOfChar(c)}, not '${meant}'`,
    );
  }
  return notes.length > 0 ? ` (${notes.join('; ')})` : '';
}

/**
 * `s` with its invisible characters removed and its look-alikes read as the ASCII they look like
 * (`pro<U+200B>vider` → `provider`, `рrovider` → `provider`, `“hosted”` → `hosted`); `s` itself when
 * it holds none. A key or value whose plain reading is a valid name is that name, certainly.
 */
export function plainReading(s: string): string {
  if (!NON_ASCII.test(s)) return s;
  let out = '';
  for (const c of s) {
    if (isInvisibleChar(c)) continue;
    const l = lookalikeOf(c);
    out += l ?? c;
  }
  return out;
}

/** `'pro<U+200B>vider' (it holds U+200B zero-width space, which is part of the key)`: text as a message quotes it. */
export function quotedWithNote(s: string, what: 'key' | 'value'): string {
  return `'${showInvisibleChars(s)}'${charNote(s, what)}`;
}

/** `a`, `a and b`, `a, b and c`. */
function joinAnd(xs: readonly string[]): string {
  return xs.length <= 1 ? (xs[0] ?? '') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]!}`;
}
