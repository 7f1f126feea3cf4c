// Document links on URL values (`baseUrl`, `endpoint`), in YAML and JSON. A text search finds the
// candidate keys, the tree confirms them: a link request on a large file reads no more than it must.
import type { ParsedDocument } from '../parser/ast';
import { nodeAt, resolve } from '../parser/ast';
import { documentAt } from '../parser/documents';
import { credentialShapes } from './credentialShapes';
import { ADDRESS_KEYS } from '../model/schema';

export interface LinkEntry {
  offset: number;
  length: number;
  target: string;
}

/**
 * The keys whose value is a service address (links, url-scheme; a provider switch carries one to the
 * other): the schema's fields whose `serviceMeaning` is 'address', `baseUrl` and `endpoint`.
 */
export const URL_KEYS: ReadonlySet<string> = ADDRESS_KEYS;
const CANDIDATE = new RegExp(`(?:^|[\\s{,"'])(${[...URL_KEYS].join('|')})["']?[ \\t]*:`, 'gm');

export function documentLinks(doc: ParsedDocument): LinkEntry[] {
  const out: LinkEntry[] = [];
  const text = doc.text;
  CANDIDATE.lastIndex = 0;
  for (let m = CANDIDATE.exec(text); m; m = CANDIDATE.exec(text)) {
    const keyAt = m.index + m[0].indexOf(m[1]!);
    // In the AssistantConfig document that holds it (a second one after `---` too).
    const key = nodeAt(documentAt(doc, keyAt, 'config').root, keyAt);
    const prop = key?.parent;
    if (key?.type !== 'string' || prop?.type !== 'property' || prop.key !== key || !URL_KEYS.has(key.value)) continue;
    const v = resolve(prop.value);
    // The link covers the value as written here (not an aliased node elsewhere).
    if (v?.type !== 'string' || prop.value !== v) continue;
    const target = httpUrl(v.value);
    if (!target) continue;
    const quoted = v.quoted || doc.language === 'json';
    let at = { offset: v.offset + (quoted ? 1 : 0), length: Math.max(0, v.length - (quoted ? 2 : 0)) };
    if (!quoted && /^[|>]/.test(text.slice(v.offset, v.offset + 1))) {
      // A block scalar (`baseUrl: >-` and the URL below): the link covers the URL's text, not the
      // indicator; none when the URL is not written on one line.
      const url = v.value.trim();
      const i = text.indexOf(url, v.offset);
      if (i < 0 || i + url.length > v.offset + v.length) continue;
      at = { offset: i, length: url.length };
    }
    out.push({ ...at, target });
  }
  return out;
}

function httpUrl(s: string): string | undefined {
  const t = s.trim();
  if (!/^https?:\/\/[^\s]+$/i.test(t)) return undefined;
  // Nor one whose path or query holds a credential (`?api-key=…`, flagged literal-secret and masked):
  // one click would put it in the browser's history and the server's logs (REVIEW8 K13i).
  if (credentialShapes(t).length > 0) return undefined;
  try {
    const u = new URL(t);
    // No link that would put a user name or password into a browser's address bar or history.
    if (u.username || u.password) return undefined;
    return u.href;
  } catch {
    return undefined;
  }
}
