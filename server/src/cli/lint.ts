// `assistant-config lint FILE|DIR|-…`: the editor's diagnostics, for terminals and CI.
import { readFileSync, realpathSync, statSync, existsSync } from 'node:fs';
import { resolve as resolvePath, relative, join, isAbsolute, basename, dirname } from 'node:path';
import { availableParallelism } from 'node:os';
import type { CliIO } from './io';
import { UsageError, bufferedIO, isUsageError, usageMessage } from './io';
import { collectFiles, ignoredIncludedNotes, outsideLink, displayPaths, errnoText, errorText } from './files';
import { isSuppressible } from '../service';
import { languageOf, parse } from '../parser';
import { secretRanges } from '../service/secretRanges';
import { carriedSecrets } from './diffMask';
import { isExcluded, PROJECT_CONFIG_FILE } from '../service/projectConfig';
import { analyzeWith, lintText } from './analyze';
import { FileLinter, LintPool, threadCount } from './pool';
import type { LintSetup, Outcome } from './pool';
import { FileReader, READ_BATCH, readText } from './reader';
import { DEFAULT_CACHE_FILE, LintCache, runKey } from './cache';
import { NO_ERROR_ON_EMPTY, parseConfigFlag, parseRuleFlag, reportEmptyDirectory } from './projectConfig';
import type { RuleLevel } from '../service/projectConfig';
import type { DiagnosticCode } from '../service/codes';
import type { ConfigChoice } from './projectConfig';
import { DotenvLookup, dotenvProblemMessage, homeDirOf } from '../lsp/dotenvLookup';
import { sarifStream } from './sarif';
import { gitlabRoots, gitlabStream } from './gitlab';
import type { ReportStream } from './jsonStream';
import type { FileReport, RunOutcome, Skipped } from './report';
import { appendStepSummary, githubReport } from './github';
import { fixAll } from '../service/fixAll';
import type { AppliedFix, FixAllResult } from '../service/fixAll';
import {
  escapedNote,
  keepLineEndings,
  maskedNote,
  printableDiff,
  rewriteRefusal,
  writeAtomic,
  writeFileAtomic,
} from './fix';
import {
  count,
  emptyCounts,
  heldBack,
  plural,
  jsonReportStream,
  junit,
  summaryLine,
  textOfFile,
  useColour,
} from './output';
import { didYouMean, optionsOf } from './suggest';
import { optionShown, visible, visiblePath } from './visible';
import { preCommitLimitReached, preCommitPartNote } from './preCommitPart';

/** Files from which a one-thread lint reads ahead on a second thread (below, its start-up is not won back). */
const READ_AHEAD_FROM = 2 * READ_BATCH;

const FORMATS = ['text', 'json', 'sarif', 'github', 'gitlab', 'junit'] as const;
type Format = (typeof FORMATS)[number];

const HELP = `Usage: assistant-config lint [options] FILE|DIR|- ...

Checks AssistantConfig files. Directories are searched for *.assistant.{yaml,yml,json},
assistant-config.{yaml,yml,json} and YAML/JSON files whose top level says kind: AssistantConfig.
'-' reads standard input.

Options:
  --format FORMAT            text (default: code frames and a summary), json, sarif,
                             github (GitHub Actions annotations), gitlab (GitLab Code Quality
                             report), junit (JUnit XML)
  --quiet                    report errors only (warnings still count for --max-warnings)
  --max-warnings N           exit 1 when there are more than N warnings (-1: no limit, the default)
  --color, --no-color        force colour on or off (default: on a terminal; NO_COLOR and
                             FORCE_COLOR are honoured)
  --fix                      apply the safe fixes (see 'assistant-config explain CODE'), again and
                             again until nothing changes; files are rewritten atomically, keeping
                             their mode and line endings; what remains is reported; a line
                             that is a syntax error is left as written (its whitespace,
                             indentation and JSON commas aside)
  --fix-dry-run              print the fixes as a unified diff instead of writing them; with a
                             --format other than text, standard output has the report of what
                             would remain in that format and the diff goes to standard error
                             (not with --fix)
  -o, --output-file FILE     write the report (what goes to standard output) to FILE instead,
                             whole, once the run is over; the exit status is the same
  --config FILE              use this project config instead of the nearest .assistant-config.yaml;
                             its include and exclude patterns are relative to the current directory
  --no-config                use no project config
  --rule CODE=LEVEL[,CODE=LEVEL]
                             set a code's level (off, info, warning or error) as the project
                             config's rules do, over what it says: --rule literal-secret=error
                             (repeatable; a code it may not turn off or lower, nor may this)
  --no-error-on-unmatched-pattern
                             a directory with no AssistantConfig file is not an error (exit 0)
  --jobs N                   lint on N threads (default 1: on small files each thread's start-up
                             outweighs what it shares; output order is the file order whatever N)
  --cache                    keep each file's report, keyed by its content, its project config
                             and the run's settings, and reuse it while they are unchanged (one
                             thread; not with --fix)
  --cache-location FILE      where --cache keeps it (implies --cache; default
                             .assistant-config-cache in the current directory)
  --language yaml|json       language of standard input (default: guessed from the content)
  --stdin-filepath PATH      lint standard input as the file PATH: its project config (found from
                             PATH), its exclude patterns, its language and its name in the output
  --no-env-check             do not report valueFromEnv variables missing from the environment and
                             the file's .env (the nearest walking up from the file, within its git
                             repository: the same wherever the command runs), or set to nothing
                             there; a .env that git does not ignore, or tracks, is still reported
                             (--suppress dotenv-not-ignored skips that)
  --suppress CODE[,CODE]     silence these diagnostic codes in every file (JSON has no comments;
                             in YAML, '# assistant-config-disable-next-line CODE' works too)
  -h, --help                 show this help

A file named on the command line that the project config's exclude patterns ignore is not
checked: it gets a note on standard error, which does not count as a warning (pre-commit passes
every staged file; the project's own exclusion does not fail --max-warnings 0).

Exit status: 0 no errors, 1 errors found (or more warnings than --max-warnings), 2 usage or I/O
error, a project config with mistakes (the files are still checked with what could be read), or a
directory named here in which no AssistantConfig file was found (as ESLint does: a CI gate must not
pass on files it never saw; --no-error-on-unmatched-pattern allows it).
`;

interface FileFix {
  applied: AppliedFix[];
  /** Safe fixes not applied: they edit a line that is a syntax error (fixAll.ts, syntaxHold). */
  held: FixAllResult['held'];
  before: string;
  after: string;
  language: 'yaml' | 'json';
}

export interface LintFlags {
  format: Format;
  quiet: boolean;
  maxWarnings: number | undefined;
  colour: boolean | undefined;
  stdinLanguage: 'yaml' | 'json' | undefined;
  /** --stdin-filepath: the file standard input stands for. */
  stdinPath: string | undefined;
  envCheck: boolean;
  suppress: string[];
  fix: 'off' | 'write' | 'dry-run';
  config: ConfigChoice;
  /** --rule CODE=LEVEL: laid over each file's project config (the command line wins). */
  rules: Partial<Record<DiagnosticCode, RuleLevel>>;
  jobs: number | undefined;
  /** --cache: the cache file's path as given (resolved against the working directory). */
  cache: string | undefined;
  /** Whether a directory target in which no file is found fails the run (exit 2). */
  errorOnEmpty: boolean;
  /** -o/--output-file: where the report goes instead of standard output (written whole at the end). */
  outputFile: string | undefined;
  targets: string[];
}

function value(args: string[], i: number, a: string): { v: string; i: number } {
  if (a.includes('=')) return { v: a.slice(a.indexOf('=') + 1), i };
  const v = args[i + 1];
  if (v === undefined) throw new UsageError(`${a} needs a value. See 'assistant-config lint --help'.`);
  return { v, i: i + 1 };
}

export function parseLintArgs(args: string[]): LintFlags | 'help' {
  const f: LintFlags = {
    format: 'text',
    quiet: false,
    maxWarnings: undefined,
    colour: undefined,
    stdinLanguage: undefined,
    stdinPath: undefined,
    envCheck: true,
    suppress: [],
    fix: 'off',
    config: { kind: 'walk' },
    rules: {},
    jobs: undefined,
    cache: undefined,
    errorOnEmpty: true,
    outputFile: undefined,
    targets: [],
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const name = a.startsWith('--') && a.includes('=') ? a.slice(0, a.indexOf('=')) : a;
    const cfg = parseConfigFlag(a, args, i);
    if (a === '-h' || a === '--help') return 'help';
    else if (cfg) {
      f.config = cfg.choice;
      i = cfg.i;
    } else if (name === '--format') {
      const r = value(args, i, a);
      i = r.i;
      if (!(FORMATS as readonly string[]).includes(r.v))
        throw new UsageError(`--format must be one of ${FORMATS.join(', ')} (got '${visible(r.v)}').`);
      f.format = r.v as Format;
    } else if (name === '--rule') {
      const r = value(args, i, a);
      i = r.i;
      parseRuleFlag(r.v, f.rules);
    } else if (name === '--stdin-filepath') {
      const r = value(args, i, a);
      i = r.i;
      f.stdinPath = r.v;
    } else if (name === '--language') {
      const r = value(args, i, a);
      i = r.i;
      if (r.v !== 'yaml' && r.v !== 'json')
        throw new UsageError(`--language must be yaml or json (got '${visible(r.v)}').`);
      f.stdinLanguage = r.v;
    } else if (name === '--jobs' || name === '-j') {
      const r = value(args, i, a);
      i = r.i;
      if (!/^[1-9]\d*$/.test(r.v))
        throw new UsageError(`--jobs must be a positive whole number (got '${visible(r.v)}').`);
      f.jobs = Number(r.v);
    } else if (a === '--cache') f.cache ??= DEFAULT_CACHE_FILE;
    else if (name === '--cache-location') {
      const r = value(args, i, a);
      i = r.i;
      if (!r.v) throw new UsageError('--cache-location needs a file name.');
      f.cache = r.v;
    } else if (name === '--max-warnings') {
      const r = value(args, i, a);
      i = r.i;
      // -1 is ESLint's "no limit" (its default), which scripts copied from ESLint pass.
      if (r.v === '-1') f.maxWarnings = undefined;
      else if (/^\d+$/.test(r.v)) f.maxWarnings = Number(r.v);
      else throw new UsageError(`--max-warnings must be a whole number, or -1 for no limit (got '${visible(r.v)}').`);
    } else if (a === '--quiet' || a === '-q') f.quiet = true;
    else if (a === NO_ERROR_ON_EMPTY) f.errorOnEmpty = false;
    else if (a === '--color' || a === '--colour') f.colour = true;
    else if (a === '--no-color' || a === '--no-colour') f.colour = false;
    else if (a === '--no-env-check') f.envCheck = false;
    else if (name === '--suppress') {
      const r = value(args, i, a);
      i = r.i;
      const list = r.v
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean);
      const bad = list.filter((c) => !isSuppressible(c));
      if (list.length === 0 || bad.length > 0)
        throw new UsageError(
          `--suppress takes diagnostic codes that can be silenced (got '${bad.join(',') || '(none)'}'). See 'assistant-config explain CODE'.`,
        );
      f.suppress.push(...list);
    } else if (a === '--fix' || a === '--fix-dry-run') {
      // Either would be a guess (ESLint refuses the pair too): one shows the fixes, the other writes them.
      const mode = a === '--fix' ? 'write' : 'dry-run';
      if (f.fix !== 'off' && f.fix !== mode)
        throw new UsageError(
          "--fix and --fix-dry-run cannot be used together: --fix-dry-run shows the fixes as a diff, --fix writes them. See 'assistant-config lint --help'.",
        );
      f.fix = mode;
    } else if (name === '--output-file' || name === '-o') {
      const r = value(args, i, a);
      i = r.i;
      if (!r.v) throw new UsageError('--output-file needs a file name.');
      f.outputFile = r.v;
    } else if (a.startsWith('-') && a !== '-')
      throw new UsageError(
        `Unknown option '${visible(optionShown(a))}'.${didYouMean(name, optionsOf(HELP))} See 'assistant-config lint --help'.`,
      );
    else f.targets.push(a);
  }
  if (f.stdinPath !== undefined && !f.targets.includes('-')) f.targets.push('-');
  if (f.targets.length === 0)
    throw new UsageError("lint needs at least one FILE, DIR or -. See 'assistant-config lint --help'.");
  if (f.fix === 'write' && f.targets.includes('-'))
    throw new UsageError('--fix cannot write standard input back; use --fix-dry-run to see the fixes as a diff.');
  return f;
}

export async function lintCommand(args: string[], io0: CliIO): Promise<number> {
  const flags = parseLintArgs(args);
  if (flags === 'help') {
    io0.stdout(HELP);
    return 0;
  }
  // -o FILE: what would go to standard output is gathered and written to the file at the end, whole
  // (a temporary file renamed over it), whatever the exit status; no colour unless --color asks.
  const report: string[] = [];
  const out =
    flags.outputFile === undefined
      ? io0
      : {
          ...io0,
          stdout: (t: string) => report.push(t),
          stdoutIsTTY: false,
          stdoutClosed: undefined,
          stdoutPending: undefined,
        };
  if (flags.outputFile !== undefined) flags.colour ??= false;
  // Standard output in large writes (one system call per 64 KB, not one per file); flushed before
  // anything goes to standard error, so a terminal shows both in the order they were written.
  const io = bufferedIO(out);
  // JSON, SARIF and GitLab reports are printed as the run goes (jsonStream.ts), JUnit at its end.
  const doc = reportStream(flags.format, io0);
  let code: number;
  try {
    code = await lintFiles(flags, io, doc);
  } catch (e) {
    // A run stopped by an error (a --config file that cannot be read, an internal error) still
    // leaves a SARIF, JUnit, JSON or GitLab report that says it failed, not one that reads as all
    // clean (REVIEW9 K9, REVIEW11 C1): the report ends with the failure, after what it had printed
    // (JUnit prints nothing before the run's end). Without -o it goes to standard output, so that
    // `> report.sarif` is no empty file.
    if (doc || flags.format === 'junit') {
      const run: RunOutcome = {
        exitCode: 2,
        failures: [
          usageMessage(isUsageError(e) ? e.message : `internal error: ${e instanceof Error ? e.message : String(e)}`),
        ],
      };
      io.stdout(doc ? doc.end(run) : junit([], run));
      io.flush();
      if (flags.outputFile !== undefined)
        try {
          writeFileAtomic(resolvePath(io0.cwd, flags.outputFile), report.join(''));
        } catch {
          // The error itself is what the command reports.
        }
    }
    throw e;
  } finally {
    io.flush();
  }
  if (flags.outputFile === undefined) return code;
  try {
    writeFileAtomic(resolvePath(io0.cwd, flags.outputFile), report.join(''));
  } catch (e) {
    io0.stderr(
      `assistant-config: cannot write the report to '${visible(flags.outputFile)}': ${visible(errorText(e))}\n`,
    );
    return 2;
  }
  return code;
}

/** The report of a format printed as the run goes, or undefined (text, github and junit). */
function reportStream(format: Format, io: CliIO): ReportStream | undefined {
  if (format === 'json') return jsonReportStream();
  if (format === 'sarif') return sarifStream(sarifRoot(io.cwd, io.env.GITHUB_WORKSPACE));
  if (format === 'gitlab')
    return gitlabStream(io.cwd, gitlabRoots(io.cwd, realPaths(io.env.CI_PROJECT_DIR), gitTop(io.cwd)));
  return undefined;
}

async function lintFiles(
  flags: LintFlags,
  io: CliIO & { flush(): void; flushes: number },
  doc: ReportStream | undefined,
): Promise<number> {
  // ASSISTANT_CONFIG_TIMING=1: one line on standard error saying how the run went (bench/).
  const timing = io.env.ASSISTANT_CONFIG_TIMING ? { t0: performance.now(), walk: 0, path: '' } : undefined;
  const counts = emptyCounts();
  const setup: LintSetup = {
    cwd: io.cwd,
    // --no-env-check: env-not-set is not reported; the `.env` files are still read, for
    // dotenv-not-ignored (the pre-commit hook passes the flag, REVIEW5 H17).
    envNames: Object.keys(io.env),
    unsetCheck: flags.envCheck,
    config: flags.config,
    rules: flags.rules,
    suppress: flags.suppress,
    // Code frames only where they are printed: the text format, and reports kept by --cache (whose
    // frames say where the credentials to mask are; the cache keeps those positions, not the frames).
    frames: flags.format === 'text' || (flags.cache !== undefined && flags.fix === 'off'),
  };
  // Each file's `.env` is its project's, wherever the command runs (lsp/dotenvLookup.ts). One that
  // exists but cannot be read is said once; its names count as not set.
  const dotenv = new DotenvLookup(
    (file, code) => {
      io.flush();
      io.stderr(
        `assistant-config: warning: ${dotenvProblemMessage(visiblePath(relative(io.cwd, file) || file), code)}\n`,
      );
      counts.warning++;
    },
    undefined,
    undefined,
    homeDirOf(io.env),
  );
  const linter = new FileLinter(setup, io, dotenv);
  const configs = linter.configs;
  // --cache: reports of unchanged files are reused (cache.ts); one thread, and not with --fix.
  const cache =
    flags.cache !== undefined && flags.fix === 'off'
      ? new LintCache(
          resolvePath(io.cwd, flags.cache),
          runKey({ envCheck: flags.envCheck, suppress: flags.suppress }),
          (path, name) => linter.envState(path, name),
          flags.format === 'text',
        )
      : undefined;
  const colour = flags.format === 'text' && useColour(io.env, io.stdoutIsTTY ?? false, flags.colour);
  const kept: FileReport[] = [];
  let ioError = false;
  // What made the run fail (exit 2), as said on stderr: the SARIF and JUnit reports carry it too.
  const failures: string[] = [];
  const failurePaths: (string | undefined)[] = [];
  const skipped: Skipped[] = [];
  /** `path`: the file or directory it is about (absolute), when there is one. */
  const fail = (message: string, path?: string): void => {
    io.flush();
    io.stderr(`assistant-config: ${message}\n`);
    failures.push(message);
    failurePaths.push(path);
    ioError = true;
  };
  const fixCounts = { files: 0, fixes: 0 };
  let heldFixes = 0;
  let maskedDiffs = 0;
  let escapedDiffs = 0;
  const workspaces = flags.format === 'github' ? githubWorkspaces(io.env.GITHUB_WORKSPACE) : undefined;
  // Standard output closed by its reader (`lint . | head`): the rest of the report is dropped (C5);
  // once the exit status can no longer go down (an error found, more warnings than --max-warnings, a
  // failure: exit 2) the files left cannot change what the run says, and the run stops there. Not
  // with --fix (each file is to be fixed) nor with a job summary still to write (github.ts).
  const canStop = flags.fix !== 'write' && !(flags.format === 'github' && io.env.GITHUB_STEP_SUMMARY);
  const shouldStop = (): boolean =>
    canStop &&
    io.stdoutClosed?.() === true &&
    (ioError ||
      configs.failed ||
      counts.error > 0 ||
      (flags.maxWarnings !== undefined && counts.warning > flags.maxWarnings));
  let stoppedAt: number | undefined;
  const emit = (r: FileReport, fix?: FileFix): void => {
    if (fix && fix.held.length > 0) {
      // Said before the file's report (with what was fixed), on the channel of the "fixed" line.
      heldFixes += fix.held.length;
      const codes = [...new Set(fix.held.map((h) => h.code))].join(', ');
      // The first few lines by number (a file being typed has one or two; a broken one may have thousands).
      const numbers = [...new Set(fix.held.map((h) => h.line + 1))].sort((a, b) => a - b);
      const SHOWN = 5;
      const lines =
        numbers.length > SHOWN + 1
          ? `${numbers.slice(0, SHOWN).join(', ')} and ${numbers.length - SHOWN} more`
          : numbers.join(', ');
      const n = fix.held.length;
      const several = numbers.length > 1;
      const line = `${visiblePath(r.displayPath)}: ${n} fix${n === 1 ? '' : 'es'} ${flags.fix === 'dry-run' ? 'would not be' : 'not'} applied (${codes}): ${n === 1 ? 'it edits' : 'they edit'} line${several ? 's' : ''} ${lines}, at a syntax error; correct the syntax there first\n`;
      if (flags.format === 'text' && flags.fix === 'write') io.stdout(line);
      else {
        io.flush();
        io.stderr(line);
      }
    }
    if (fix && fix.applied.length > 0) {
      // Counted once done: a file that cannot be written is an I/O error, not a fix.
      const done = (): void => {
        fixCounts.files++;
        fixCounts.fixes += fix.applied.length;
      };
      if (flags.fix === 'dry-run') {
        done();
        // Credentials masked (the fix itself is applied by --fix, which reads the real text).
        const { diff, masked, escaped } = printableDiff(
          visiblePath(r.displayPath),
          fix.before,
          fix.after,
          fix.language,
        );
        // With --format json|sarif|github|junit, standard output is the report a pipe expects.
        if (flags.format === 'text') io.stdout(diff);
        else {
          io.flush();
          io.stderr(diff);
        }
        if (masked) maskedDiffs++;
        if (escaped) escapedDiffs++;
      } else {
        try {
          writeAtomic(r.path, fix.after);
        } catch (e) {
          fail(`cannot write '${visiblePath(r.displayPath)}': ${visible(errorText(e))}`, r.path);
          return;
        }
        done();
        const codes = [...new Set(fix.applied.map((a) => a.code))].join(', ');
        const line = `${visiblePath(r.displayPath)}: fixed ${fix.applied.length} problem${fix.applied.length === 1 ? '' : 's'} (${codes})\n`;
        if (flags.format === 'text') io.stdout(line);
        else io.stderr(line);
      }
    }
    count(counts, r);
    // --quiet: errors only, those a suppression silenced too (SARIF lists them: REVIEW11 C6).
    const shown = flags.quiet ? quietReport(r) : r;
    if (flags.fix === 'dry-run' && flags.format === 'text') return;
    if (flags.format === 'text') io.stdout(textOfFile(shown, colour));
    else if (doc) io.stdout(doc.file(shown));
    // (--format github: printed at the end with what GitHub will not show counted first: github.ts;
    // JUnit's root element counts the tests and failures of the whole run.)
    else kept.push(shown);
  };
  const lintOne = (
    path: string,
    displayPath: string,
    text: string,
    language: 'yaml' | 'json',
    configPath: string = path,
    stdin = false,
  ): void => {
    if (flags.fix === 'off') {
      emit(linter.lintText(path, displayPath, text, language, configPath));
      return;
    }
    const opts = linter.optionsFor(configPath);
    const cfg = configs.forFile(configPath);
    const r = fixAll(text, language, (t, l) => analyzeWith(t, l, opts, cfg));
    if (r.applied.length > 0 && !stdin) {
      // A file whose bytes are not what was read (not UTF-8: REVIEW3 F19; or changed since) is not
      // rewritten; told for --fix-dry-run too, so that the dry run says what --fix would do.
      let refusal: string | undefined;
      try {
        refusal = rewriteRefusal(path, text);
      } catch (e) {
        refusal = errorText(e);
      }
      if (refusal !== undefined) {
        fail(`cannot fix '${visiblePath(displayPath)}': ${visible(refusal)}`, path);
        emit(lintText(path, displayPath, text, language, opts, cfg));
        return;
      }
    }
    const after = keepLineEndings(text, r.text);
    // The report of the fixed text also masks what the text before the fixes held as secrets.
    const carried = r.applied.length > 0 ? carriedSecrets(text, secretRanges(parse(text, language)), after) : [];
    emit(lintText(path, displayPath, after, language, opts, cfg, setup.frames, carried), {
      applied: r.applied,
      held: r.held,
      before: text,
      after,
      language,
    });
  };
  // Worker threads start now when a directory may hold many files, so that their start-up overlaps
  // the walk; they are let go if the walk finds few files.
  const workerScript = join(__dirname, 'lint-worker.js');
  let pool: LintPool | undefined;
  const startPool = (threads: number): void => {
    if (pool || threads < 2 || flags.fix !== 'off' || !existsSync(workerScript)) return;
    pool = new LintPool(workerScript, setup, threads - 1);
  };
  // One thread (the default): a read-ahead thread (reader.ts) is started now too, for the same reason.
  const readerScript = join(__dirname, 'read-worker.js');
  let reader: FileReader | undefined;
  if (flags.fix === 'off' && flags.targets.some((t) => t !== '-' && isDirectory(resolvePath(io.cwd, t)))) {
    if (flags.jobs !== undefined && flags.jobs > 1 && !cache) startPool(flags.jobs);
    else if (availableParallelism() > 1 && existsSync(readerScript)) reader = new FileReader(readerScript);
  }
  // Files first (in order), then their analysis: on several threads when there are many.
  // `walked`: found by a directory walk (not named on the command line): if it is gone by the time it
  // is read, it was removed meanwhile (REVIEW11 C8), which is no failure of the run.
  const files: { path: string; displayPath: string; walked: boolean }[] = [];
  let stdinText: string | undefined;
  const display = displayPaths(io.cwd);
  const listed = new Set<string>();
  for (const t of flags.targets) {
    if (t === '-') {
      stdinText ??= await io.readStdin();
      continue;
    }
    const abs = resolvePath(io.cwd, t);
    let st;
    try {
      st = statSync(abs);
    } catch (e) {
      fail(`cannot read '${visible(t)}': ${errorText(e)}`, abs);
      continue;
    }
    if (!st.isDirectory() && basename(abs) === PROJECT_CONFIG_FILE) {
      configs.checkNamed(abs, t);
      continue;
    }
    if (!st.isDirectory() && isExcluded(configs.forFile(abs), abs)) {
      // As ESLint and ruff do: a file named on the command line is not skipped silently. The note
      // does not count for --max-warnings (as ESLint 9 with --no-warn-ignored): pre-commit passes
      // every staged file its `files:` matches, and the project's own exclusion must not fail the
      // commit (REVIEW7 J6).
      const cfgOf = configs.forFile(abs);
      const cfgPath = cfgOf?.from?.exclude ?? cfgOf?.path ?? '';
      io.stderr(
        `assistant-config: note: '${visible(t)}' is ignored by the exclude patterns of ${visiblePath(relative(io.cwd, cfgPath) || cfgPath)}; use --no-config to lint it anyway\n`,
      );
      continue;
    }
    // A directory that cannot be read fails the run (exit 2), as an unreadable file does: a CI gate
    // must not pass on files it never saw.
    const unreadable: string[] = [];
    const notes = ignoredIncludedNotes(io);
    const found = st.isDirectory()
      ? collectFiles(
          abs,
          {
            configOf: (f) => configs.forFile(f),
            onOutsideLink: outsideLink(io),
            onIgnoredIncluded: notes.onIgnoredIncluded,
          },
          (dir, error) => {
            fail(`cannot read '${visiblePath(display(dir))}': ${visible(error)}`, dir);
            unreadable.push(dir);
          },
        )
      : [abs];
    notes.flush();
    if (st.isDirectory() && found.length === 0 && unreadable.length === 0) {
      const empty = reportEmptyDirectory(io, configs, abs, t, flags.errorOnEmpty);
      if (empty !== undefined) {
        failures.push(empty);
        failurePaths.push(abs);
        ioError = true;
      }
    }
    // The walk lists each file once and only those the project config takes (a file named here was
    // checked against its exclude patterns above). A file named twice (or in a directory also named)
    // is checked once, as ESLint and ruff do.
    const several = flags.targets.length > 1;
    for (const f of found) {
      if (several) {
        if (listed.has(f)) continue;
        listed.add(f);
      }
      files.push({ path: f, displayPath: display(f), walked: st.isDirectory() });
    }
  }
  if (timing) timing.walk = performance.now() - timing.t0;
  if (stdinText !== undefined) {
    // Standard input takes the project config of the working directory, or of --stdin-filepath.
    const as = flags.stdinPath === undefined ? undefined : resolvePath(io.cwd, flags.stdinPath);
    const configPath = as ?? join(io.cwd, '<stdin>');
    if (as !== undefined && isExcluded(configs.forFile(as), as)) {
      const cfgOf = configs.forFile(as);
      const cfgPath = cfgOf?.from?.exclude ?? cfgOf?.path ?? '';
      io.stderr(
        `assistant-config: note: '${visible(flags.stdinPath ?? '')}' is ignored by the exclude patterns of ${visiblePath(relative(io.cwd, cfgPath) || cfgPath)}; use --no-config to lint it anyway\n`,
      );
    } else
      lintOne(
        as ?? '<stdin>',
        flags.stdinPath ?? '<stdin>',
        stdinText,
        flags.stdinLanguage ?? languageOf(flags.stdinPath ?? '', stdinText),
        configPath,
        true,
      );
  }
  const cannotRead = (i: number, code: string): void => {
    const f = files[i]!;
    if (code === 'ENOENT' && f.walked) {
      // Removed between the walk and its read (a build or a checkout running beside the lint): not
      // checked, and said so in every format, but no failure: the file is no longer there to check
      // (REVIEW11 C8). A path named on the command line that does not exist stays exit 2.
      const message = `'${visiblePath(f.displayPath)}' was not checked: it was removed after the directory walk listed it`;
      skipped.push({ path: f.path, displayPath: f.displayPath, message });
      if (flags.format !== 'github') {
        io.flush();
        io.stderr(`assistant-config: note: ${message}\n`);
      }
      return;
    }
    fail(`cannot read '${visiblePath(f.displayPath)}': ${visible(errnoText(code))}`, f.path);
  };
  const threads = flags.fix === 'off' && !cache ? threadCount(files.length, flags.jobs) : 1;
  if (threads > 1) startPool(threads);
  else if (pool) {
    pool.close();
    pool = undefined;
  }
  const outcome = (i: number, o: Outcome): void => {
    if ('error' in o) cannotRead(i, o.error);
    else emit(o);
  };
  if (pool && pool.size > 0) {
    // Each file's `.env` is looked up here, once per directory, and the answers go to the workers.
    let dotenvSnapshot;
    if (linter.envCheck) {
      for (const f of files) dotenv.forFile(f.path);
      dotenvSnapshot = dotenv.snapshot();
    }
    const r = await pool.run(
      files,
      (i) => linter.lintFile(files[i]!.path, files[i]!.displayPath),
      outcome,
      dotenvSnapshot,
      (printed) => {
        if (!shouldStop()) return false;
        stoppedAt = printed;
        return true;
      },
    );
    if (timing)
      timing.path = `${pool.size + 1} threads (main + ${plural(pool.size, 'worker')}; ${r.onWorkers} files on workers)`;
  } else {
    if (reader && files.length >= READ_AHEAD_FROM) reader.start(files.map((f) => f.path));
    else {
      reader?.close();
      reader = undefined;
    }
    let flushes = io.flushes;
    for (let i = 0; i < files.length; i++) {
      if (shouldStop()) {
        stoppedAt = i;
        break;
      }
      if (io.flushes !== flushes) {
        // Output waiting behind a full pipe: the event loop tells whether its reader is gone.
        flushes = io.flushes;
        if (io.stdoutPending?.() === true) await new Promise((r) => setImmediate(r));
      }
      const f = files[i]!;
      if (flags.fix === 'off') {
        const text = reader ? reader.read(i) : readText(f.path);
        if (cache && typeof text === 'string') {
          const cfg = configs.forFile(f.path);
          const hit = cache.get(f.path, f.displayPath, text, cfg);
          if (hit) {
            outcome(i, hit);
            continue;
          }
          linter.envAsked.clear();
          linter.envWithheld = false;
          const o = linter.lintRead(f.path, f.displayPath, text);
          if (!('error' in o)) cache.set(f.path, text, cfg, o, linter.envAsked, linter.envWithheld);
          outcome(i, o);
          continue;
        }
        outcome(i, linter.lintRead(f.path, f.displayPath, text));
        continue;
      }
      let text: string;
      try {
        text = readFileSync(f.path, 'utf8');
      } catch (e) {
        cannotRead(i, (e as NodeJS.ErrnoException).code ?? 'error');
        continue;
      }
      lintOne(f.path, f.displayPath, text, languageOf(f.path, text));
    }
  }
  if (timing && !(pool && pool.size > 0))
    timing.path = reader
      ? `one thread (files read ahead on a second thread; ${plural(reader.readSelf * READ_BATCH, 'file')} read by the main thread, batches of ${READ_BATCH}; ${Math.round(reader.waitedMs)} ms waited for reads)`
      : 'one thread';
  reader?.close();
  if (timing && stoppedAt !== undefined)
    timing.path += `; stopped after ${stoppedAt} of ${plural(files.length, 'file')}: standard output closed, exit status decided`;
  if (timing && cache) timing.path += `; cache: ${cache.hits} reused, ${cache.stored} analysed`;
  if (cache && !cache.save())
    io.stderr(
      `assistant-config: note: cannot write the cache '${visible(flags.cache ?? '')}'; the next run analyses every file again\n`,
    );
  if (flags.fix === 'dry-run') {
    if (maskedDiffs > 0) io.stderr(maskedNote(maskedDiffs, '--fix'));
    if (escapedDiffs > 0) io.stderr(escapedNote(escapedDiffs, '--fix'));
    io.stderr(
      `${fixCounts.fixes} fix${fixCounts.fixes === 1 ? '' : 'es'} in ${fixCounts.files} file${fixCounts.files === 1 ? '' : 's'} would be applied;${heldFixes > 0 ? ` ${heldBack(heldFixes)};` : ''} ${counts.error} error${counts.error === 1 ? '' : 's'} and ${counts.warning} warning${counts.warning === 1 ? '' : 's'} would remain.\n`,
    );
  }
  // The exit status, known before the report: a run that failed (exit 2) says so in SARIF and JUnit,
  // so that a CI step that uploads the report does not read it as all clean (REVIEW9 K9).
  const failed = ioError || configs.failed;
  const overWarnings = flags.maxWarnings !== undefined && counts.warning > flags.maxWarnings;
  const exitCode = failed ? 2 : counts.error > 0 || overWarnings ? 1 : 0;
  const tooManyWarnings = (): string =>
    `${plural(counts.warning, 'warning')}, more than --max-warnings ${flags.maxWarnings ?? -1}.`;
  const run: RunOutcome = {
    exitCode,
    failures: failed ? [...configs.failures, ...failures] : [],
    failurePaths: failed ? [...configs.failurePaths, ...failurePaths] : [],
    skipped,
  };
  if (flags.fix === 'dry-run' && flags.format === 'text') {
    // The diff was the output.
  } else if (doc) io.stdout(doc.end(run));
  else if (flags.format === 'junit') io.stdout(junit(kept, run));
  else if (flags.format === 'github') {
    const gh = {
      reports: kept,
      counts,
      skipped,
      workspaces,
      ...(flags.fix === 'write' ? { fixed: { ...fixCounts, held: heldFixes } } : {}),
      stepSummary: io.env.GITHUB_STEP_SUMMARY,
      failures: overWarnings && !failed && counts.error === 0 ? [tooManyWarnings()] : run.failures,
    };
    const { stdout, summary } = githubReport(gh);
    io.stdout(stdout);
    const problem = summary ? appendStepSummary(io.env.GITHUB_STEP_SUMMARY ?? '', gh) : undefined;
    if (problem !== undefined)
      io.stderr(`assistant-config: note: the findings were not added to the job summary: ${visible(problem)}\n`);
  } else {
    // Text. One part of a file list pre-commit split says so: its summary is not the commit's (REVIEW11 C3).
    const limit = preCommitLimitReached(io.argv, io.env);
    io.stdout(
      summaryLine(
        counts,
        colour,
        flags.fix === 'write' ? { ...fixCounts, held: heldFixes } : undefined,
        limit === undefined ? undefined : preCommitPartNote(limit),
      ),
    );
  }
  io.flush();
  if (timing) {
    const ms = (x: number): string => `${Math.round(x)} ms`;
    io.stderr(
      `assistant-config: timing: ${plural(files.length, 'file')} on ${timing.path}; walk ${ms(timing.walk)}, lint and output ${ms(performance.now() - timing.t0 - timing.walk)}, since start-up ${ms(performance.now())}\n`,
    );
  }
  if (!failed && counts.error === 0 && overWarnings) io.stderr(`assistant-config: ${tooManyWarnings()}\n`);
  return exitCode;
}

/** The report with its errors only (--quiet), suppressed findings included. */
function quietReport(r: FileReport): FileReport {
  const out: FileReport = { ...r, findings: r.findings.filter((f) => f.severity === 'error') };
  if (r.suppressed) out.suppressed = r.suppressed.filter((f) => f.severity === 'error');
  return out;
}

/**
 * GITHUB_WORKSPACE as written and, when a link stands in it, its real path (resolved once per run):
 * files are named from the working directory, which is always real (REVIEW6 I14: a macOS runner's
 * `/tmp` is `/private/tmp`, a self-hosted runner's work directory may be a link).
 */
function githubWorkspaces(workspace: string | undefined): string[] | undefined {
  return realPaths(workspace);
}

/** A directory named by the environment (GITHUB_WORKSPACE, CI_PROJECT_DIR) as written and as resolved. */
function realPaths(workspace: string | undefined): string[] | undefined {
  if (!workspace || !isAbsolute(workspace)) return undefined;
  try {
    const real = realpathSync(workspace);
    return real === workspace ? [workspace] : [workspace, real];
  } catch {
    return [workspace];
  }
}

/**
 * The directory SARIF names files from: GitHub code scanning reads a relative `uri` from the
 * repository's root and does not apply `originalUriBaseIds` (github/codeql-action#2215), so in a step
 * run below GITHUB_WORKSPACE (`working-directory: packages/web`) files are named from the workspace,
 * as `--format github` names them (REVIEW11 C12); elsewhere from the working directory.
 */
function sarifRoot(cwd: string, workspace: string | undefined): string {
  for (const w of githubWorkspaces(workspace) ?? []) {
    const rel = relative(w, cwd);
    if (!rel.startsWith('..') && !isAbsolute(rel)) return w;
  }
  return cwd;
}

/** The top of the git repository `dir` is in (the directory with `.git`), if any. */
function gitTop(dir: string): string | undefined {
  for (let d = dir, guard = 0; guard < 256; guard++) {
    if (existsSync(join(d, '.git'))) return d;
    const up = dirname(d);
    if (up === d) return undefined;
    d = up;
  }
  return undefined;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
