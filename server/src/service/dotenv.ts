// Reads the names defined in a `.env` file (KEY=value lines). Values are never kept.

export function dotenvNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const raw of text.split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(raw);
    if (m) names.add(m[1]!);
  }
  return names;
}
