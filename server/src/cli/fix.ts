// `lint --fix` helpers: writing a file atomically (keeping its mode and line endings) and the
// unified diff that `--fix-dry-run` prints instead of writing.
import {
  accessSync,
  chmodSync,
  chownSync,
  constants,
  existsSync,
  readFileSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { crypto } from './crypto';
import { parse } from '../parser';
import type { Language } from '../parser';
import { secretRanges } from '../service/secretRanges';
import { maskBothSides } from './diffMask';
import { escapeControl, INVISIBLE, showInvisible } from './visible';
import { editScript } from '../service/lineDiff';

// Keeps the original's line endings (a CRLF file stays CRLF): one rule for the CLI and the editor's source.fixAll (service/fixAllEdit.ts).
export { keepLineEndings } from '../service/fixAllEdit';

/** Why a file that held invalid UTF-8 is never rewritten (`--fix`, `format --write`). */
export const NOT_UTF8 =
  'it is not valid UTF-8 (saved in another encoding, such as Windows-1252): rewriting it would replace those bytes with U+FFFD and lose what they were; save it as UTF-8 first';

/** The text of `bytes` when they are valid UTF-8 (a BOM kept, as readFileSync keeps it), else undefined. */
export function strictUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Why `path` must not be rewritten from `read` (the text a fix or the formatter worked on), or
 * undefined: its bytes are not UTF-8 (the text read holds U+FFFD where they stood: writing it would
 * lose them, REVIEW3 F19), or it changed since it was read.
 */
export function rewriteRefusal(path: string, read: string): string | undefined {
  const now = strictUtf8(readFileSync(path));
  if (now === undefined) return NOT_UTF8;
  if (now !== read) return 'it changed on disk while it was checked; run again';
  return undefined;
}

/**
 * Writes `text` to `path` through a temporary file in the same directory and a rename, so a reader
 * (or a crash) never sees half a file. The file's mode is kept; a symbolic link is followed, so the
 * link stays a link and its target gets the new text. A file the user may not write is refused
 * (EACCES), as editors and prettier refuse it: the rename would go around its permissions. Where a
 * rename would change what the file is, it is written in place instead: a file with other hard
 * links (they would keep the old text), a file that belongs to someone else or to another group
 * (it would become the writer's), or a file in a directory that takes no new file.
 */
export function writeAtomic(path: string, text: string): void {
  const real = realpathSync(path);
  const st = statSync(real);
  accessSync(real, constants.W_OK);
  const mode = st.mode & 0o7777;
  const uid = process.getuid?.();
  const gid = process.getgid?.();
  const root = uid === 0;
  const sameOwner = uid === undefined || root || (st.uid === uid && st.gid === gid);
  if (st.nlink <= 1 && sameOwner) {
    const tmp = join(dirname(real), `.${basename(real)}.${process.pid}.${crypto().randomBytes(4).toString('hex')}.tmp`);
    try {
      writeFileSync(tmp, text, { mode, flag: 'wx' });
      chmodSync(tmp, mode); // the umask may have narrowed it
      if (root && (st.uid !== 0 || st.gid !== 0)) chownSync(tmp, st.uid, st.gid);
      renameSync(tmp, real);
      return;
    } catch (e) {
      try {
        unlinkSync(tmp);
      } catch {
        // Never created, or already renamed.
      }
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'EACCES' && code !== 'EPERM' && code !== 'EROFS') throw e;
      // The directory takes no new file, but the file itself is writable: in place, below.
    }
  }
  writeFileSync(real, text);
}

/**
 * Writes a file whole or not at all: an existing one as writeAtomic does (its mode kept), a new one
 * through a temporary file beside it renamed into place. Its directory must exist (not made: Node's
 * recursive mkdir never returns on some paths, `/proc/x`).
 */
export function writeFileAtomic(path: string, text: string): void {
  if (existsSync(path)) {
    writeAtomic(path, text);
    return;
  }
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${crypto().randomBytes(4).toString('hex')}.tmp`);
  try {
    writeFileSync(tmp, text, { flag: 'wx' });
    renameSync(tmp, path);
  } catch (e) {
    try {
      unlinkSync(tmp);
    } catch {
      // Never created, or already renamed.
    }
    throw e;
  }
}

/**
 * The unified diff to print for `before` → `after` (`lint --fix-dry-run`, `format --diff`): a
 * credential written in the file is never printed, not even as context; its characters are masked
 * on both sides, and what the old side masked is masked on the new side too (diffMask.ts). Such a
 * diff no longer applies to those lines: `masked` says so.
 */
export function printableDiff(
  path: string,
  before: string,
  after: string,
  language: Language,
): { diff: string; masked: boolean; escaped: boolean } {
  // (The new side also masks what the old side did: a fix may leave a secret no longer recognised.)
  const { before: maskedBefore, after: maskedAfter } = maskBothSides(
    before,
    secretRanges(parse(before, language)),
    after,
    secretRanges(parse(after, language)),
  );
  const masked = unifiedDiff(path, maskedBefore, maskedAfter) !== unifiedDiff(path, before, after);
  // Control characters of the file shown escaped, as everywhere the CLI prints the file's text: a
  // comment's ESC sequence would drive the terminal, a bidi override reorder what is read (REVIEW3 F20).
  // A byte order mark that starts both sides (a Windows editor's, kept by the fix) is printed as it is,
  // so that the diff applies; one the change adds or removes is shown (REVIEW18-user U1).
  const bom = maskedBefore.startsWith('\ufeff') && maskedAfter.startsWith('\ufeff') ? 1 : 0;
  const shownBefore = maskedBefore.slice(0, bom) + escapeDiffText(maskedBefore.slice(bom));
  const shownAfter = maskedAfter.slice(0, bom) + escapeDiffText(maskedAfter.slice(bom));
  const diff = unifiedDiff(path, shownBefore, shownAfter);
  // Said only when a line the diff prints shows an escape (not for one elsewhere in the file).
  const escaped = diff !== unifiedDiff(path, maskedBefore, maskedAfter);
  return { diff, masked, escaped };
}

/**
 * Control characters escaped (`\e`, `\x07`, `\u202e`), except tabs and the line breaks that make the
 * lines; a no-break space and the other invisible characters as `<U+00A0>` (printed raw, a line that
 * changes only there looks unchanged: `provider: hosted` + U+00A0 against `provider: hosted`).
 */
function escapeDiffText(text: string): string {
  return text
    .replace(/\r(?=\n)|\n|\t|([\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069])/gu, (c, control?: string) =>
      control !== undefined ? escapeControl(control) : c,
    )
    .replace(INVISIBLE, showInvisible);
}

/** What to say after printing diffs of which `files` had control or invisible characters shown escaped. */
export const escapedNote = (files: number, fix: string): string =>
  `assistant-config: control characters and invisible ones (a no-break space as <U+00A0>) in ${String(files)} file${files === 1 ? '' : 's'} are shown escaped in the diff, which therefore does not apply to those lines; run ${fix} to apply the changes.\n`;

/** What to say after printing diffs of which `files` had credentials masked. */
export const maskedNote = (files: number, fix: string): string =>
  `assistant-config: credentials written in ${String(files)} file${files === 1 ? '' : 's'} are masked with '*' in the diff, which therefore does not apply to those lines; run ${fix} to apply the changes.\n`;

/** A unified diff (3 lines of context) of `before` → `after`, as `diff -u` / `git diff` print it. */
export function unifiedDiff(path: string, before: string, after: string): string {
  if (before === after) return '';
  const a = splitLines(before);
  const b = splitLines(after);
  // The common head and tail are cheap to find; the edit script is computed on the middle only.
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const ops = editScript(a.slice(head, a.length - tail), b.slice(head, b.length - tail));
  type Line = { op: ' ' | '-' | '+'; text: string; ai: number; bi: number };
  const lines: Line[] = [];
  for (let i = 0; i < head; i++) lines.push({ op: ' ', text: a[i]!, ai: i, bi: i });
  let ai = head;
  let bi = head;
  for (const op of ops) {
    if (op === '=') lines.push({ op: ' ', text: a[ai]!, ai: ai++, bi: bi++ });
    else if (op === '-') lines.push({ op: '-', text: a[ai]!, ai: ai++, bi });
    else lines.push({ op: '+', text: b[bi]!, ai, bi: bi++ });
  }
  for (let i = 0; i < tail; i++) lines.push({ op: ' ', text: a[ai]!, ai: ai++, bi: bi++ });
  // Hunks: changed lines with up to 3 lines of context, merged when their context touches.
  const CONTEXT = 3;
  let out = `--- a/${path}\n+++ b/${path}\n`;
  let i = 0;
  while (i < lines.length) {
    while (i < lines.length && lines[i]!.op === ' ') i++;
    if (i >= lines.length) break;
    const start = Math.max(0, i - CONTEXT);
    let end = i;
    let lastChange = i;
    while (end < lines.length && (lines[end]!.op !== ' ' || end - lastChange <= 2 * CONTEXT)) {
      if (lines[end]!.op !== ' ') lastChange = end;
      end++;
    }
    end = Math.min(lines.length, lastChange + CONTEXT + 1);
    const hunk = lines.slice(start, end);
    const aCount = hunk.filter((l) => l.op !== '+').length;
    const bCount = hunk.filter((l) => l.op !== '-').length;
    const aStart = aCount === 0 ? hunk[0]!.ai : hunk[0]!.ai + 1;
    const bStart = bCount === 0 ? hunk[0]!.bi : hunk[0]!.bi + 1;
    out += `@@ -${aStart}${aCount === 1 ? '' : `,${aCount}`} +${bStart}${bCount === 1 ? '' : `,${bCount}`} @@\n`;
    for (const l of hunk) out += l.op + (l.text.endsWith('\n') ? l.text : `${l.text}\n\\ No newline at end of file\n`);
    i = end;
  }
  return out;
}

/** Lines with their endings kept (so a changed ending shows as a change). */
function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}
