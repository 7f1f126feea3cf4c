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
  if (level === undefined || !(LEVELS as readonly string[]).includes(level)) {
    // A misspelt level gets the closest one (`eror`, `Warning`), as a misspelt code does (REVIEW18-user U8).
    const tied = level === undefined ? [] : closestMatches(level, LEVELS).tied;
    const near = tied.length > 0 ? `; did you mean ${quotedOrList(tied)}?` : '';
    return `'${code}' must be off, info, warning or error${level === undefined ? '' : ` (got '${level}'${near})`}`;
  }
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
  /** `extends` as written: the configs this one is laid over (paths relative to this file). */
  extends?: string[];
  /**
   * Which file set each setting: this one, or one it extends (absent: not set by any). Without it,
   * this file set all of them.
   */
  from?: ConfigSources;
  /** The directory `include`/`exclude` patterns are relative to: that of the file that wrote them (default `dir`). */
  includeDir?: string;
  excludeDir?: string;
  /** Every file read (or looked for) to make it: itself, then what it extends; a host watches them. */
  files?: string[];
}

/** Which file set a config's settings (the file's path). */
export interface ConfigSources {
  rules: Partial<Record<DiagnosticCode, string>>;
  maxFallbackDepth?: string;
  include?: string;
  exclude?: string;
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
      'Settings shared by `assistant-config lint` and the editor for every AssistantConfig file below this directory (the nearest such file applies; `extends` lays it over others).',
    type: 'object',
    additionalProperties: false,
    properties: {
      extends: {
        description:
          "Another project config (or a list of them, later ones winning), relative to this file, that this one is laid over: this file's settings win key by key, `rules` are merged code by code, and each file's `include`/`exclude` patterns stay relative to the file that writes them. E.g. `extends: ../../.assistant-config.yaml` in a package keeps the root's rules. A file that cannot be read or a cycle is a mistake naming the file.",
        markdownDescription:
          "Another project config, or a list of them (later ones win), **relative to this file**, that this one is laid over:\n\n- this file's settings win key by key;\n- `rules` are merged code by code;\n- `include`/`exclude` patterns stay relative to the file that writes them.\n\n```yaml\n# packages/billing/.assistant-config.yaml\nextends: ../../.assistant-config.yaml\nrules:\n  near-miss-key: off\n```\n\nA file that cannot be read, or a cycle, is a mistake naming the file.",
        oneOf: [
          { type: 'string', minLength: 1 },
          { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
        ],
      },
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
  const from: ConfigSources = { rules: {} };
  const cfg: ProjectConfig = { path, dir: dirnameOf(path), rules: {}, include: [], exclude: [], problems: [], from };
  const doc = parse(text, 'yaml');
  const line = (n: { offset: number }): number => text.slice(0, n.offset).split('\n').length;
  for (const p of doc.problems) if (p.kind === 'syntax') cfg.problems.push(`line ${line(p)}: ${p.message}`);
  const root = resolve(doc.root);
  if (!root) return cfg;
  if (root.type !== 'object') {
    cfg.problems.push('line 1: the file must be a mapping (extends, rules, maxFallbackDepth, include, exclude)');
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
        else {
          cfg.rules[code as DiagnosticCode] = level as RuleLevel;
          from.rules[code as DiagnosticCode] = path;
        }
      }
    } else if (key === 'maxFallbackDepth') {
      if (v?.type === 'number' && Number.isInteger(v.value) && v.value >= 1) {
        cfg.maxFallbackDepth = v.value;
        from.maxFallbackDepth = path;
      } else cfg.problems.push(`line ${line(prop.key)}: 'maxFallbackDepth' must be a whole number of at least 1`);
    } else if (key === 'include' || key === 'exclude') {
      const list = stringList(v);
      if (!list || list.some((x) => !x || x === '!'))
        cfg.problems.push(`line ${line(prop.key)}: '${key}' must be a list of glob patterns`);
      else {
        cfg[key] = list as string[];
        from[key] = path;
        cfg[key === 'include' ? 'includeDir' : 'excludeDir'] = cfg.dir;
      }
    } else if (key === 'extends') {
      const list = stringList(v);
      if (!list || list.length === 0 || list.some((x) => !x?.trim()))
        cfg.problems.push(
          `line ${line(prop.key)}: 'extends' must be the path of another project config, relative to this file, or a list of them`,
        );
      else {
        cfg.extends = list as string[];
        extendsLine.set(cfg, line(prop.key));
      }
    } else if (key !== '$schema')
      cfg.problems.push(
        `line ${line(prop.key)}: unknown setting '${key}' (extends, rules, maxFallbackDepth, include, exclude)`,
      );
  }
  return cfg;
}

/** A list of scalars, or one scalar as a list of one (undefined: neither). */
function stringList(v: Node | undefined): (string | undefined)[] | undefined {
  return v?.type === 'array'
    ? v.items.map((i) => scalarText(resolve(i)))
    : v?.type === 'string'
      ? [v.value]
      : undefined;
}

function scalarText(n: Node | undefined): string | undefined {
  if (!n) return undefined;
  if (n.type === 'string') return n.value;
  if (n.type === 'boolean') return n.value ? 'true' : 'false';
  // YAML 1.1 readers take a bare `off` as false; ours reads YAML 1.2, where it is a string.
  return undefined;
}

/** The line of each parsed config's `extends` key (for its mistakes). */
const extendsLine = new WeakMap<ProjectConfig, number>();

/**
 * Reads a project config and the configs it `extends` (REVIEW15 U11), through `read` (undefined: no
 * such file). The file is laid over what it extends, later entries of a list over earlier ones: its
 * settings win key by key, `rules` are merged code by code, `include`/`exclude` keep the directory of
 * the file that wrote them. A file that cannot be read, a cycle, or a mistake in an extended file is
 * a mistake of this one, on the `extends` line, naming the file. `loaded` shares what was read
 * between calls (by path): a root extended by every package is read once. The CLI and the language
 * server both read configs through here (ProjectConfigResolver, --config).
 */
export function loadProjectConfig(
  path: string,
  text: string,
  read: (path: string) => string | undefined,
  loaded: Map<string, ProjectConfig> = new Map(),
): ProjectConfig {
  return loadChain(path, text, read, loaded, []);
}

function loadChain(
  path: string,
  text: string,
  read: (path: string) => string | undefined,
  loaded: Map<string, ProjectConfig>,
  stack: readonly string[],
): ProjectConfig {
  const own = parseProjectConfig(path, text);
  const targets = own.extends ?? [];
  if (targets.length === 0) return { ...own, files: [path] };
  const at = `line ${String(extendsLine.get(own) ?? 1)}`;
  const files = [path];
  const problems: string[] = [];
  let base: ProjectConfig | undefined;
  for (const target of targets) {
    const abs = joinPath(own.dir, target.trim());
    const chain = [...stack, path];
    if (chain.includes(abs)) {
      const cycle = [...chain.slice(chain.indexOf(abs)), abs].map((p) => `'${p}'`).join(' → ');
      problems.push(`${at}: 'extends' makes a cycle (${cycle}): a config cannot extend itself`);
      continue;
    }
    let cfg = loaded.get(abs);
    if (!cfg) {
      const t = read(abs);
      if (t === undefined) {
        files.push(abs);
        problems.push(`${at}: cannot read '${target}' (${abs}), which 'extends' names`);
        continue;
      }
      cfg = loadChain(abs, t, read, loaded, chain);
      loaded.set(abs, cfg);
    }
    for (const p of cfg.problems) problems.push(`${at}: '${target}', which 'extends' names, has a mistake: ${p}`);
    files.push(...(cfg.files ?? [abs]));
    base = base ? layer(base, cfg) : cfg;
  }
  const merged = base ? layer(base, own) : own;
  return {
    ...merged,
    problems: [...own.problems, ...problems.map(maskShapes)],
    files: [...new Set(files)],
  };
}

/** Which file set each of a config's settings (a config read before `from` existed: itself). */
function sourcesOf(c: ProjectConfig): ConfigSources {
  if (c.from) return c.from;
  const rules: ConfigSources['rules'] = {};
  for (const code of Object.keys(c.rules) as DiagnosticCode[]) rules[code] = c.path;
  return {
    rules,
    ...(c.maxFallbackDepth !== undefined ? { maxFallbackDepth: c.path } : {}),
    ...(c.include.length > 0 ? { include: c.path } : {}),
    ...(c.exclude.length > 0 ? { exclude: c.path } : {}),
  };
}

/** `upper` laid over `lower`: its settings win key by key, rules code by code; path, dir and mistakes are upper's. */
function layer(lower: ProjectConfig, upper: ProjectConfig): ProjectConfig {
  const lf = sourcesOf(lower);
  const uf = sourcesOf(upper);
  const depth = uf.maxFallbackDepth !== undefined ? upper : lower;
  const inc = uf.include !== undefined ? upper : lower;
  const exc = uf.exclude !== undefined ? upper : lower;
  const depthFrom = sourcesOf(depth).maxFallbackDepth;
  const incFrom = sourcesOf(inc).include;
  const excFrom = sourcesOf(exc).exclude;
  const out: ProjectConfig = {
    ...upper,
    rules: { ...lower.rules, ...upper.rules },
    include: inc.include,
    exclude: exc.exclude,
    includeDir: inc.includeDir ?? inc.dir,
    excludeDir: exc.excludeDir ?? exc.dir,
    from: {
      rules: { ...lf.rules, ...uf.rules },
      ...(depthFrom !== undefined ? { maxFallbackDepth: depthFrom } : {}),
      ...(incFrom !== undefined ? { include: incFrom } : {}),
      ...(excFrom !== undefined ? { exclude: excFrom } : {}),
    },
  };
  if (depth.maxFallbackDepth !== undefined) out.maxFallbackDepth = depth.maxFallbackDepth;
  else delete out.maxFallbackDepth;
  return out;
}

/**
 * `rel` resolved against the directory `dir` (`.` and `..` taken out), with `dir`'s separator; an
 * absolute `rel` (`/x`, `C:\x`, `\\server\x`) as it is; for a URI `dir`, below its authority.
 */
export function joinPath(dir: string, rel: string): string {
  // A URI (the web build's paths: `vscode-vfs://github/o/r/p`): its `scheme://authority` is the root.
  const uri = /^[A-Za-z][\w+.-]+:\/\/[^/]*/.exec(dir)?.[0];
  if (uri !== undefined) {
    const rest = dir.slice(uri.length);
    return uri + joinPath(rest === '' ? '/' : rest, rel.replace(/\\/g, '/'));
  }
  const sep = dir.includes('\\') && !dir.includes('/') ? '\\' : '/';
  const whole = /^([A-Za-z]:)?[\\/]/.test(rel) ? rel : `${dir}${sep}${rel}`;
  const parts = whole.split(/[\\/]/);
  // The root: `/`, a drive `C:\`, a UNC `\\server\share`'s leading `\\`; none for a relative path.
  const unc = /^[\\/]{2}[^\\/]/.test(whole);
  const root = unc ? sep + sep : parts[0] === '' ? sep : /^[A-Za-z]:$/.test(parts[0]!) ? parts[0]! + sep : undefined;
  if (root !== undefined) parts.shift();
  const out: string[] = [];
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part !== '..') out.push(part);
    else if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else if (root === undefined) out.push('..');
  }
  return root !== undefined ? root + out.join(sep) : out.join(sep) || '.';
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
        maxFallbackDepthSource: `maxFallbackDepth in ${shown(config.from?.maxFallbackDepth ?? config.path)}`,
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
  /** Each config read, by its path, with what it extends laid under it (loadProjectConfig). */
  private readonly loaded = new Map<string, ProjectConfig>();
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
    if (text !== undefined) {
      found = this.loaded.get(candidate) ?? loadProjectConfig(candidate, text, this.read, this.loaded);
      this.loaded.set(candidate, found);
    } else {
      const parent = dirnameOf(dir);
      found = parent === dir || this.isRepositoryTop(dir) ? null : this.forDir(parent);
    }
    this.byDir.set(dir, found);
    return found;
  }

  /**
   * Whether `path` is a file a config in use was read from (or an `extends` looked for): a host that
   * sees it change calls clear().
   */
  reads(path: string): boolean {
    for (const cfg of this.byDir.values()) if (cfg?.files?.includes(path)) return true;
    return false;
  }

  /** The files the configs in use were read from (or `extends` looked for), each once. */
  files(): string[] {
    const all = new Set<string>();
    for (const cfg of this.byDir.values()) for (const f of cfg?.files ?? []) all.add(f);
    return [...all];
  }

  clear(): void {
    this.byDir.clear();
    this.loaded.clear();
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
  const rel = relativeTo(config.excludeDir ?? config.dir, filePath);
  return rel !== undefined && listMatches(config.exclude, rel);
}

/** Whether the project config's `include` names a file (always false without `include`). */
export function isIncluded(config: ProjectConfig | undefined, filePath: string): boolean {
  if (!config || config.include.length === 0) return false;
  const rel = relativeTo(config.includeDir ?? config.dir, filePath);
  return rel !== undefined && listMatches(config.include, rel);
}
