// The workspace `.env` file: reading its names (and, for the secret-moving fix only, comparing its
// values), and writing one more line. Values are never logged, shown or kept beyond a call.
// The syntax is the common one of dotenv, docker compose and shells: `[export ]NAME=value`, with
// 'single-quoted' (literal) and "double-quoted" (\n, \", \\ escapes) values and `#` comments.

const LINE = /^\s*(?:export\s+)?([\w.-]+)\s*=\s*(.*)$/;

export function dotenvNames(text: string): Set<string> {
  return new Set(parseDotenv(text).keys());
}

/** NAME → value; with a name defined twice, the last definition (as dotenv reads it). */
export function parseDotenv(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const m = LINE.exec(lines[i]!);
    if (!m) continue;
    let raw = m[2]!;
    let value: string;
    const q = raw[0];
    if (q === '"' || q === "'") {
      // A quoted value may span lines up to its closing quote.
      let body = raw.slice(1);
      let end = closingQuote(body, q);
      while (end < 0 && i + 1 < lines.length) {
        body += '\n' + lines[++i]!;
        end = closingQuote(body, q);
      }
      raw = end < 0 ? body : body.slice(0, end);
      value = q === '"' ? raw.replace(/\\([n"\\])/g, (_, c: string) => (c === 'n' ? '\n' : c)) : raw;
    } else {
      value = raw.replace(/\s+#.*$/, '').trim();
    }
    out.set(m[1]!, value);
  }
  return out;
}

function closingQuote(s: string, q: string): number {
  for (let i = 0; i < s.length; i++) {
    if (q === '"' && s[i] === '\\') i++;
    else if (s[i] === q) return i;
  }
  return -1;
}

/** One `.env` line that reads back (through parseDotenv, dotenv and a shell's `source`) as `value`. */
export function dotenvLine(name: string, value: string): string {
  if (/^[\w@%+=:,./-]*$/.test(value)) return `${name}=${value}`;
  if (!/['\n\r]/.test(value)) return `${name}='${value}'`;
  return `${name}="${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r?\n/g, '\\n')}"`;
}

/** The edit that appends `NAME=value` to a `.env` text (undefined: the file does not exist yet). */
export function appendToDotenv(text: string | undefined, name: string, value: string): { offset: number; length: number; newText: string } {
  const current = text ?? '';
  const eol = current.includes('\r\n') ? '\r\n' : '\n';
  const sep = current === '' || current.endsWith('\n') ? '' : eol;
  return { offset: current.length, length: 0, newText: `${sep}${dotenvLine(name, value)}${eol}` };
}
