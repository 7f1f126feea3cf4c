// `assistant-config format`: the editor's formatter (service/format.ts, comments kept) for files,
// directories and standard input.
import { readFileSync, statSync } from 'node:fs';
import { relative, resolve as resolvePath } from 'node:path';
import { languageOf } from '../parser';
import type { Language } from '../parser';
import { applyEdits, formatDocumentOutcome, parseWithLimits, DEFAULT_OPTIONS } from '../service';
import type { CliIO } from './io';
import { UsageError } from './io';
import { collectFiles, ignoredIncludedNotes, outsideLink, errorText } from './files';
import { escapedNote, maskedNote, NOT_UTF8, printableDiff, strictUtf8, writeAtomic } from './fix';
import { CliProjectConfig, NO_ERROR_ON_EMPTY, parseConfigFlag, reportEmptyDirectory } from './projectConfig';
import type { ConfigChoice } from './projectConfig';
import { isExcluded } from '../service/projectConfig';
import { didYouMean, optionsOf } from './suggest';
import { optionShown, visible, visiblePath } from './visible';
import { preCommitLimitReached, preCommitPartNote } from './preCommitPart';

const HELP = `Usage: assistant-config format [options] FILE|DIR|- ...

Formats AssistantConfig files with the editor's formatter (comments are kept). Without --check
or --write, prints the formatted text of each file.

Options:
  --check                  exit 1 and list the files that would change; change nothing
  --write                  rewrite the files that would change (atomically, keeping their mode)
  --diff                   print what would change as a unified diff
  --stdin-filepath PATH    read standard input as the file PATH (its language and project
                           config come from the path) and print the formatted text
  --indent N               spaces per indentation level (default 2)
  --config FILE, --no-config  the project config whose include/exclude apply (default: the
                           nearest .assistant-config.yaml above each file; a FILE's patterns
                           are relative to the current directory)
  --no-error-on-unmatched-pattern
                           a directory with no AssistantConfig file is not an error
  -h, --help               show this help

Exit status: 0 formatted (or nothing to change), 1 --check found files to change,
2 usage or I/O error, a directory in which no AssistantConfig file was found, a file that
cannot be formatted (a syntax error, or a text the formatter would change: each named on stderr
with the reason, left as it is, and nothing of it printed on stdout), or a project config with
mistakes.
`;

interface Flags {
  mode: 'print' | 'check' | 'write' | 'diff';
  stdinPath: string | undefined;
  indent: number;
  config: ConfigChoice;
  errorOnEmpty: boolean;
  targets: string[];
}

function parse(args: string[]): Flags | 'help' {
  const f: Flags = {
    mode: 'print',
    stdinPath: undefined,
    indent: 2,
    config: { kind: 'walk' },
    errorOnEmpty: true,
    targets: [],
  };
  const setMode = (m: Flags['mode']): void => {
    if (f.mode !== 'print' && f.mode !== m) throw new UsageError('--check, --write and --diff exclude each other.');
    f.mode = m;
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const name = a.startsWith('--') && a.includes('=') ? a.slice(0, a.indexOf('=')) : a;
    const value = (): string => {
      if (a.includes('=')) return a.slice(a.indexOf('=') + 1);
      const v = args[++i];
      if (v === undefined) throw new UsageError(`${a} needs a value. See 'assistant-config format --help'.`);
      return v;
    };
    const cfg = parseConfigFlag(a, args, i);
    if (a === '-h' || a === '--help') return 'help';
    else if (cfg) {
      f.config = cfg.choice;
      i = cfg.i;
    } else if (a === '--check' || a === '-c') setMode('check');
    else if (a === '--write' || a === '-w') setMode('write');
    else if (a === '--diff') setMode('diff');
    else if (a === NO_ERROR_ON_EMPTY) f.errorOnEmpty = false;
    else if (name === '--stdin-filepath') f.stdinPath = value();
    else if (name === '--indent') {
      const v = value();
      if (!/^[1-8]$/.test(v)) throw new UsageError(`--indent must be a number from 1 to 8 (got '${visible(v)}').`);
      f.indent = Number(v);
    } else if (a.startsWith('-') && a !== '-')
      throw new UsageError(
        `Unknown option '${visible(optionShown(a))}'.${didYouMean(name, optionsOf(HELP))} See 'assistant-config format --help'.`,
      );
    else f.targets.push(a);
  }
  if (f.stdinPath !== undefined) {
    if (f.targets.length > 0 && !(f.targets.length === 1 && f.targets[0] === '-'))
      throw new UsageError('--stdin-filepath reads standard input: give no other FILE.');
    if (f.mode === 'write') throw new UsageError('--write cannot write standard input back.');
  } else if (f.targets.length === 0)
    throw new UsageError(
      "format needs at least one FILE, DIR or - (or --stdin-filepath). See 'assistant-config format --help'.",
    );
  if (f.mode === 'write' && f.targets.includes('-')) throw new UsageError('--write cannot write standard input back.');
  return f;
}

/** The formatted text, or why the document cannot be formatted safely (syntax errors, a refusal). */
export function formatText(text: string, language: Language, indent: number): { text: string } | { refused: string } {
  const doc = parseWithLimits(text, language, DEFAULT_OPTIONS);
  const outcome = formatDocumentOutcome(doc, { tabSize: indent, insertSpaces: true });
  // The document's own problems (syntax errors, a safety limit): lint lists them.
  if (outcome.refused !== undefined)
    return { refused: outcome.refused + (outcome.listed ? " (run 'assistant-config lint' on it)" : '') };
  return { text: applyEdits(text, outcome.edits) };
}

export async function formatCommand(args: string[], io: CliIO): Promise<number> {
  const flags = parse(args);
  if (flags === 'help') {
    io.stdout(HELP);
    return 0;
  }
  const configs = new CliProjectConfig(io, flags.config);
  let status = 0;
  const changed: string[] = [];
  let maskedDiffs = 0;
  let escapedDiffs = 0;
  const one = (path: string | undefined, display: string, text: string, language: Language): void => {
    const result = formatText(text, language, flags.indent);
    if ('refused' in result) {
      // Nothing on stdout, as Prettier (REVIEW8 K21d): `format FILE > tmp && mv tmp FILE` stops at
      // the status, and a pipe that ignores it gets no text that looks formatted.
      io.stderr(`assistant-config: cannot format '${visiblePath(display)}': ${visible(result.refused)}\n`);
      status = 2;
      return;
    }
    const out = result.text;
    if (flags.mode === 'print') {
      io.stdout(out);
      return;
    }
    if (out === text) return;
    if (flags.mode !== 'write') changed.push(display);
    if (flags.mode === 'diff') {
      const { diff, masked, escaped } = printableDiff(visiblePath(display), text, out, language);
      io.stdout(diff);
      if (masked) maskedDiffs++;
      if (escaped) escapedDiffs++;
    } else if (flags.mode === 'check') io.stdout(`${visiblePath(display)}\n`);
    else if (path) {
      try {
        writeAtomic(path, out);
        changed.push(display);
        io.stdout(`${visiblePath(display)}\n`);
      } catch (e) {
        io.stderr(`assistant-config: cannot write '${visiblePath(display)}': ${visible(errorText(e))}\n`);
        status = 2;
      }
    }
  };
  /**
   * Standard input as text, or undefined (told, exit 2, nothing printed) when it is not UTF-8: an
   * editor or hook replaces its buffer with what exits 0, and a lossy decoding would have put U+FFFD
   * where those bytes stood (REVIEW5 H23, as --write refuses such a file: REVIEW3 F19).
   */
  const readInput = async (display: string): Promise<string | undefined> => {
    if (!io.readStdinBytes) return io.readStdin();
    const text = strictUtf8(await io.readStdinBytes());
    if (text === undefined) {
      io.stderr(`assistant-config: cannot format '${visiblePath(display)}': ${NOT_UTF8}\n`);
      status = 2;
    }
    return text;
  };
  if (flags.stdinPath !== undefined) {
    const text = await readInput(flags.stdinPath);
    // An editor or a hook formatting an excluded file gets it back unchanged.
    if (text === undefined) {
      // refused above
    } else if (isExcluded(configs.forFile(resolvePath(io.cwd, flags.stdinPath)), resolvePath(io.cwd, flags.stdinPath)))
      io.stdout(text);
    else one(undefined, flags.stdinPath, text, languageOf(flags.stdinPath, text));
  }
  const listed = new Set<string>();
  for (const t of flags.targets) {
    if (t === '-') {
      if (flags.stdinPath !== undefined) continue;
      const text = await readInput('<stdin>');
      if (text !== undefined) one(undefined, '<stdin>', text, languageOf('', text));
      continue;
    }
    const abs = resolvePath(io.cwd, t);
    let st;
    try {
      st = statSync(abs);
    } catch (e) {
      io.stderr(`assistant-config: cannot read '${visible(t)}': ${errorText(e)}\n`);
      status = 2;
      continue;
    }
    if (!st.isDirectory() && isExcluded(configs.forFile(abs), abs)) {
      // As lint does (and ESLint, ruff): a file named on the command line is not skipped silently.
      const cfgOf = configs.forFile(abs);
      const cfgPath = cfgOf?.from?.exclude ?? cfgOf?.path ?? '';
      io.stderr(
        `assistant-config: note: '${visible(t)}' is ignored by the exclude patterns of ${visiblePath(relative(io.cwd, cfgPath) || cfgPath)}; use --no-config to format it anyway\n`,
      );
      continue;
    }
    let unreadable = 0;
    const notes = ignoredIncludedNotes(io);
    const found = st.isDirectory()
      ? collectFiles(
          abs,
          {
            configOf: (file) => configs.forFile(file),
            onOutsideLink: outsideLink(io),
            onIgnoredIncluded: notes.onIgnoredIncluded,
          },
          (dir, error) => {
            io.stderr(
              `assistant-config: cannot read '${visiblePath(relative(io.cwd, dir) || dir)}': ${visible(error)}\n`,
            );
            unreadable++;
            status = 2;
          },
        )
      : [abs];
    notes.flush();
    if (st.isDirectory() && found.length === 0 && unreadable === 0)
      if (reportEmptyDirectory(io, configs, abs, t, flags.errorOnEmpty) !== undefined) status = 2;
    for (const f of found) {
      // A file named twice (or in a directory also named) is formatted once.
      if (listed.has(f) || isExcluded(configs.forFile(f), f)) continue;
      listed.add(f);
      const display = relative(io.cwd, f) || f;
      let text: string | undefined;
      try {
        text = strictUtf8(readFileSync(f));
      } catch (e) {
        io.stderr(`assistant-config: cannot read '${visiblePath(display)}': ${visible(errorText(e))}\n`);
        status = 2;
        continue;
      }
      if (text === undefined) {
        // Its other bytes would be lost as U+FFFD in what is printed or written (REVIEW3 F19).
        io.stderr(`assistant-config: cannot format '${visiblePath(display)}': ${NOT_UTF8}\n`);
        status = 2;
        continue;
      }
      one(f, display, text, languageOf(f, text));
    }
  }
  if (flags.mode === 'check' && changed.length > 0) {
    // One part of a file list pre-commit split (its command-line limit) says so, and how many files it
    // had: its count is not the commit's (REVIEW11 C11, as lint's summary: preCommitPart.ts).
    const limit = preCommitLimitReached(io.argv, io.env);
    const of = limit === undefined ? '' : ` of ${listed.size}`;
    const part = limit === undefined ? '' : ` (${preCommitPartNote(limit)})`;
    io.stderr(
      `${changed.length}${of} file${changed.length === 1 && !of ? '' : 's'} would be reformatted${part}; run 'assistant-config format --write'.\n`,
    );
    if (status === 0) status = 1;
  }
  if (maskedDiffs > 0) io.stderr(maskedNote(maskedDiffs, "'format --write'"));
  if (escapedDiffs > 0) io.stderr(escapedNote(escapedDiffs, "'format --write'"));
  if (flags.mode === 'write' && changed.length > 0)
    io.stderr(`${changed.length} file${changed.length === 1 ? '' : 's'} reformatted.\n`);
  return configs.failed ? 2 : status;
}
