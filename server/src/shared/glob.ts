// Glob patterns as regular expressions: one translation for the client's `files.associations`
// (client/src/glob.ts) and the project config's include/exclude (service/projectConfig.ts), which
// differ only in what the pattern is matched against. Part of the shared module (see ./index.ts);
// small on purpose, as it is in the client's first bundle.

/**
 * The regular-expression source of a glob (without anchors): `*` and `?` within a path segment,
 * `**` across segments (`**` followed by `/` also matches no folder at all), `{a,b}` alternatives
 * (each a glob), `[abc]` and `[!abc]` classes; every other character stands for itself.
 */
export function globSource(glob: string): string {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        const slashAfter = glob[i + 2] === '/';
        re += slashAfter ? '(?:.*/)?' : '.*';
        i += slashAfter ? 2 : 1;
      } else re += '[^/]*';
    } else if (c === '?') re += '[^/]';
    else if (c === '{') {
      const close = glob.indexOf('}', i);
      if (close < 0) re += '\\{';
      else {
        re += `(?:${glob
          .slice(i + 1, close)
          .split(',')
          .map(globSource)
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
    } else re += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return re;
}
