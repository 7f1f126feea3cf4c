// The glob patterns of `files.associations`, matched as VS Code matches them: a pattern without a
// slash is matched against the file name, one with a slash against the whole path. Small on
// purpose: it is part of the bundle loaded at activation.
import { globSource } from '../../server/src/shared/glob';

const cache = new Map<string, RegExp>();

/** Whether `path` (with forward slashes) matches the `files.associations` pattern. */
export function matchesAssociation(pattern: string, path: string): boolean {
  let re = cache.get(pattern);
  if (!re) {
    re = new RegExp(`^${globSource(pattern.replace(/\\/g, '/'))}$`);
    cache.set(pattern, re);
  }
  if (pattern.includes('/')) return re.test(path) || re.test(path.replace(/^\/+/, ''));
  return re.test(path.slice(path.lastIndexOf('/') + 1));
}

/** The language `files.associations` gives a file, if any pattern matches it. */
export function associatedLanguage(
  associations: Record<string, unknown> | undefined,
  path: string,
): string | undefined {
  if (!associations) return undefined;
  for (const [pattern, language] of Object.entries(associations))
    if (typeof language === 'string' && matchesAssociation(pattern, path)) return language;
  return undefined;
}
