// Where a document may hold a credential, for anything that shows source text (the CLI's code
// frames), so that a secret never reaches a terminal or a CI log, whole or in part. Read from the
// syntax tree as written, not as a variant types it (a key the provider does not allow, an unknown
// provider, the ignored copy of a duplicate key still hold a secret):
// - the value of every literal key of an EnvironmentValue (`value:`), wherever it stands;
// - the value of every key that is a credential field in some variant of the schema (`apiKey`,
//   `cloudSecretAccessKey`…: the EnvironmentValue-typed properties), and everything inside it but
//   the names in `valueFromEnv`, which are not secrets and are shown;
// - a plain string under a misspelling of such a key (`apiKy`, `api_key`, `cloudSecretAccesKey`);
// - the user information of a URL (`https://user:secret@host`), anywhere in the text.
import type { Node, ParsedDocument } from '../parser/ast';
import { resolve } from '../parser/ast';
import { credentialKeys, definition, isEnvNameProperty } from '../model/schema';
import { editDistance } from './text';

export interface Range {
  offset: number;
  length: number;
}

/**
 * `scheme://userinfo@`: the userinfo (group 1) is masked. Bounded repetitions: on a 1 MB line of
 * letters an unbounded scheme would be tried from every position to the end (quadratic).
 */
const URL_USERINFO = /[A-Za-z][A-Za-z0-9+.-]{0,31}:\/\/([^\s/?#@'"`<>]{1,1024})@/g;

export function secretRanges(doc: ParsedDocument): Range[] {
  const out: Range[] = [];
  // Most texts hold no URL with user information: two searches for what every match contains are
  // ~50x cheaper than trying the pattern at every letter (the CLI frames thousands of files).
  const at = doc.text.indexOf('://');
  if (at >= 0 && doc.text.indexOf('@', at) >= 0)
    for (const m of doc.text.matchAll(URL_USERINFO)) {
      if (m[1]) out.push({ offset: m.index + m[0].length - 1 - m[1].length, length: m[1].length });
    }
  const env = definition('EnvironmentValue');
  if (!env || !doc.root) return out;
  const literalKeys = new Set(Object.keys(env.properties ?? {}).filter((k) => !isEnvNameProperty(env, k)));
  const { credentials, known } = credentialKeys();
  const masked = new Set<Node>();
  /** Every scalar of a value, but the names of valueFromEnv. */
  const maskValue = (raw: Node | undefined): void => {
    const n = resolve(raw);
    if (!n || masked.has(n)) return;
    masked.add(n);
    if (n.type === 'object') {
      for (const p of n.properties)
        if (!(isEnvNameProperty(env, p.key.value) && resolve(p.value)?.type === 'string')) maskValue(p.value);
    } else if (n.type === 'array') {
      for (const item of n.items) maskValue(item);
    } else {
      out.push({ offset: n.offset, length: n.length });
    }
  };
  const stack: Node[] = [doc.root];
  while (stack.length > 0) {
    const n = stack.pop();
    if (n?.type === 'array') stack.push(...n.items);
    if (n?.type !== 'object') continue;
    for (const p of n.properties) {
      const key = p.key.value;
      if (literalKeys.has(key) || credentials.has(key)) maskValue(p.value);
      else if (!known.has(key) && resolve(p.value)?.type === 'string' && misspells(key, credentials))
        maskValue(p.value);
      if (p.value) stack.push(p.value);
    }
  }
  return out;
}

/** A key within a small edit distance of a credential field (letter case, `-` and `_` ignored). */
function misspells(key: string, credentials: ReadonlySet<string>): boolean {
  const k = key.toLowerCase().replace(/[-_\s]/g, '');
  if (k.length < 4) return false;
  for (const c of credentials) {
    const lc = c.toLowerCase();
    const limit = lc.length >= 8 ? 3 : 2;
    // The distance is at least the difference in length: most keys are ruled out without it.
    if (Math.abs(k.length - lc.length) <= limit && editDistance(k, lc) <= limit) return true;
  }
  return false;
}

/** The text with every credential-shaped scalar replaced by `*` (same length, so columns hold). */
export function maskSecrets(text: string, doc: ParsedDocument): string {
  const ranges = secretRanges(doc);
  if (ranges.length === 0) return text;
  const chars = text.split('');
  for (const r of ranges)
    for (let i = r.offset; i < r.offset + r.length && i < chars.length; i++)
      if (chars[i] !== '\n' && chars[i] !== '\r') chars[i] = '*';
  return chars.join('');
}
