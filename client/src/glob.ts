// The glob patterns of `files.associations`, matched as VS Code matches them: a pattern without a
// slash is matched against the file name, one with a slash against the whole path. Small on
// purpose: it is part of the bundle loaded at activation.

const cache = new Map<string, RegExp>();

function toRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        // `**/` matches any number of folders, including none; a lone `**` anything.
        if (glob[i + 2] === '/') {
          re += '(?:.*/)?';
          i += 2;
        } else {
          re += '.*';
          i += 1;
        }
      } else re += '[^/]*';
    } else if (c === '?') re += '[^/]';
    else if (c === '{') {
      const close = glob.indexOf('}', i);
      if (close < 0) re += '\\{';
      else {
        re += `(?:${glob
          .slice(i + 1, close)
          .split(',')
          .map((alt) => toRegExp(alt).source.slice(1, -1))
          .join('|')})`;
        i = close;
      }
    } else if (c === '[') {
      const close = glob.indexOf(']', i);
      if (close < 0) re += '\\[';
      else {
        re += `[${glob
          .slice(i + 1, close)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\')}]`;
        i = close;
      }
    } else re += c.replace(/[.+^$()|\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** Whether `path` (with forward slashes) matches the `files.associations` pattern. */
export function matchesAssociation(pattern: string, path: string): boolean {
  let re = cache.get(pattern);
  if (!re) {
    re = toRegExp(pattern.replace(/\\/g, '/'));
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
