// Loads the AssistantConfig grammars with vscode-textmate + vscode-oniguruma (the engine VS Code uses) on top of
// the YAML and JSON base grammars of the tm-grammars package, and tokenizes documents for scope assertions.
// Repository files are found from process.cwd() (tests run from the repository root; the bundle lives in out/).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as oniguruma from 'vscode-oniguruma';
import * as vsctm from 'vscode-textmate';

export const root = process.cwd();
export const repoFile = (path: string): string => join(root, path);
export const readJson = (path: string): unknown => JSON.parse(readFileSync(repoFile(path), 'utf8'));

export const YAML_SCOPE = 'source.assistantconfig';
export const JSON_SCOPE = 'source.assistantconfig.json';

/** The scopes our grammars add, the same in the YAML and the JSON form. */
export const OUR_SCOPES = {
  kindKey: 'keyword.other.kind.assistantconfig',
  kindValue: 'entity.name.type.kind.assistantconfig',
  versionKey: 'keyword.other.version.assistantconfig',
  versionValue: 'constant.language.version.assistantconfig',
  provider: 'constant.language.provider.assistantconfig',
  type: 'constant.language.type.assistantconfig',
  blockType: 'support.constant.enum.block-type.assistantconfig',
  primitive: 'support.constant.enum.llm-primitive.assistantconfig',
  env: 'variable.other.environment.assistantconfig',
} as const;

/** A marking of ours (not the root scope). */
export const OURS = /^(?!source\.).*\.assistantconfig$/;

/** Where the grammars of a base come from: scope name to file (relative to the repository, or absolute). */
export type Base = 'tm-grammars' | 'vscode';
const ours: Record<string, string> = {
  [YAML_SCOPE]: 'syntaxes/assistantconfig.tmLanguage.json',
  [JSON_SCOPE]: 'syntaxes/assistantconfig-json.tmLanguage.json',
};

/**
 * VS Code's own YAML and JSON grammars, when a VS Code build is present in the tree (the end-to-end tests
 * install one) or named by ASSISTANTCONFIG_VSCODE_EXTENSIONS (a VS Code `extensions` folder). VS Code's YAML
 * grammar is not the one of tm-grammars, and it is the one users see.
 */
export function vscodeExtensionsDir(): string | undefined {
  const candidates = [
    process.env.ASSISTANTCONFIG_VSCODE_EXTENSIONS,
    repoFile('test/e2e/node_modules/code-server/lib/vscode/extensions'),
  ];
  return candidates.find(
    (dir): dir is string =>
      !!dir &&
      existsSync(join(dir, 'yaml/syntaxes/yaml.tmLanguage.json')) &&
      existsSync(join(dir, 'json/syntaxes/JSON.tmLanguage.json')),
  );
}

function baseFiles(base: Base): Record<string, string> {
  if (base === 'tm-grammars') {
    return {
      'source.yaml': repoFile('node_modules/tm-grammars/grammars/yaml.json'),
      'source.json': repoFile('node_modules/tm-grammars/grammars/json.json'),
    };
  }
  const dir = vscodeExtensionsDir();
  assert.ok(
    dir,
    "no VS Code build in the tree: run test/e2e/setup.sh (CI runs it before npm test; it installs code-server, whose VS Code grammars these tests use), or set ASSISTANTCONFIG_VSCODE_EXTENSIONS to a VS Code 'extensions' folder",
  );
  const files: Record<string, string> = {};
  for (const sub of ['yaml/syntaxes', 'json/syntaxes']) {
    for (const name of readdirSync(join(dir, sub))) {
      if (!name.endsWith('.json')) continue;
      const path = join(dir, sub, name);
      const scopeName = (JSON.parse(readFileSync(path, 'utf8')) as { scopeName?: unknown }).scopeName;
      if (typeof scopeName === 'string') files[scopeName] = path;
    }
  }
  return files;
}

let onigLib: Promise<vsctm.IOnigLib> | undefined;
function getOnigLib(): Promise<vsctm.IOnigLib> {
  if (!onigLib) {
    const wasm = readFileSync(repoFile('node_modules/vscode-oniguruma/release/onig.wasm'));
    onigLib = oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength)).then(() => ({
      createOnigScanner: (patterns: string[]) => new oniguruma.OnigScanner(patterns),
      createOnigString: (s: string) => new oniguruma.OnigString(s),
    }));
  }
  return onigLib;
}

/** A registry over grammar files (scope name to absolute path). */
function registryOf(files: Record<string, string>): vsctm.Registry {
  return new vsctm.Registry({
    onigLib: getOnigLib(),
    loadGrammar: async (scopeName: string) => {
      const file = files[scopeName];
      return file ? vsctm.parseRawGrammar(readFileSync(file, 'utf8'), file) : null;
    },
  });
}

const registries = new Map<Base, vsctm.Registry>();
function getRegistry(base: Base): vsctm.Registry {
  let registry = registries.get(base);
  if (!registry) {
    registry = registryOf({
      ...baseFiles(base),
      ...Object.fromEntries(Object.entries(ours).map(([k, v]) => [k, repoFile(v)])),
    });
    registries.set(base, registry);
  }
  return registry;
}

const grammars = new Map<string, Promise<vsctm.IGrammar>>();
export function loadGrammar(scopeName: string, base: Base = 'tm-grammars'): Promise<vsctm.IGrammar> {
  const key = `${base} ${scopeName}`;
  let g = grammars.get(key);
  if (!g) {
    g = getRegistry(base)
      .loadGrammar(scopeName)
      .then((grammar) => {
        if (!grammar) throw new Error(`grammar ${scopeName} did not load`);
        return grammar;
      });
    grammars.set(key, g);
  }
  return g;
}

export interface Token {
  text: string;
  start: number;
  end: number;
  scopes: string[];
}

/** A tokenized document: its lines, and each line's tokens. */
export class Tokenized {
  constructor(
    readonly lines: string[],
    readonly tokens: Token[][],
  ) {}

  /** Tokens that cover `text` on line `line` (its `occurrence`-th appearance there). */
  at(line: number, text: string, occurrence = 0): Token[] {
    const source = this.lines[line];
    assert.ok(source !== undefined, `no line ${line}`);
    let index = -1;
    for (let i = 0; i <= occurrence; i++) {
      index = source.indexOf(text, index + 1);
      assert.ok(index >= 0, `"${text}" (occurrence ${occurrence}) not on line ${line}: ${source}`);
    }
    const end = index + text.length;
    const covering = (this.tokens[line] ?? []).filter((t) => t.end > index && t.start < end);
    assert.ok(covering.length > 0, `no token covers "${text}" on line ${line}`);
    return covering;
  }

  /** Asserts that every token of `text` on `line` carries `scope` (and, if given, `alsoScopes`). */
  has(line: number, text: string, scope: string | string[], occurrence = 0): void {
    const wanted = Array.isArray(scope) ? scope : [scope];
    for (const t of this.at(line, text, occurrence)) {
      for (const s of wanted)
        assert.ok(t.scopes.includes(s), `"${t.text}" on line ${line} lacks ${s}\n${this.dump(line)}`);
    }
  }

  /** Asserts that no token of `text` on `line` carries a scope matching `pattern`. */
  lacks(line: number, text: string, pattern: RegExp, occurrence = 0): void {
    for (const t of this.at(line, text, occurrence)) {
      const hit = t.scopes.find((s) => pattern.test(s));
      assert.equal(hit, undefined, `"${t.text}" on line ${line} has ${String(hit)}\n${this.dump(line)}`);
    }
  }

  /** All scopes used anywhere in the document. */
  allScopes(): Set<string> {
    return new Set(this.tokens.flat().flatMap((t) => t.scopes));
  }

  dump(line: number): string {
    return (this.tokens[line] ?? []).map((t) => `  ${JSON.stringify(t.text)}: ${t.scopes.join(' ')}`).join('\n');
  }
}

export async function tokenize(scopeName: string, text: string, base: Base = 'tm-grammars'): Promise<Tokenized> {
  return tokenizeWith(await loadGrammar(scopeName, base), text);
}

/**
 * Tokenizes with grammars generated elsewhere (a temporary copy of the repository): `syntaxesDir` holds
 * both of our grammar files; the base grammars are tm-grammars'.
 */
export async function tokenizeFrom(syntaxesDir: string, scopeName: string, text: string): Promise<Tokenized> {
  const files: Record<string, string> = { ...baseFiles('tm-grammars') };
  for (const [scope, path] of Object.entries(ours)) files[scope] = join(syntaxesDir, path.replace(/^syntaxes\//, ''));
  const grammar = await registryOf(files).loadGrammar(scopeName);
  assert.ok(grammar, `grammar ${scopeName} did not load from ${syntaxesDir}`);
  return tokenizeWith(grammar, text);
}

function tokenizeWith(grammar: vsctm.IGrammar, text: string): Tokenized {
  const lines = text.split(/\r?\n/);
  let stack = vsctm.INITIAL;
  const tokens = lines.map((line) => {
    const result = grammar.tokenizeLine(line, stack);
    stack = result.ruleStack;
    return result.tokens.map((t) => ({
      text: line.slice(t.startIndex, Math.min(t.endIndex, line.length)),
      start: t.startIndex,
      end: t.endIndex,
      scopes: t.scopes,
    }));
  });
  return new Tokenized(lines, tokens);
}

// ---- The format's values, read from the schema (so the tests keep no list of their own).

interface SchemaNode {
  enum?: unknown[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
  then?: SchemaNode;
  $ref?: string;
  const?: unknown;
  properties?: Record<string, SchemaNode>;
}
interface Schema extends SchemaNode {
  definitions: Record<string, SchemaNode>;
}

export const schema = readJson('schemas/assistant-config.schema.json') as Schema;

function def(name: string): SchemaNode {
  const d = schema.definitions[name];
  assert.ok(d, `schema has no definition ${name}`);
  return d;
}

/** The values of a union's discriminator: its variants, each applied by `if: {KEY: {const}}, then: {$ref}`. */
function discriminatorValues(union: string, key: string): string[] {
  return (def(union).allOf ?? []).map((branch) => {
    const name = (branch.then?.$ref ?? '').replace('#/definitions/', '');
    const value = def(name).properties?.[key]?.const;
    assert.equal(typeof value, 'string');
    return value as string;
  });
}

const strings = (values: unknown[] | undefined): string[] =>
  (values ?? []).filter((v): v is string => typeof v === 'string');

export const providers = discriminatorValues('LlmConfig', 'provider');
export const selectorTypes = discriminatorValues('SchemaSelectorConfig', 'type');
export const blockTypes = strings(def('BlockType').enum);
export const primitives = strings((def('LlmPrimitive').anyOf ?? []).find((b) => Array.isArray(b.enum))?.enum);
export const safetyKeys = Object.keys(def('SafetySettings').properties ?? {});
