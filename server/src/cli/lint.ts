// `assistant-config lint FILE|DIR|-…`: the editor's diagnostics, for terminals and CI.
import { readFileSync, statSync, existsSync } from 'node:fs';
import { resolve as resolvePath, relative, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CliIO } from './io';
import { UsageError } from './io';
import { collectFiles } from './files';
import { analyze, DEFAULT_OPTIONS, SOURCE } from '../service';
import type { Diagnostic, ValidationOptions } from '../service';
import { LineIndex, languageOf } from '../parser';
import { dotenvNames } from '../service/dotenv';
import { toSarif } from './sarif';

export interface FileResult {
  path: string;
  displayPath: string;
  text: string;
  diagnostics: Diagnostic[];
}

const HELP = `Usage: assistant-config lint [options] FILE|DIR|- ...

Checks AssistantConfig files. Directories are searched for *.assistant.{yaml,yml,json},
assistant-config.{yaml,yml,json} and YAML/JSON files whose top level says kind: AssistantConfig.
'-' reads standard input.

Options:
  --format text|json|sarif   output format (default text)
  --language yaml|json       language of standard input (default: guessed from the content)
  --no-env-check             do not report valueFromEnv variables missing from the environment and .env
  -h, --help                 show this help

Exit status: 0 no errors, 1 errors found, 2 usage or I/O error.
`;

export async function lintCommand(args: string[], io: CliIO): Promise<number> {
  let format = 'text';
  let stdinLanguage: 'yaml' | 'json' | undefined;
  let envCheck = true;
  const targets: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-h' || a === '--help') {
      io.stdout(HELP);
      return 0;
    } else if (a === '--format' || a.startsWith('--format=')) {
      format = a.includes('=') ? a.slice(a.indexOf('=') + 1) : (args[++i] ?? '');
      if (!['text', 'json', 'sarif'].includes(format)) throw new UsageError(`--format must be text, json or sarif (got '${format}').`);
    } else if (a === '--language' || a.startsWith('--language=')) {
      const l = a.includes('=') ? a.slice(a.indexOf('=') + 1) : (args[++i] ?? '');
      if (l !== 'yaml' && l !== 'json') throw new UsageError(`--language must be yaml or json (got '${l}').`);
      stdinLanguage = l;
    } else if (a === '--no-env-check') {
      envCheck = false;
    } else if (a.startsWith('-') && a !== '-') {
      throw new UsageError(`Unknown option '${a}'. See 'assistant-config lint --help'.`);
    } else targets.push(a);
  }
  if (targets.length === 0) throw new UsageError('lint needs at least one FILE, DIR or -. See \'assistant-config lint --help\'.');

  const options: ValidationOptions = { ...DEFAULT_OPTIONS };
  if (envCheck) {
    const names = new Set(Object.keys(io.env));
    const dotenv = join(io.cwd, '.env');
    if (existsSync(dotenv)) for (const n of dotenvNames(readFileSync(dotenv, 'utf8'))) names.add(n);
    options.env = { isDefined: (n) => names.has(n) };
  }

  const results: FileResult[] = [];
  let ioError = false;
  for (const t of targets) {
    if (t === '-') {
      const text = await io.readStdin();
      results.push(check('<stdin>', '<stdin>', text, stdinLanguage ?? languageOf('', text), options));
      continue;
    }
    const abs = resolvePath(io.cwd, t);
    let st;
    try {
      st = statSync(abs);
    } catch {
      io.stderr(`assistant-config: cannot read '${t}': no such file or directory\n`);
      ioError = true;
      continue;
    }
    const files = st.isDirectory() ? collectFiles(abs) : [abs];
    if (st.isDirectory() && files.length === 0) io.stderr(`assistant-config: no AssistantConfig files found in '${t}'\n`);
    for (const f of files) {
      let text: string;
      try {
        text = readFileSync(f, 'utf8');
      } catch (e) {
        io.stderr(`assistant-config: cannot read '${relative(io.cwd, f) || f}': ${(e as NodeJS.ErrnoException).code ?? 'error'}\n`);
        ioError = true;
        continue;
      }
      results.push(check(f, relative(io.cwd, f) || f, text, languageOf(f, text), options));
    }
  }

  if (format === 'json') io.stdout(JSON.stringify(toJson(results), null, 2) + '\n');
  else if (format === 'sarif') io.stdout(JSON.stringify(toSarif(results, (p) => (p === '<stdin>' ? p : pathToFileURL(p).href)), null, 2) + '\n');
  else io.stdout(toText(results));

  if (ioError) return 2;
  return results.some((r) => r.diagnostics.some((d) => d.severity === 'error')) ? 1 : 0;
}

function check(path: string, displayPath: string, text: string, language: 'yaml' | 'json', options: ValidationOptions): FileResult {
  return { path, displayPath, text, diagnostics: analyze(text, language, options).diagnostics };
}

function toText(results: FileResult[]): string {
  let s = '';
  const counts = { error: 0, warning: 0, information: 0, hint: 0 };
  for (const r of results) {
    const li = new LineIndex(r.text);
    for (const d of r.diagnostics) {
      const p = li.positionAt(d.offset);
      counts[d.severity]++;
      s += `${r.displayPath}:${p.line + 1}:${p.character + 1} ${d.severity} ${d.code} ${d.message}\n`;
    }
  }
  const plural = (n: number, w: string): string => `${n} ${w}${n === 1 ? '' : 's'}`;
  s += `${plural(results.length, 'file')} checked: ${plural(counts.error, 'error')}, ${plural(counts.warning, 'warning')}, ${counts.information} information.\n`;
  return s;
}

function toJson(results: FileResult[]): unknown {
  return {
    source: SOURCE,
    files: results.map((r) => {
      const li = new LineIndex(r.text);
      return {
        path: r.displayPath,
        diagnostics: r.diagnostics.map((d) => {
          const s = li.positionAt(d.offset);
          const e = li.positionAt(d.offset + d.length);
          return { code: d.code, severity: d.severity, message: d.message, range: { start: { line: s.line + 1, column: s.character + 1 }, end: { line: e.line + 1, column: e.character + 1 } } };
        }),
      };
    }),
  };
}
