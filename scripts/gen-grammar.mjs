// Writes the TextMate grammars syntaxes/assistantconfig.tmLanguage.json (YAML form, builds on source.yaml)
// and syntaxes/assistantconfig-json.tmLanguage.json (JSON form, builds on source.json).
//
// Every list of the format in the grammars (the header values, the discriminator values of `provider` and
// `type`, the BlockType values and the keys they follow, the LlmPrimitive names, the `valueFromEnv` key) is
// read from schemas/assistant-config.schema.json, so the grammar keeps no second list of the format.
// Run `node scripts/gen-grammar.mjs` after the schema changes; `--check` exits 1 when a committed grammar
// differs from what this script generates (a test runs it).
//
// How the grammars work: each `include`s its base grammar (source.yaml, source.json) for everything, plus
// grammar-level injections with `L:` priority, so their rules are tried before the base grammar's at every
// position of the document (block and flow collections, any depth) except inside strings and comments. A
// rule marks a value only when its key is ours and the value is one of the listed ones, so an unknown value
// (a misspelt provider) is left to the base grammar and is not marked. Tested with vscode-textmate on the
// tm-grammars YAML/JSON grammars and, when a VS Code build is in the tree, on VS Code's own (test/grammar).
import { readFileSync, writeFileSync } from 'node:fs';

const SOURCE = 'source.assistantconfig';
const JSON_SOURCE = 'source.assistantconfig.json';

// ---------------------------------------------------------------------------------------------------------
// What the schema says: the pairs to mark.

/** Resolves the definitions a property schema refers to (directly, or through anyOf/oneOf such as nullable). */
function referencedDefinitions(propSchema) {
  const refs = [];
  const visit = (s) => {
    if (!s || typeof s !== 'object') return;
    if (typeof s.$ref === 'string') refs.push(s.$ref.replace(/^#\/definitions\//, ''));
    for (const k of ['anyOf', 'oneOf']) if (Array.isArray(s[k])) s[k].forEach(visit);
  };
  visit(propSchema);
  return refs;
}

/** The string values a (definition) schema enumerates: `enum`, or the `enum` of an anyOf branch (LlmPrimitive). */
function enumValues(s) {
  if (!s || typeof s !== 'object') return [];
  if (Array.isArray(s.enum)) return s.enum.filter((v) => typeof v === 'string');
  if (Array.isArray(s.anyOf))
    return s.anyOf.flatMap((b) => (Array.isArray(b.enum) ? b.enum.filter((v) => typeof v === 'string') : []));
  return [];
}

const kebab = (name) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
const sorted = (values) => [...new Set(values)].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));

/**
 * Reads the schema and returns the pairs the grammars mark:
 *   { keys, keyScope?, values?, valueScope, header?, valuePattern? }
 * `header`: a top-level key (`kind`, `version`): its key is marked too, and in YAML at column 0 even when
 * its value is not valid. `valuePattern`: a name, not a list (the `valueFromEnv` variable).
 */
export function describe(schema) {
  const defs = schema.definitions ?? {};
  const need = (cond, what) => {
    if (!cond) throw new Error(`gen-grammar: the schema has no ${what}`);
  };
  const pairs = [];

  // Header: top-level properties with an enum (kind: AssistantConfig, version: v2).
  const headerValueScope = { kind: 'entity.name.type.kind' };
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    const values = enumValues(prop);
    if (!values.length) continue;
    pairs.push({
      keys: [key],
      keyScope: `keyword.other.${kebab(key)}.assistantconfig`,
      values,
      valueScope: `${headerValueScope[key] ?? `constant.language.${kebab(key)}`}.assistantconfig`,
      header: true,
    });
  }
  need(pairs.some((p) => p.keys[0] === 'kind') && pairs.some((p) => p.keys[0] === 'version'), 'kind/version enums');

  // Discriminated unions (LlmConfig by provider, SchemaSelectorConfig by type): values are the variants' consts,
  // each variant applied by `if: {properties: {KEY: {const: VALUE}}}, then: {$ref: VARIANT}`.
  for (const def of Object.values(defs)) {
    const branches = Array.isArray(def?.allOf) ? def.allOf.filter((b) => b?.if && b.then) : [];
    const key = Object.keys(branches[0]?.if?.properties ?? {})[0];
    if (typeof key !== 'string') continue;
    const values = branches
      .flatMap((branch) => referencedDefinitions(branch.then))
      .map((name) => defs[name]?.properties?.[key]?.const);
    need(
      values.length && values.every((v) => typeof v === 'string'),
      `const '${key}' in every variant of a '${key}' union`,
    );
    pairs.push({ keys: [key], values, valueScope: `constant.language.${kebab(key)}.assistantconfig` });
  }
  need(
    pairs.some((p) => p.keys[0] === 'provider') && pairs.some((p) => p.keys[0] === 'type'),
    'provider/type discriminators',
  );

  // Enums reached through a definition (BlockType after each safety setting, LlmPrimitive after primitiveName).
  const byEnum = new Map();
  for (const def of Object.values(defs)) {
    for (const [key, prop] of Object.entries(def?.properties ?? {})) {
      for (const name of referencedDefinitions(prop)) {
        const values = enumValues(defs[name]);
        if (!values.length) continue;
        if (!byEnum.has(name)) byEnum.set(name, new Set());
        byEnum.get(name).add(key);
      }
    }
  }
  need(byEnum.has('BlockType') && byEnum.has('LlmPrimitive'), 'BlockType/LlmPrimitive properties');
  for (const [name, keys] of [...byEnum].sort(([a], [b]) => (a < b ? -1 : 1))) {
    pairs.push({
      keys: [...keys],
      values: enumValues(defs[name]),
      valueScope: `support.constant.enum.${kebab(name)}.assistantconfig`,
    });
  }

  // The name of an environment variable after valueFromEnv.
  need(defs.EnvironmentValue?.properties?.valueFromEnv?.type === 'string', 'EnvironmentValue.valueFromEnv');
  pairs.push({ keys: ['valueFromEnv'], valuePattern: true, valueScope: 'variable.other.environment.assistantconfig' });
  return pairs;
}

// ---------------------------------------------------------------------------------------------------------
// A small regex builder: strings are raw regex text (no capturing groups), cap(scope, ...) is a capturing
// group whose scope goes into `captures`, arrays are sequences.

const cap = (scope, ...parts) => ({ scope, parts });
const alt = (...branches) => ['(?:', ...branches.flatMap((b, i) => (i ? ['|', b] : [b])), ')'];
const esc = (s) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
const words = (values) => `(?:${sorted(values).map(esc).join('|')})`;

function compile(parts) {
  let src = '';
  let n = 0;
  const captures = {};
  const walk = (p) => {
    if (typeof p === 'string') {
      if (/(^|[^\\])\((?!\?)/.test(p.replace(/\\\\/g, '')))
        throw new Error(`gen-grammar: capturing group in raw text ${p}`);
      src += p;
    } else if (Array.isArray(p)) p.forEach(walk);
    else {
      const i = ++n;
      src += '(';
      walk(p.parts);
      src += ')';
      if (p.scope) captures[String(i)] = { name: p.scope };
    }
  };
  walk(parts);
  return { regex: src, captures };
}

// ---------------------------------------------------------------------------------------------------------
// YAML form. Two YAML grammars are in use, and the rules fit each:
//
// - VS Code's own YAML grammar (RedCMD's, scopes `meta.stream.yaml`, `meta.map.key.yaml`, `meta.map.value.yaml`):
//   our rules never consume a key; the keys and the mapping structure stay the YAML grammar's. A value rule is
//   anchored at `\G`, the end of the `:` with which the YAML grammar begins a value, and checks the key with a
//   look-behind (cheap: only tried at that one position). The header keys are marked inside the key scope.
// - The classic YAML grammar (tm-grammars, GitHub/Shiki): a pair rule matches the whole `key: value` and
//   gives the key the YAML key scopes. It starts with the key literal, so it is cheap to search for.
//
// No rule matches at the very start of a document (`(?!\A)`): VS Code's YAML grammar begins its document rule
// there (`begin: \A`), and a rule of ours winning that position would leave the whole file unparsed. So on the
// first line the classic grammar leaves the key to YAML: a header value is still marked there (a short
// look-behind), a `kind`/`version` key and other pairs on that very line are not.

const Y = {
  tag: 'entity.name.tag.yaml',
  colon: 'punctuation.separator.key-value.mapping.yaml',
  dq: 'string.quoted.double.yaml',
  sq: 'string.quoted.single.yaml',
  begin: 'punctuation.definition.string.begin.yaml',
  end: 'punctuation.definition.string.end.yaml',
};
// Plain env-variable names, and quoted ones (no escapes, no white space).
const ENV_PLAIN = '[A-Za-z_][\\w.\\-/]*';
const ENV_DQ = '[^"\\\\\\s]+';
const ENV_SQ = "[^'\\s]+";

const plainScope = (flow) => (flow ? 'string.unquoted.plain.in.yaml' : 'string.unquoted.plain.out.yaml');
const valueEnd = (flow) => (flow ? '(?=[ \\t]*(?:$|[,\\]}])|[ \\t]+#)' : '(?=[ \\t]*$|[ \\t]+#)');

/** The value (plain, "double" or 'single' quoted) and the end of a value in that context. */
function yamlValue(pair, flow) {
  const [p, d, s] = pair.valuePattern
    ? [ENV_PLAIN, ENV_DQ, ENV_SQ]
    : [words(pair.values), words(pair.values), words(pair.values)];
  return [
    alt(
      cap(plainScope(flow), cap(pair.valueScope, p)),
      cap(Y.dq, cap(Y.begin, '"'), cap(pair.valueScope, d), cap(Y.end, '"')),
      cap(Y.sq, cap(Y.begin, "'"), cap(pair.valueScope, s), cap(Y.end, "'")),
    ),
    valueEnd(flow),
  ];
}

/** Classic grammar: the key (plain, "double" or 'single' quoted, with the YAML key scopes) and its `:`. */
function yamlKey(pair, flow) {
  const name = words(pair.keys);
  const inner = pair.keyScope ? cap(Y.tag, cap(pair.keyScope, name)) : cap(Y.tag, name);
  const colon = cap(Y.colon, ':');
  const after = flow ? '' : '(?=[ \\t]|$)'; // a JSON-like (quoted) key in flow context may touch its value
  return alt(
    [cap(plainScope(flow), inner), '[ \\t]*', colon, '(?=[ \\t]|$)'],
    [cap(Y.dq, cap(Y.begin, '"'), inner, cap(Y.end, '"')), '[ \\t]*', colon, after],
    [cap(Y.sq, cap(Y.begin, "'"), inner, cap(Y.end, "'")), '[ \\t]*', colon, after],
  );
}

const NOT_AT_START = '(?!\\A)';
const KEY_START = '(?<![^ \\t,\\[{])'; // a key starts a line, follows white space (`- `), `{`, `[` or `,`

/** Classic grammar: a whole `key: value` pair. */
function classicPairRule(pair, flow) {
  const { regex, captures } = compile([NOT_AT_START, KEY_START, yamlKey(pair, flow), '[ \\t]*', yamlValue(pair, flow)]);
  return { match: regex, captures };
}

/** Classic grammar: a header key at column 0, marked even when its value is not valid. */
function classicHeaderRule(pair) {
  const { regex, captures } = compile([
    NOT_AT_START,
    '^',
    yamlKey(pair, false),
    '(?:[ \\t]+',
    yamlValue(pair, false),
    ')?',
  ]);
  return { match: regex, captures };
}

/** Classic grammar, first line of the document (where the header rule cannot match): the header value. */
function classicHeaderValueAtStartRule(pair) {
  const k = words(pair.keys);
  // `^`, not `\\A`: at the value the tokenizer no longer counts as being at the start of the document.
  const { regex, captures } = compile([`(?<=^(?:${k}|"${k}"|'${k}')[ \\t]{0,8}:[ \\t]{1,8})`, yamlValue(pair, false)]);
  return { match: regex, captures };
}

// What stands before a key: the start of a line (after indentation and `- ` entries), or in flow context
// also `{`, `[` or `,`.
const BEFORE_KEY_BLOCK = '^[ \\t]*(?:[-?][ \\t]+)*';
const BEFORE_KEY_FLOW = '(?:^|[{\\[,])[ \\t]*(?:[-?][ \\t]+)*';

/** VS Code's grammar: the value, right after the `:` that began it (`\G`), when the key before is ours. */
function vscodeValueRule(pair, flow) {
  const k = words(pair.keys);
  const before = pair.header ? '^' : flow ? BEFORE_KEY_FLOW : BEFORE_KEY_BLOCK;
  const { regex, captures } = compile([
    '\\G',
    `(?<=${before}(?:${k}|"${k}"|'${k}')[ \\t]*:)`,
    '[ \\t]*',
    yamlValue(pair, flow),
  ]);
  return { match: regex, captures };
}

/** VS Code's grammar: a header key at column 0, inside its key scope. */
function vscodeHeaderKeyRule(pair) {
  const k = words(pair.keys);
  const { regex, captures } = compile([
    alt(
      ['^', cap(pair.keyScope, k), '(?=[ \\t]*:(?:[ \\t]|$))'],
      ['(?<=^["\'])', cap(pair.keyScope, k), '(?=["\'][ \\t]*:(?:[ \\t]|$))'],
    ),
  ]);
  return { match: regex, captures };
}

const ruleName = (pair) => kebab(pair.keys.length === 1 ? pair.keys[0] : (pair.valueScope.split('.')[3] ?? 'enum'));
const NOT_IN = '-string -comment';
const CLASSIC_FLOW = ['meta.flow-mapping', 'meta.flow-sequence'];
const VSCODE_FLOW = ['meta.flow.mapping', 'meta.flow.sequence'];

function yamlGrammar(pairs) {
  const repository = {};
  const inject = { classicBlock: [], classicFlow: [], vscodeBlock: [], vscodeFlow: [], vscodeKeys: [] };
  const add = (where, name, rule) => {
    repository[name] = rule;
    inject[where].push({ include: `#${name}` });
  };
  for (const pair of pairs) {
    const name = ruleName(pair);
    if (pair.header) {
      add('classicBlock', `${name}-header`, classicHeaderRule(pair));
      add('classicBlock', `${name}-header-value-at-start`, classicHeaderValueAtStartRule(pair));
      add('vscodeKeys', `${name}-header-key`, vscodeHeaderKeyRule(pair));
    } else add('classicBlock', `${name}-pair`, classicPairRule(pair, false));
    add('classicFlow', `${name}-flow-pair`, classicPairRule(pair, true));
    add('vscodeBlock', `${name}-value`, vscodeValueRule(pair, false));
    add('vscodeFlow', `${name}-flow-value`, vscodeValueRule(pair, true));
  }
  const not = (scopes) => scopes.map((s) => `-${s}`).join(' ');
  const S = `L:${SOURCE}`;
  return {
    $schema: 'https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json',
    name: 'AssistantConfig',
    scopeName: SOURCE,
    comment:
      'Generated by scripts/gen-grammar.mjs from schemas/assistant-config.schema.json: do not edit. AssistantConfig (YAML form): the YAML grammar, plus the marking of kind, version, discriminator values, enum values and valueFromEnv names.',
    fileTypes: ['assistant.yaml', 'assistant.yml'],
    patterns: [{ include: 'source.yaml' }],
    injections: {
      [`${S} ${NOT_IN} -meta.stream ${not(CLASSIC_FLOW)}`]: { patterns: inject.classicBlock },
      [CLASSIC_FLOW.map((f) => `${S} ${f} ${NOT_IN} -meta.stream`).join(', ')]: { patterns: inject.classicFlow },
      [`${S} meta.stream ${NOT_IN} ${not(VSCODE_FLOW)}`]: { patterns: inject.vscodeBlock },
      [VSCODE_FLOW.map((f) => `${S} meta.stream ${f} ${NOT_IN}`).join(', ')]: { patterns: inject.vscodeFlow },
      [`${S} meta.stream meta.map.key.yaml entity.name.tag.yaml`]: { patterns: inject.vscodeKeys },
    },
    repository,
  };
}

// ---------------------------------------------------------------------------------------------------------
// JSON form.

const J = {
  key: 'string.json support.type.property-name.json',
  keyBegin: 'punctuation.support.type.property-name.begin.json',
  keyEnd: 'punctuation.support.type.property-name.end.json',
  colon: 'punctuation.separator.dictionary.key-value.json',
  pair: 'punctuation.separator.dictionary.pair.json',
  value: 'meta.structure.dictionary.value.json',
  string: 'string.quoted.double.json',
  begin: 'punctuation.definition.string.begin.json',
  end: 'punctuation.definition.string.end.json',
};
const ENV_JSON = '[^"\\\\\\s]+';

function jsonRule(pair) {
  const value = pair.valuePattern ? ENV_JSON : words(pair.values);
  const keyName = words(pair.keys);
  const begin = compile([
    cap(J.key, cap(J.keyBegin, '"'), pair.keyScope ? cap(pair.keyScope, keyName) : keyName, cap(J.keyEnd, '"')),
    '[ \\t]*',
    cap(J.colon, ':'),
    // Only when the value on the same line is one of ours; otherwise source.json takes the pair.
    `(?=[ \\t]*"${value}"[ \\t]*(?:$|[,}]|/[/*]))`,
  ]);
  const val = compile(['\\G[ \\t]*', cap(J.string, cap(J.begin, '"'), cap(pair.valueScope, value), cap(J.end, '"'))]);
  return {
    begin: begin.regex,
    beginCaptures: begin.captures,
    end: '(,)|(?=})',
    endCaptures: { 1: { name: J.pair } },
    contentName: J.value,
    patterns: [
      { match: val.regex, captures: val.captures },
      { include: 'source.json#comments' },
      { match: '[^,\\s]', name: 'invalid.illegal.expected-dictionary-separator.json' },
    ],
  };
}

function jsonGrammar(pairs) {
  const repository = {};
  const patterns = [];
  for (const pair of pairs) {
    const name = `${ruleName(pair)}-pair`;
    repository[name] = jsonRule(pair);
    patterns.push({ include: `#${name}` });
  }
  return {
    $schema: 'https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json',
    name: 'AssistantConfig (JSON)',
    scopeName: JSON_SOURCE,
    comment:
      'Generated by scripts/gen-grammar.mjs from schemas/assistant-config.schema.json: do not edit. AssistantConfig (JSON form): the JSON grammar, plus the marking of kind, version, discriminator values, enum values and valueFromEnv names.',
    fileTypes: ['assistant.json'],
    patterns: [{ include: 'source.json' }],
    injections: { [`L:${JSON_SOURCE} -string -comment`]: { patterns } },
    repository,
  };
}

// ---------------------------------------------------------------------------------------------------------

const root = new URL('..', import.meta.url);
const text = (grammar) => JSON.stringify(grammar, null, 2) + '\n';

/** The generated grammars: file path (relative to the repository) to content. */
export function generateGrammars(schema) {
  const pairs = describe(schema);
  return {
    'syntaxes/assistantconfig.tmLanguage.json': text(yamlGrammar(pairs)),
    'syntaxes/assistantconfig-json.tmLanguage.json': text(jsonGrammar(pairs)),
  };
}

if (process.argv[1] && new URL(`file://${process.argv[1]}`).href === import.meta.url) {
  const schema = JSON.parse(readFileSync(new URL('schemas/assistant-config.schema.json', root), 'utf8'));
  const out = generateGrammars(schema);
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const [path, content] of Object.entries(out)) {
    const file = new URL(path, root);
    if (check) {
      let current = null;
      try {
        current = readFileSync(file, 'utf8');
      } catch {
        current = null;
      }
      if (current !== content) {
        console.error(`${path} is not what scripts/gen-grammar.mjs generates: run node scripts/gen-grammar.mjs`);
        stale++;
      }
    } else writeFileSync(file, content);
  }
  if (stale) process.exit(1);
}
