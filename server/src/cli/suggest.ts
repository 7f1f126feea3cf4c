// "Did you mean …?" for a mistyped option or command (`--max-warning`, `lnt`), as ESLint and git
// say it. The candidates are read from the command's own help text, the one list of its options.
import { closestMatches, orList } from '../service/text';

/** The options a help text names (`--max-warnings`, `-o`), each once, in its order. */
export function optionsOf(help: string): string[] {
  return [...new Set(help.match(/(?<![\w-])--?[a-z][a-z0-9-]*/g) ?? [])];
}

/** The commands a help text lists: the first word of each line of its `Commands:` block. */
export function commandsOf(help: string): string[] {
  const block = /^Commands:\n((?: {2}\S.*\n)+)/m.exec(help)?.[1] ?? '';
  return [...block.matchAll(/^ {2}([a-z][a-z-]*)/gm)].map((m) => m[1]!);
}

/**
 * ` Did you mean '--max-warnings'?` (or `'--fix' or '--fix-dry-run'` when several are as close) when
 * `typed` (an option's name, without any `=value`) looks like a slip of candidates; '' otherwise.
 */
export function didYouMean(typed: string, candidates: readonly string[]): string {
  // Compared without the dashes: `--quite` is one letter from `--quiet`, not two of eight characters.
  const bare = (s: string): string => s.replace(/^-+/, '');
  const word = bare(typed);
  if (word.length < 2) return '';
  // A long option is compared with the long ones (`--out` is not `-o`), a command with commands.
  const long = typed.startsWith('--');
  const pool = candidates.filter((c) => c.startsWith('--') === long);
  const names = pool.map(bare);
  const { best, tied } = closestMatches(word, names);
  if (best === undefined || best === word) return '';
  const near = tied.map((t) => pool[names.indexOf(t)]!);
  return ` Did you mean ${orList(near)}?`;
}
