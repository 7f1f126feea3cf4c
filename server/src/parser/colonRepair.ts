// Reading past a key whose colon was lost (REVIEW14-user U10): `    provider cloud_b`, `- primitiveName
// visualize`, `  systemInstructions |`, a slip while typing over the colon. YAML reads such a line as a
// plain text, and the key lines under it as more of that text ("Implicit keys need to be on a single
// line"), so the block's keys became one key, `provider cloud_b modelId`, and the schema asked for keys
// that are there. The line is read again with the colon after its first word, and the slip is one
// problem on that word; the rest of the file is read as meant. Only a line that the `yaml` package
// reports, whose first word is a key's name followed by a value on the same line and that holds no
// `: ` of its own (a half-typed key with no value yet is left alone), that is not a line of prose, and
// only when the text then reads with fewer problems. No fix writes the colon (`lint --fix` leaves a syntax-error line as written).
// A key glued to its value by a missing space in a block mapping (`    provider:vendor_a` above the
// LLM's other keys; compare19) is read the same way, with the space, and said as a space missing.
import type { SyntaxProblem } from './ast';
import type { Parsed } from './indentRepair';
import { OffsetMap, remap } from './indentRepair';

/** The `yaml` package's words for a line of key-shaped text with no colon. */
const TRIGGERS = ['Implicit keys need to be on a single line', 'Implicit map keys need to be followed by map values'];

export const MISSING_COLON_MESSAGE =
  "A ':' is missing after this key: without it YAML reads the line as one text, not a key and its value (and the key lines below it as more of that text). Write 'key: value'.";

/**
 * `- ` items, then a key's name (letters, digits, `_`, `-`, `.`, `$`), spaces and a value on the line
 * (not a comment) that holds no `: ` and does not end with `:` (such a line has a colon; another slip).
 */
const LINE = /^((?:- +)*)([A-Za-z_$][\w$.-]*)( +)([^\s#][^\n]*?)[ \t]*(?:#[^\n]*)?\r?$/;

/**
 * A key glued to its value (`provider:vendor_a`, `maxAssistantActions:5`, compare19): a key's name, its
 * colon and, with no space between, a value (not `//`, the rest of an address) that holds no `: `.
 */
const GLUED = /^((?:- +)*)([A-Za-z_$][\w$.-]*):([^\s:#/][^\n]*?|\/(?!\/)[^\n]*?)[ \t]*(?:#[^\n]*)?\r?$/;

/** The message for a key glued to its value (the value is not repeated: it may be a credential). */
export function missingSpaceMessage(key: string): string {
  return `A space is missing after '${key}:': without it YAML reads '${key}:…' as one text, not a key and its value (and the key lines below it as more of that text). Write '${key}: …'.`;
}

/**
 * Where to insert a colon for each reported line that lost one, or a space for each whose key is glued
 * to its value (`space`): offsets in `text`, ascending.
 */
function lostColons(text: string, problems: readonly SyntaxProblem[]): number[] {
  return lostColonsAndSpaces(text, problems).map((x) => x.at);
}

function lostColonsAndSpaces(text: string, problems: readonly SyntaxProblem[]): { at: number; space: boolean }[] {
  const out = new Map<number, boolean>();
  for (const p of problems) {
    if ((p.kind ?? 'syntax') !== 'syntax' || !TRIGGERS.includes(p.message)) continue;
    const ls = text.lastIndexOf('\n', p.offset - 1) + 1;
    let le = text.indexOf('\n', p.offset);
    if (le < 0) le = text.length;
    let q = ls;
    while (text[q] === ' ') q++;
    const line = text.slice(q, le);
    const g = LINE.exec(line) ? undefined : GLUED.exec(line);
    if (g) {
      if (/: |:$/.test(g[3]!)) continue;
      if (/^[A-Z]/.test(g[2]!) && /\s|[.!?,;]$/.test(g[3]!)) continue;
      const word = q + g[1]!.length;
      if (p.offset < word || p.offset > word + g[2]!.length) continue;
      out.set(word + g[2]!.length + 1, true);
      continue;
    }
    const m = LINE.exec(line);
    if (!m) continue;
    const value = m[4]!;
    if (/: |:$/.test(value) || value.startsWith(':')) continue;
    // A line of prose is no key that lost its colon (REVIEW15-user U8: instructions pasted at the
    // column of `systemInstructions: |`): a capitalised first word (the format's keys are not) and more
    // than one word or a sentence's end (`You answer questions.`, `Answer briefly.`).
    if (/^[A-Z]/.test(m[2]!) && /\s|[.!?,;]$/.test(value)) continue;
    const word = q + m[1]!.length;
    // The problem is the yaml package's for this line's text (it points at the line's first word).
    if (p.offset < word || p.offset > word + m[2]!.length) continue;
    out.set(word + m[2]!.length, false);
  }
  return [...out].sort((a, b) => a[0] - b[0]).map(([at, space]) => ({ at, space }));
}

/** Whether `text`, read into `parsed`, has a key line that lost its colon (cheap when it has no such problem). */
export function needsColonRepair(text: string, parsed: Parsed): boolean {
  return parsed.problems.some((p) => TRIGGERS.includes(p.message)) && lostColons(text, parsed.problems).length > 0;
}

/** The text read with the lost colons written, offsets mapped back; undefined when that reads no better. */
export function repairColons(text: string, first: Parsed, read: (t: string) => Parsed): Parsed | undefined {
  const found = lostColonsAndSpaces(text, first.problems);
  if (found.length === 0) return undefined;
  const at = found.filter((x) => !x.space).map((x) => x.at);
  let repaired = '';
  let from = 0;
  const map = new OffsetMap();
  for (const { at: a, space } of found) {
    repaired += text.slice(from, a);
    map.add(a, 0, repaired.length, 1);
    repaired += space ? ' ' : ':';
    from = a;
  }
  repaired += text.slice(from);
  const r = read(repaired);
  // Counting one problem for each line read again: fewer than the text as it stands, or nothing is taken.
  if (r.problems.length + found.length > first.problems.length) return undefined;
  remap(r.root, map);
  // The key's colon is not in the text: the property has none (as a key typed without its colon yet).
  markColonless(r.root, new Set(at));
  const problems: SyntaxProblem[] = r.problems.map((p) => {
    const start = map.toText(p.offset);
    return { ...p, offset: start, length: map.toText(p.offset + p.length) - start };
  });
  for (const { at: a, space } of found) {
    // (For a glued key, the key and its colon.)
    const end = space ? a - 1 : a;
    let s = end;
    while (s > 0 && /[\w$.-]/.test(text[s - 1]!)) s--;
    problems.push(
      space
        ? { offset: s, length: a - s, message: missingSpaceMessage(text.slice(s, end)), kind: 'syntax' }
        : { offset: s, length: a - s, message: MISSING_COLON_MESSAGE, kind: 'syntax' },
    );
  }
  problems.sort((x, y) => x.offset - y.offset);
  return { root: r.root, problems };
}

function markColonless(root: Parsed['root'], at: ReadonlySet<number>): void {
  if (!root) return;
  const stack = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === 'object')
      for (const p of n.properties) {
        if (at.has(p.colonOffset)) p.colonOffset = -1;
        if (p.value) stack.push(p.value);
      }
    else if (n.type === 'array') for (const it of n.items) stack.push(it);
  }
}
