// What the server sends a client that declared less than VS Code does (Neovim, Helix, Emacs, vim-lsp,
// kak-lsp…): snippet text as the plain text it inserts, Markdown as the plain text it reads as.

/**
 * The text a snippet inserts when its tab stops are left as they are: `$1`, `${1}` and `$0` removed,
 * `${1:default}` replaced by its default (nested placeholders too), `${1|a,b|}` by its first choice,
 * `${VAR:default}` by its default (a variable without one by nothing), and `\$`, `\}`, `\\` unescaped
 * (LSP 3.17 snippet syntax). A `$` that starts none of these is text. Sent to clients without
 * `completionItem.snippetSupport`, which insert `textEdit.newText` literally.
 */
export function snippetToPlain(snippet: string): string {
  let i = 0;
  const n = snippet.length;
  const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';
  const isVarStart = (c: string | undefined): boolean => c !== undefined && /[A-Za-z_]/.test(c);
  const readWhile = (re: RegExp): string => {
    const start = i;
    while (i < n && re.test(snippet[i]!)) i++;
    return snippet.slice(start, i);
  };
  /** Text and elements up to an unescaped `}` (consumed when `inBraces`) or the end. */
  const parseAny = (inBraces: boolean): string => {
    let out = '';
    while (i < n) {
      const c = snippet[i]!;
      if (c === '\\') {
        const next = snippet[i + 1];
        if (next === '$' || next === '}' || next === '\\') {
          out += next;
          i += 2;
        } else {
          out += c;
          i++;
        }
        continue;
      }
      if (c === '}' && inBraces) {
        i++;
        return out;
      }
      if (c === '$') {
        out += parseDollar();
        continue;
      }
      out += c;
      i++;
    }
    return out;
  };
  /** At a `$`: the plain text of the element it starts (the `$` itself when it starts none). */
  const parseDollar = (): string => {
    const start = i;
    i++;
    const c = snippet[i];
    if (isDigit(c)) {
      readWhile(/[0-9]/);
      return '';
    }
    if (isVarStart(c)) {
      readWhile(/[A-Za-z0-9_]/);
      return '';
    }
    if (c !== '{') return '$';
    i++;
    const d = snippet[i];
    if (!isDigit(d) && !isVarStart(d)) {
      i = start + 1;
      return '$';
    }
    readWhile(/[A-Za-z0-9_]/);
    const after = snippet[i];
    if (after === '}') {
      i++;
      return '';
    }
    if (after === ':') {
      i++;
      return parseAny(true);
    }
    if (after === '|' && isDigit(d)) {
      // A choice: its first option (`\,`, `\|` and the usual escapes inside).
      i++;
      let first = '';
      let inFirst = true;
      while (i < n) {
        const ch = snippet[i]!;
        if (ch === '\\' && i + 1 < n) {
          if (inFirst) first += snippet[i + 1]!;
          i += 2;
          continue;
        }
        if (ch === ',') inFirst = false;
        else if (ch === '|' && snippet[i + 1] === '}') {
          i += 2;
          return first;
        } else if (inFirst) first += ch;
        i++;
      }
      return first;
    }
    if (after === '/') {
      // A transform (`${1/re/fmt/}`, `${VAR/re/fmt/opts}`): the tab stop or variable is left empty.
      let slashes = 0;
      while (i < n && !(slashes >= 3 && snippet[i] === '}')) {
        if (snippet[i] === '\\') i++;
        else if (snippet[i] === '/') slashes++;
        i++;
      }
      i++;
      return '';
    }
    // Not snippet syntax after all: the text as it stands.
    i = start + 1;
    return '$';
  };
  return parseAny(false);
}

/**
 * Markdown as plain text reads, for clients whose `hover.contentFormat` or
 * `completionItem.documentationFormat` prefers `plaintext`: code spans without their backticks,
 * bold and `*`-emphasis without their markers, links as `text (url)`, headings and fences without
 * their marks (a fenced block's lines kept), backslash escapes resolved. `_` is left alone: it is
 * part of names (`VENDOR_A_API_KEY`).
 */
export function markdownToPlain(markdown: string): string {
  const lines = markdown.split('\n');
  const out: string[] = [];
  let fenced = false;
  for (const line of lines) {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      continue;
    }
    if (fenced) {
      out.push(line);
      continue;
    }
    out.push(inlinePlain(line.replace(/^\s{0,3}#{1,6}\s+/, '')));
  }
  return out.join('\n');
}

function inlinePlain(line: string): string {
  let out = '';
  let i = 0;
  const n = line.length;
  while (i < n) {
    const c = line[i]!;
    if (c === '\\' && i + 1 < n && /[\\`*_{}[\]()#+\-.!|<>~]/.test(line[i + 1]!)) {
      out += line[i + 1]!;
      i += 2;
      continue;
    }
    if (c === '`') {
      // A code span: as many backticks close it as opened it; its text is literal.
      const ticks = /^`+/.exec(line.slice(i))![0];
      const close = line.indexOf(ticks, i + ticks.length);
      if (close > 0) {
        const inner = line.slice(i + ticks.length, close);
        out += ticks.length > 1 ? inner.trim() : inner;
        i = close + ticks.length;
        continue;
      }
      out += ticks;
      i += ticks.length;
      continue;
    }
    if (c === '[') {
      const m = /^\[([^\]]*)\]\(([^)\s]*)(?:\s+"[^"]*")?\)/.exec(line.slice(i));
      if (m) {
        const text = inlinePlain(m[1]!);
        out += m[2] && m[2] !== text ? `${text} (${m[2]})` : text;
        i += m[0].length;
        continue;
      }
    }
    if (c === '*') {
      // Emphasis (`*x*`, `**x**`, `***x***`): a run next to text closed by the same run on the line;
      // any other `*` (`*.yaml`, `2 * 3`) is text.
      const stars = /^\*+/.exec(line.slice(i))![0];
      const after = line[i + stars.length];
      if (stars.length <= 3 && after !== undefined && !/\s/.test(after)) {
        let close = line.indexOf(stars, i + stars.length + 1);
        while (close > 0 && (/[\s\\]/.test(line[close - 1]!) || line[close + stars.length] === '*'))
          close = line.indexOf(stars, close + 1);
        if (close > 0) {
          out += inlinePlain(line.slice(i + stars.length, close));
          i = close + stars.length;
          continue;
        }
      }
      out += stars;
      i += stars.length;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}
