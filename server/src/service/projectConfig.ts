// The project config file, `.assistant-config.yaml`: rule severities by code, the fallback depth
// bound, files to include and exclude. Found by walking up from each file; read the same way by the
// CLI and the language server (both give `read`), applied to diagnostics by the same function.
// Pure: the file system comes in through `read`; paths use `/` or `\`.
import { parse } from '../parser';
import type { Node } from '../parser/ast';
import { resolve } from '../parser/ast';
import type { Diagnostic, DiagnosticCode, Severity } from './codes';
import { CODES, isSuppressible, orList, whyNotSuppressible } from './codes';
import { globSource } from '../shared/glob';
import { maskShapes } from './credentialShapes';
import { closestMatches, orList as quotedOrList } from './text';
import type { ValidationOptions } from './validation/rule';

export const PROJECT_CONFIG_FILE = '.assistant-config.yaml';

/**
 * Names a user may give the project config (ESLint-era habits: `.yml`, `.json`, an `rc` file) that
 * are not read: one found beside where the config is looked for is told, not ignored silently
 * (REVIEW5 H14a).
 */
export const PROJECT_CONFIG_NEAR_NAMES = [
  '.assistant-config.yml',
  '.assistant-config.json',
  '.assistant-config.jsonc',
  '.assistant-configrc',
  '.assistant-configrc.yaml',
  '.assistant-configrc.yml',
  '.assistant-configrc.json',
] as const;

/** What the CLI and the editor say of a file with a near name (its path as the host shows it). */
export function nearNameNotice(shownPath: string): string {
  return `found ${shownPath}, which is not read: the project config file is named ${PROJECT_CONFIG_FILE} (rename it to apply its settings)`;
}

export type RuleLevel = 'off' | 'info' | 'warning' | 'error';
const LEVELS: readonly RuleLevel[] = ['off', 'info', 'warning', 'error'];
const SEVERITY_OF: Record<Exclude<RuleLevel, 'off'>, Severity> = {
  info: 'information',
  warning: 'warning',
  error: 'error',
};
const RANK: Record<RuleLevel | Severity, number> = { off: 0, hint: 1, info: 2, information: 2, warning: 3, error: 4 };

/**
 * The levels a code may be given. A code no suppression may silence (`syntax-error`,
 * `resource-limit`, `unused-suppression`) may not be turned off nor lowered below its default
 * either: a file that is not read would otherwise lint clean (REVIEW3 F13).
 */
export function levelsOf(code: DiagnosticCode): RuleLevel[] {
  const least = RANK[CODES[code].severity];
  return isSuppressible(code) ? [...LEVELS] : LEVELS.filter((l) => RANK[l] >= least);
}

/**
 * What is wrong with giving `code` the level `level` (undefined: nothing), as the project config's
 * `rules` and the CLI's `--rule` say it.
 */
export function ruleProblem(code: string, level: string | undefined): string | undefined {
  if (!(code in CODES)) {
    const { tied } = closestMatches(code, Object.keys(CODES));
    const near = tied.length > 0 ? `; did you mean ${quotedOrList(tied)}?` : '';
    return `unknown diagnostic code '${code}'${near} ('assistant-config explain --list' lists them)`;
  }
  if (level === undefined || !(LEVELS as readonly string[]).includes(level))
    return `'${code}' must be off, info, warning or error${level === undefined ? '' : ` (got '${level}')`}`;
  if (!levelsOf(code as DiagnosticCode).includes(level as RuleLevel))
    return `'${code}' cannot be turned off or lowered (${whyNotSuppressible(code)}); it may be ${orList(levelsOf(code as DiagnosticCode))}`;
  return undefined;
}

export interface ProjectConfig {
  /** Where the file is, and its directory (patterns are relative to it). */
  path: string;
  dir: string;
  rules: Partial<Record<DiagnosticCode, RuleLevel>>;
  maxFallbackDepth?: number;
  include: string[];
  exclude: string[];
  /** What is wrong in the file (each with its 1-based line); what could be read still applies. */
  problems: string[];
}

/** The JSON schema of the file (schemas/assistant-config-project.schema.json is generated from it). */
export function projectConfigSchema(): Record<string, unknown> {
  const codes = Object.keys(CODES) as DiagnosticCode[];
  const level = { type: 'string', enum: [...LEVELS] };
  const globs = (what: string): Record<string, unknown> => ({
    type: 'array',
    items: { type: 'string', minLength: 1 },
    description: what,
  });
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://assistant-config.dev/schemas/assistant-config-project.schema.json',
    title: 'AssistantConfig project config (.assistant-config.yaml)',
    description:
      'Settings shared by `assistant-config lint` and the editor for every AssistantConfig file below this directory (the nearest such file wins).',
    type: 'object',
    additionalProperties: false,
    properties: {
      rules: {
        type: 'object',
        description:
          'Severity of each diagnostic code: off, info, warning or error. Codes not listed keep their default.',
        additionalProperties: false,
        properties: Object.fromEntries(
          codes.map((c) => [
            c,
            {
              ...level,
              enum: levelsOf(c),
              description: `${CODES[c].doc} (default: ${CODES[c].severity}${isSuppressible(c) ? '' : '; cannot be turned off or lowered'})`,
              markdownDescription: `${CODES[c].doc}\n\nDefault: **${CODES[c].severity}**. See \`assistant-config explain ${c}\`.`,
            },
          ]),
        ),
      },
      maxFallbackDepth: {
        type: 'integer',
        minimum: 1,
        description:
          'Most fallback/specificLlm levels below the top LLM config accepted without a warning (default 16).',
      },
      include: globs(
        'Glob patterns (relative to this file; `!pattern` takes files back out, the last match deciding). When given, directory walks check exactly the matching files, whatever their name or content; without it, AssistantConfig files are found by name and by their top-level kind.',
      ),
      exclude: globs(
        'Glob patterns (relative to this file) of files never checked, by the CLI or the editor. As in .gitignore, the last pattern that matches decides and `!pattern` takes files back out.',
      ),
    },
  };
}

/** Reads the text of a project config file; never throws. */
/**
 * Reads a project config. Its mistakes quote what the file says (an unknown code, a level, a key):
 * a credential pasted into it is masked there as lint masks it in frames, since the mistakes reach
 * the CLI's stderr, the editor's warning and the server log (REVIEW4 G5).
 */
export function parseProjectConfig(path: string, text: string): ProjectConfig {
  const cfg = readProjectConfig(path, text);
  cfg.problems = cfg.problems.map(maskShapes);
  return cfg;
}

function readProjectConfig(path: string, text: string): ProjectConfig {
  const cfg: ProjectConfig = { path, dir: dirnameOf(path), rules: {}, include: [], exclude: [], problems: [] };
  const doc = parse(text, 'yaml');
  const line = (n: { offset: number }): number => text.slice(0, n.offset).split('\n').length;
  for (const p of doc.problems) if (p.kind === 'syntax') cfg.problems.push(`line ${line(p)}: ${p.message}`);
  const root = resolve(doc.root);
  if (!root) return cfg;
  if (root.type !== 'object') {
    cfg.problems.push('line 1: the file must be a mapping (rules, maxFallbackDepth, include, exclude)');
    return cfg;
  }
  // A key written twice is a mistake (as in every AssistantConfig file): the later one would win
  // without a word, e.g. `literal-secret: error` then `literal-secret: off` (REVIEW5 H14f).
  const duplicates = (props: readonly { key: { value: string; offset: number } }[], where: string): void => {
    const seen = new Map<string, number>();
    for (const p of props) {
      const first = seen.get(p.key.value);
      if (first === undefined) seen.set(p.key.value, p.key.offset);
      else
        cfg.problems.push(
          `line ${line(p.key)}: duplicate key '${p.key.value}'${where} (first on line ${line({ offset: first })}); write it once`,
        );
    }
  };
  duplicates(root.properties, '');
  for (const prop of root.properties) {
    const key = prop.key.value;
    const v = resolve(prop.value);
    if (key === 'rules') {
      if (v?.type !== 'object') {
        if (v && v.type !== 'null')
          cfg.problems.push(`line ${line(prop.key)}: 'rules' must be a mapping of code: off|info|warning|error`);
        continue;
      }
      duplicates(v.properties, ' in rules');
      for (const r of v.properties) {
        const code = r.key.value;
        const level = scalarText(resolve(r.value));
        const problem = ruleProblem(code, level);
        if (problem !== undefined) cfg.problems.push(`line ${line(r.key)}: ${problem}`);
        else cfg.rules[code as DiagnosticCode] = level as RuleLevel;
      }
    } else if (key === 'maxFallbackDepth') {
      if (v?.type === 'number' && Number.isInteger(v.value) && v.value >= 1) cfg.maxFallbackDepth = v.value;
      else cfg.problems.push(`line ${line(prop.key)}: 'maxFallbackDepth' must be a whole number of at least 1`);
    } else if (key === 'include' || key === 'exclude') {
      const list =
        v?.type === 'array' ? v.items.map((i) => scalarText(resolve(i))) : v?.type === 'string' ? [v.value] : undefined;
      if (!list || list.some((x) => !x || x === '!'))
        cfg.problems.push(`line ${line(prop.key)}: '${key}' must be a list of glob patterns`);
      else cfg[key] = list as string[];
    } else if (key !== '$schema')
      cfg.problems.push(`line ${line(prop.key)}: unknown setting '${key}' (rules, maxFallbackDepth, include, exclude)`);
  }
  return cfg;
}

function scalarText(n: Node | undefined): string | undefined {
  if (!n) return undefined;
  if (n.type === 'string') return n.value;
  if (n.type === 'boolean') return n.value ? 'true' : 'false';
  // YAML 1.1 readers take a bare `off` as false; ours reads YAML 1.2, where it is a string.
  return undefined;
}

/**
 * The validation options with the project config's fallback bound, which `fallback-too-deep` then
 * names with the file (`shown`: how the host writes the config's path: relative to the working
 * directory in the CLI, the path in the editor).
 */
export function withProjectOptions<O extends ValidationOptions>(
  options: O,
  config: ProjectConfig | undefined,
  shown: (path: string) => string = (p) => p,
): O {
  return config?.maxFallbackDepth
    ? {
        ...options,
        maxFallbackDepth: config.maxFallbackDepth,
        maxFallbackDepthSource: `maxFallbackDepth in ${shown(config.path)}`,
      }
    : options;
}

/** The diagnostics as the project wants them: codes turned off dropped, severities replaced. */
export function applyProjectRules(diagnostics: Diagnostic[], config: ProjectConfig | undefined): Diagnostic[] {
  if (!config || Object.keys(config.rules).length === 0) return diagnostics;
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    const level = config.rules[d.code];
    if (level === undefined) out.push(d);
    else if (level !== 'off') out.push(SEVERITY_OF[level] === d.severity ? d : { ...d, severity: SEVERITY_OF[level] });
  }
  return out;
}

/**
 * Finds the nearest project config of each file, walking up its directories, never above the top of
 * its git repository (as the `.env` walk: a config left in `$HOME`, a CI runner's work directory or
 * a shared `/tmp` must not switch rules off for a repository that has none; REVIEW5 H11); cached
 * per directory. `isRepositoryTop` tells a directory holding `.git`; hosts without a file system
 * leave it out.
 */
export class ProjectConfigResolver {
  private readonly byDir = new Map<string, ProjectConfig | null>();
  constructor(
    private readonly read: (path: string) => string | undefined,
    private readonly isRepositoryTop: (dir: string) => boolean = () => false,
    /**
     * Told of each file with a near name (PROJECT_CONFIG_NEAR_NAMES) in a directory looked in, once
     * per directory until clear(); `exists` checks for one (by default: read gives its text).
     */
    private readonly nearName?: { found: (path: string) => void; exists?: (path: string) => boolean },
  ) {}

  forFile(filePath: string): ProjectConfig | undefined {
    return this.forDir(dirnameOf(filePath)) ?? undefined;
  }

  private forDir(dir: string): ProjectConfig | null {
    const cached = this.byDir.get(dir);
    if (cached !== undefined) return cached;
    const sep = dir.includes('\\') && !dir.includes('/') ? '\\' : '/';
    const candidate = dir.endsWith(sep) ? dir + PROJECT_CONFIG_FILE : dir + sep + PROJECT_CONFIG_FILE;
    const text = this.read(candidate);
    if (this.nearName) {
      const exists = this.nearName.exists ?? ((p: string) => this.read(p) !== undefined);
      const base = dir.endsWith(sep) ? dir : dir + sep;
      for (const name of PROJECT_CONFIG_NEAR_NAMES) if (exists(base + name)) this.nearName.found(base + name);
    }
    let found: ProjectConfig | null;
    if (text !== undefined) found = parseProjectConfig(candidate, text);
    else {
      const parent = dirnameOf(dir);
      found = parent === dir || this.isRepositoryTop(dir) ? null : this.forDir(parent);
    }
    this.byDir.set(dir, found);
    return found;
  }

  clear(): void {
    this.byDir.clear();
  }
}

export function dirnameOf(path: string): string {
  const i = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  if (i < 0) return '.';
  if (i === 0) return path.slice(0, 1);
  if (i === 2 && /^[A-Za-z]:/.test(path)) return path.slice(0, 3);
  return path.slice(0, i);
}

/** `file` relative to `dir` with `/` separators, or undefined when it is not below `dir`. */
export function relativeTo(dir: string, file: string): string | undefined {
  const norm = (p: string): string => p.replace(/\\/g, '/').replace(/\/+$/, '');
  const d = norm(dir);
  const f = norm(file);
  if (d === '' || d === '.') return f;
  return f.startsWith(d + '/') ? f.slice(d.length + 1) : undefined;
}

// Globs ---------------------------------------------------------------------------------------------

const globCache = new Map<string, RegExp>();

/**
 * Whether a relative path (with `/`) matches a gitignore-style glob: `*` and `?` within a segment,
 * `**` across segments, `{a,b}`, `[abc]`; a pattern without `/` (other than at its end) matches the
 * name at any depth; a leading `/` anchors; a trailing `/` (or a match of any parent directory)
 * covers everything below.
 */
export function globMatches(pattern: string, relPath: string): boolean {
  let re = globCache.get(pattern);
  if (!re) {
    re = globToRegExp(pattern);
    if (globCache.size > 1000) globCache.clear();
    globCache.set(pattern, re);
  }
  return re.test(relPath);
}

function globToRegExp(pattern: string): RegExp {
  // `./legacy/**` is `legacy/**`: patterns are relative to the config's directory already (REVIEW3 F18).
  let p = pattern
    .trim()
    .replace(/\\/g, '/')
    .replace(/^(\.\/)+/, '');
  const anchored = p.startsWith('/') || p.replace(/\/+$/, '').includes('/');
  p = p.replace(/^\/+/, '').replace(/\/+$/, '');
  return new RegExp(`${anchored ? '^' : '(?:^|/)'}${globSource(p)}(?:/.*)?$`);
}

/**
 * Whether a list of patterns selects a relative path, as .gitignore reads its lines: the last
 * pattern that matches decides, and `!pattern` takes a path back out (REVIEW3 F18: a `!` was read
 * as a literal pattern and silently matched nothing).
 */
function listMatches(patterns: readonly string[], rel: string): boolean {
  let selected = false;
  for (const g of patterns) {
    const negated = g.startsWith('!');
    if (negated === selected && globMatches(negated ? g.slice(1) : g, rel)) selected = !negated;
  }
  return selected;
}

/** Whether the project config excludes a file (patterns relative to the config's directory). */
export function isExcluded(config: ProjectConfig | undefined, filePath: string): boolean {
  if (!config || config.exclude.length === 0) return false;
  const rel = relativeTo(config.dir, filePath);
  return rel !== undefined && listMatches(config.exclude, rel);
}

/** Whether the project config's `include` names a file (always false without `include`). */
export function isIncluded(config: ProjectConfig | undefined, filePath: string): boolean {
  if (!config || config.include.length === 0) return false;
  const rel = relativeTo(config.dir, filePath);
  return rel !== undefined && listMatches(config.include, rel);
}
