import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '../../server/src/parser';
import type { Language } from '../../server/src/parser';
import { doComplete } from '../../server/src/service/completion';
import { validate } from '../../server/src/service/validation';
import { applyCompletion, completionText } from '../helpers';
import type { CompletionEntry, EnvInfo, ServiceContext } from '../../server/src/service/types';
import type { Diagnostic } from '../../server/src/service/codes';
import { definition, unionOf, enumValuesOf } from '../../server/src/model/schema';

// ------------------------------------------------------------------ helpers

/** Strips the `|` cursor marker (use `¦` in the text for a literal bar) and returns text and offset. */
function at(marked: string): { text: string; offset: number } {
  const offset = marked.indexOf('|');
  assert.ok(offset >= 0, 'the test text needs a | cursor marker');
  const text = marked.slice(0, offset) + marked.slice(offset + 1);
  return { text: text.replace(/¦/g, '|'), offset };
}

// (PATH, HOME, _ and OLDPWD are never offered: only names that look like credentials.)
const ENV: EnvInfo = {
  names: () => ['PATH', 'OPENAI_KEY', 'HOME', 'VENDOR_A_API_KEY', '_', 'OLDPWD'],
  isDefined: (n) => ['PATH', 'OPENAI_KEY', 'HOME', 'VENDOR_A_API_KEY', '_', 'OLDPWD'].includes(n),
  sourceOf: (n) => (n === 'VENDOR_A_API_KEY' ? 'workspace .env' : 'environment'),
};

function complete(
  marked: string,
  language: Language,
  ctx: ServiceContext = { env: ENV },
): { text: string; offset: number; items: CompletionEntry[] } {
  const { text, offset } = at(marked);
  const doc = parse(text, language);
  return { text, offset, items: doComplete(doc, offset, ctx).items };
}

const labels = (items: CompletionEntry[]): string[] => items.map((e) => e.label);
const byKind = (items: CompletionEntry[], kind: CompletionEntry['kind']): CompletionEntry[] =>
  items.filter((e) => e.kind === kind);

function entry(items: CompletionEntry[], label: string): CompletionEntry {
  const e = items.find((x) => x.label === label);
  assert.ok(e, `no entry '${label}' in [${labels(items).join(', ')}]`);
  return e;
}

/** Applying the entry yields a document without syntax errors. */
function assertApplies(text: string, e: CompletionEntry, language: Language): string {
  const out = applyCompletion(text, e);
  const problems = parse(out, language).problems.filter((p) => p.kind !== 'extra-document');
  assert.deepEqual(problems, [], `'${e.label}' gives a document that does not parse:\n${out}`);
  return out;
}

/** Applying a value yields a document in which that value draws no diagnostic. */
function assertValueValid(text: string, e: CompletionEntry, language: Language): void {
  const out = assertApplies(text, e, language);
  const from = e.replace.offset;
  const to = from + completionText(e).length;
  // A `<field>` tab stop left as it is keeps its diagnostic until filled, by design.
  const isTabStop = (d: Diagnostic): boolean =>
    d.code === 'empty-required' && /^"?<\w+>"?$/.test(out.slice(d.offset, d.offset + d.length));
  const diags = validate(parse(out, language)).filter(
    (d) => d.offset < to && d.offset + d.length > from && d.severity === 'error' && !isTabStop(d),
  );
  assert.deepEqual(diags, [], `'${e.label}' is not valid where it was inserted:\n${out}`);
}

/** The errors of a document other than its `<field>` tab stops, each of which must be flagged. */
function realErrors(out: string, language: Language): Diagnostic[] {
  const all = validate(parse(out, language)).filter((d) => d.severity === 'error');
  const stops = [...out.matchAll(/<\w+>/g)].length;
  const flagged = all.filter(
    (d) => d.code === 'empty-required' && /^"?<\w+>"?$/.test(out.slice(d.offset, d.offset + d.length)),
  );
  assert.equal(flagged.length, stops, `every tab stop left unfilled keeps a diagnostic:\n${out}`);
  return all.filter((d) => !flagged.includes(d));
}

function assertReplaces(text: string, e: CompletionEntry, typed: string): void {
  assert.equal(
    text.slice(e.replace.offset, e.replace.offset + e.replace.length),
    typed,
    `replace range of '${e.label}'`,
  );
}

const llmUnion = unionOf(definition('LlmConfig'))!;
const PROVIDERS = llmUnion.variants.map((v) => v.value);
const SELECTOR_TYPES = unionOf(definition('SchemaSelectorConfig'))!.variants.map((v) => v.value);
const BLOCK_TYPES = enumValuesOf(definition('BlockType')).values.map((v) => v.value);
const PRIMITIVES = enumValuesOf(definition('LlmPrimitive')).values.map((v) => v.value);
const SAFETY = Object.keys(definition('SafetySettings')!.properties!);
const FLAGS = Object.keys(definition('AssistantFeatureFlags')!.properties!);
const V2_KEYS = Object.keys(definition('AssistantConfigV2')!.properties!);

const HEAD = 'kind: AssistantConfig\nversion: v2\n';
const JHEAD = '"kind": "AssistantConfig",\n  "version": "v2",\n  ';

// ------------------------------------------------------------------ the schema facts the tests rely on

test('the schema has what these tests expect (3 selector types, 4 block types, 4 primitives)', () => {
  assert.deepEqual(SELECTOR_TYPES, ['all', 'fixed', 'llm_selector']);
  assert.equal(BLOCK_TYPES.length, 4);
  assert.deepEqual(PRIMITIVES, ['classify', 'summarize', 'extract', 'visualize']);
});

// ------------------------------------------------------------------ YAML

describe('YAML: discriminator values', () => {
  test('after `provider: ` every provider, each with its documentation and variant', () => {
    const { text, items } = complete(`${HEAD}definition:\n  llm:\n    provider: |\n`, 'yaml');
    assert.deepEqual(labels(items), PROVIDERS);
    for (const e of items) {
      const v = llmUnion.variants.find((x) => x.value === e.label)!;
      assert.equal(e.kind, 'enum');
      assert.equal(e.detail, v.name);
      assert.ok(e.documentation?.includes(v.description), `documentation of ${e.label}`);
      assertValueValid(text, e, 'yaml');
    }
  });

  test('`provider: ven|` replaces the partial word', () => {
    const { text, items } = complete(`${HEAD}definition:\n  llm:\n    provider: ven|\n`, 'yaml');
    const e = entry(items, 'vendor_a');
    assertReplaces(text, e, 'ven');
    assert.equal(e.insertText, 'vendor_a');
    assertValueValid(text, e, 'yaml');
  });

  test('`provider: ven|dor_x` replaces the whole word, also at the end of the file', () => {
    const { text, items } = complete(`${HEAD}definition:\n  llm:\n    provider: ven|dor_x`, 'yaml');
    assertReplaces(text, entry(items, 'vendor_b'), 'vendor_x');
  });

  test('`provider:|` (no space yet) inserts the space too', () => {
    const { text, items } = complete(`${HEAD}definition:\n  llm:\n    provider:|\n`, 'yaml');
    const e = entry(items, 'cloud_b');
    assert.equal(e.insertText, ' cloud_b');
    assertApplies(text, e, 'yaml');
  });

  test('a quoted partial value keeps its quotes', () => {
    const { text, items } = complete(`${HEAD}definition:\n  llm:\n    provider: "ven|"\n`, 'yaml');
    const e = entry(items, 'vendor_c');
    assertReplaces(text, e, '"ven"');
    assert.equal(e.insertText, '"vendor_c"');
    assert.equal(e.filterText, '"vendor_c"');
    assertValueValid(text, e, 'yaml');
  });

  test('after `type: ` under schemaSelector the three types with documentation', () => {
    const { text, items } = complete(
      `${HEAD}definition:\n  llm:\n    provider: hosted\n  schemaSelector:\n    type: |\n`,
      'yaml',
    );
    assert.deepEqual(labels(items), SELECTOR_TYPES);
    for (const e of items) {
      assert.ok(e.documentation && e.documentation.length > 10);
      assertValueValid(text, e, 'yaml');
    }
  });
});

describe('YAML: keys of the variant in force', () => {
  test('`provid|` in an llm mapping: provider plus one snippet per variant', () => {
    const { text, items } = complete(`${HEAD}definition:\n  llm:\n    provid|\n`, 'yaml');
    const p = entry(items, 'provider');
    assertReplaces(text, p, 'provid');
    assert.equal(p.insertText, 'provider: ');
    assert.equal(p.retrigger, true);
    const snippets = byKind(items, 'snippet');
    assert.equal(snippets.length, PROVIDERS.length);
    for (const s of snippets) {
      assertReplaces(text, s, 'provid');
      assert.ok(s.snippet);
      const out = assertApplies(text, s, 'yaml');
      // The inserted variant is complete: no missing required field, no unknown key.
      const diags = validate(parse(out, 'yaml')).filter(
        (d) => d.code === 'missing-required' || d.code === 'unknown-property' || d.code === 'missing-discriminator',
      );
      assert.deepEqual(diags, [], `${s.label}:\n${out}`);
    }
  });

  test('snippets are indented at the cursor and carry placeholders', () => {
    const { items } = complete(`${HEAD}definition:\n  llm:\n    |\n`, 'yaml');
    const s = entry(items, 'provider: cloud_b');
    assert.equal(
      s.insertText,
      'provider: cloud_b\n    modelId: ${1:<modelId>}\n    cloudProject: ${2:<cloudProject>}\n    cloudLocation: ${3:<cloudLocation>}\n    cloudServiceAccountKeyJson:\n      valueFromEnv: ${4:CLOUD_B_SERVICE_ACCOUNT_KEY_JSON}',
    );
  });

  test('an empty line inside a mapping with a provider: only that variant’s keys not yet present, required first', () => {
    const { text, items } = complete(
      `${HEAD}definition:\n  llm:\n    provider: cloud_a\n    model: gpt\n    |\n  systemInstructions: hi\n`,
      'yaml',
    );
    assert.deepEqual(labels(items).sort(), ['apiKey', 'apiVersion', 'endpoint', 'fallback'].sort());
    const sorted = [...items].sort((a, b) => (a.sortText! < b.sortText! ? -1 : 1)).map((e) => e.label);
    assert.deepEqual(sorted.slice(0, 2).sort(), ['apiKey', 'endpoint']);
    for (const e of items) {
      assert.equal(e.kind, 'property');
      assert.ok(e.detail?.includes('CloudALlmConfig'), `detail of ${e.label}: ${e.detail}`);
      assert.ok(e.documentation);
      assertApplies(text, e, 'yaml');
    }
    assert.match(entry(items, 'apiKey').documentation!, /Required/);
  });

  test('object-valued keys insert a newline and the next indentation; scalar keys `key: `', () => {
    const { items } = complete(`${HEAD}definition:\n  llm:\n    provider: vendor_c\n    |\n`, 'yaml');
    assert.equal(entry(items, 'apiKey').insertText, 'apiKey:\n      ');
    assert.equal(entry(items, 'safetySettings').insertText, 'safetySettings:\n      ');
    assert.equal(entry(items, 'model').insertText, 'model: ');
  });

  test('the document’s indentation unit is respected (4 spaces)', () => {
    const { text, items } = complete(`${HEAD}definition:\n    llm:\n        provider: vendor_a\n        |\n`, 'yaml');
    assert.equal(entry(items, 'apiKey').insertText, 'apiKey:\n            ');
    const { text: t2, items: i2 } = complete(`${HEAD}definition:\n    llm:\n        |\n`, 'yaml');
    const s = entry(i2, 'provider: vendor_a');
    assert.equal(s.insertText, 'provider: vendor_a\n        apiKey:\n            valueFromEnv: ${1:VENDOR_A_API_KEY}');
    assertApplies(t2, s, 'yaml');
    assertApplies(text, entry(items, 'fallback'), 'yaml');
  });

  test('`provid|: hosted` (colon already there) inserts the key name only', () => {
    const { text, items } = complete(`${HEAD}definition:\n  llm:\n    provid|: hosted\n`, 'yaml');
    const e = entry(items, 'provider');
    assert.equal(e.insertText, 'provider');
    assertReplaces(text, e, 'provid');
    assert.equal(byKind(items, 'snippet').length, 0);
    assertApplies(text, e, 'yaml');
  });

  test('a half-typed key among siblings: the siblings below are not offered again', () => {
    const { text, items } = complete(
      `${HEAD}definition:\n  llm:\n    provider: vendor_a\n    ap|\n    model: x\n`,
      'yaml',
    );
    assert.deepEqual(labels(items).sort(), ['apiKey', 'baseUrl', 'fallback']);
    assertReplaces(text, entry(items, 'apiKey'), 'ap');
  });

  test('the definition keys, without those present', () => {
    const { items } = complete(`${HEAD}definition:\n  llm:\n    provider: hosted\n  |\n`, 'yaml');
    assert.deepEqual(
      labels(items),
      V2_KEYS.filter((k) => k !== 'llm'),
    );
    assert.equal(entry(items, 'overrideAiPrimitivesLlm').insertText, 'overrideAiPrimitivesLlm:\n    - ');
  });

  test('EnvironmentValue keys; once one is set, no other', () => {
    const { items } = complete(`${HEAD}definition:\n  llm:\n    provider: vendor_a\n    apiKey:\n      |\n`, 'yaml');
    assert.deepEqual(
      byKind(items, 'property')
        .map((e) => e.label)
        .sort(),
      ['value', 'valueFromEnv'],
    );
    const { items: none } = complete(
      `${HEAD}definition:\n  llm:\n    provider: vendor_a\n    apiKey:\n      valueFromEnv: X\n      |\n`,
      'yaml',
    );
    assert.deepEqual(labels(none), []);
  });
});

describe('YAML: the top of the document', () => {
  test('an empty document: kind, version, definition and a whole-document snippet', () => {
    const { text, items } = complete('|', 'yaml');
    for (const k of ['kind', 'version', 'definition']) assert.ok(labels(items).includes(k), k);
    assert.equal(entry(items, 'kind').insertText, 'kind: AssistantConfig');
    assert.equal(entry(items, 'version').insertText, 'version: v2');
    const doc = byKind(items, 'snippet');
    assert.equal(doc.length, 1);
    const out = assertApplies(text, doc[0]!, 'yaml');
    assert.deepEqual(
      validate(parse(out, 'yaml')).filter((d) => d.severity === 'error'),
      [],
      out,
    );
  });

  test('a half-typed first key', () => {
    const { text, items } = complete('ki|', 'yaml');
    const e = entry(items, 'kind');
    assertReplaces(text, e, 'ki');
    assertApplies(text, e, 'yaml');
  });

  test('`kind: ` and `version: ` values', () => {
    assert.deepEqual(labels(complete('kind: |\n', 'yaml').items), ['AssistantConfig']);
    const { text, items } = complete('kind: AssistantConfig\nversion: |', 'yaml');
    assert.deepEqual(labels(items), ['v2']);
    assertValueValid(text, items[0]!, 'yaml');
  });

  test('the whole-document snippet only where the document is empty', () => {
    const { items } = complete('kind: AssistantConfig\n|', 'yaml');
    assert.equal(byKind(items, 'snippet').length, 0);
    assert.deepEqual(
      labels(items).filter((l) => l !== '$schema'),
      ['version', 'definition'],
    );
  });
});

describe('YAML: enum values and booleans', () => {
  for (const setting of SAFETY) {
    test(`BlockType values for safetySettings.${setting}`, () => {
      const { text, items } = complete(
        `${HEAD}definition:\n  llm:\n    provider: vendor_c\n    apiKey:\n      valueFromEnv: K\n    safetySettings:\n      ${setting}: |\n`,
        'yaml',
      );
      assert.deepEqual(
        byKind(items, 'enum').map((e) => e.label),
        BLOCK_TYPES,
      );
      for (const e of byKind(items, 'enum')) {
        assert.ok(e.documentation, `documentation of ${e.label}`);
        assertValueValid(text, e, 'yaml');
      }
    });
  }

  test('safety setting names inside safetySettings', () => {
    const { items } = complete(
      `${HEAD}definition:\n  llm:\n    provider: cloud_b\n    safetySettings:\n      harassment: blockNone\n      |\n`,
      'yaml',
    );
    assert.deepEqual(
      labels(items),
      SAFETY.filter((s) => s !== 'harassment'),
    );
  });

  test('the four primitives for primitiveName in a list item', () => {
    const { text, items } = complete(
      `${HEAD}definition:\n  llm:\n    provider: hosted\n  overrideAiPrimitivesLlm:\n    - primitiveName: |\n      llm:\n        provider: hosted\n`,
      'yaml',
    );
    assert.deepEqual(labels(items), PRIMITIVES);
    for (const e of items) assertValueValid(text, e, 'yaml');
  });

  test('feature-flag names inside featureFlags, booleans for a flag', () => {
    const { items } = complete(`${HEAD}definition:\n  featureFlags:\n    enable_automations: true\n    |\n`, 'yaml');
    assert.deepEqual(
      labels(items),
      FLAGS.filter((f) => f !== 'enable_automations'),
    );
    const { text, items: vals } = complete(
      `${HEAD}definition:\n  llm:\n    provider: hosted\n  featureFlags:\n    enable_visualizations: |\n`,
      'yaml',
    );
    assert.deepEqual(labels(vals), ['true', 'false', 'null']);
    for (const e of vals) assertValueValid(text, e, 'yaml');
  });

  test('booleans for a boolean field, its default preselected', () => {
    const { items } = complete(`${HEAD}definition:\n  threadTitleGeneration:\n    enable: |\n`, 'yaml');
    assert.deepEqual(labels(items), ['true', 'false']);
    assert.equal(entry(items, 'true').preselect, true);
  });

  test('no values for a free string', () => {
    assert.deepEqual(labels(complete(`${HEAD}definition:\n  systemInstructions: |\n`, 'yaml').items), []);
  });
});

describe('YAML: environment variable names', () => {
  test('valueFromEnv values are the names the context knows, never values', () => {
    const { text, items } = complete(
      `${HEAD}definition:\n  llm:\n    provider: vendor_a\n    apiKey:\n      valueFromEnv: OP|\n`,
      'yaml',
    );
    assert.deepEqual(labels(items), ['VENDOR_A_API_KEY', 'OPENAI_KEY']);
    const e = entry(items, 'OPENAI_KEY');
    assert.equal(e.kind, 'variable');
    assert.equal(e.detail, 'environment');
    assertReplaces(text, e, 'OP');
    assertValueValid(text, e, 'yaml');
  });

  test('without an environment, only the conventional name the fixes use', () => {
    assert.deepEqual(
      labels(
        complete(`${HEAD}definition:\n  llm:\n    provider: vendor_a\n    apiKey:\n      valueFromEnv: |\n`, 'yaml', {})
          .items,
      ),
      ['VENDOR_A_API_KEY'],
    );
  });

  test('order: the conventional name, then .env names, then credential-looking variables; never PATH, HOME, _, OLDPWD', () => {
    const env: EnvInfo = {
      names: () => [
        'PATH',
        'GITHUB_TOKEN',
        'HOME',
        'DOTENV_ONE',
        '_',
        'OLDPWD',
        'AWS_SECRET_ACCESS_KEY',
        'SSH_AUTH_SOCK',
        'CLOUD_C_SECRET_ACCESS_KEY',
      ],
      isDefined: () => true,
      sourceOf: (n) => (n === 'DOTENV_ONE' ? 'workspace .env' : 'environment'),
    };
    const { items } = complete(
      `${HEAD}definition:\n  llm:\n    provider: cloud_c\n    cloudSecretAccessKey:\n      valueFromEnv: |\n`,
      'yaml',
      { env },
    );
    const sorted = [...items].sort((a, b) => a.sortText!.localeCompare(b.sortText!));
    assert.deepEqual(labels(sorted), [
      'CLOUD_C_SECRET_ACCESS_KEY',
      'DOTENV_ONE',
      'AWS_SECRET_ACCESS_KEY',
      'GITHUB_TOKEN',
    ]);
    assert.ok(sorted[0]!.preselect);
  });
});

describe('YAML: nesting, lists, broken documents', () => {
  const deep = `${HEAD}definition:\n  llm:\n    provider: hosted\n    fallback:\n      provider: vendor_a\n      apiKey:\n        valueFromEnv: A\n      fallback:\n        provider: vendor_c\n        apiKey:\n          valueFromEnv: C\n        fallback:\n`;

  test('three levels into fallback: provider and the variant snippets', () => {
    const { text, items } = complete(`${deep}          |\n`, 'yaml');
    assert.ok(labels(items).includes('provider'));
    assert.equal(byKind(items, 'snippet').length, PROVIDERS.length);
    const s = entry(items, 'provider: cloud_c');
    assert.ok(s.insertText.includes('\n          regionName: '), s.insertText);
    assertApplies(text, s, 'yaml');
  });

  test('three levels into fallback: the values of provider, and the keys of the chosen variant', () => {
    const { items } = complete(`${deep}          provider: |\n`, 'yaml');
    assert.deepEqual(labels(items), PROVIDERS);
    const { items: keys } = complete(`${deep}          provider: cloud_c\n          |\n`, 'yaml');
    assert.deepEqual(labels(keys).sort(), [
      'cloudAccessKeyId',
      'cloudSecretAccessKey',
      'fallback',
      'modelId',
      'regionName',
    ]);
  });

  test('safety settings of vendor_c two levels down', () => {
    const { items } = complete(
      `${HEAD}definition:\n  llm:\n    provider: hosted\n    fallback:\n      provider: vendor_c\n      safetySettings:\n        dangerous: |\n`,
      'yaml',
    );
    assert.deepEqual(
      labels(items).filter((l) => l !== 'null'),
      BLOCK_TYPES,
    );
  });

  test('a `- ` item under overrideAiPrimitivesLlm: its keys and its snippet', () => {
    const { text, items } = complete(
      `${HEAD}definition:\n  llm:\n    provider: hosted\n  overrideAiPrimitivesLlm:\n    - |\n`,
      'yaml',
    );
    assert.deepEqual(
      byKind(items, 'property').map((e) => e.label),
      ['primitiveName', 'llm'],
    );
    const s = byKind(items, 'snippet')[0]!;
    assert.equal(
      s.insertText,
      'primitiveName: ${1|classify,summarize,extract,visualize|}\n      llm:\n        provider: ${2:hosted}',
    );
    const out = assertApplies(text, s, 'yaml');
    assert.deepEqual(
      validate(parse(out, 'yaml')).filter((d) => d.severity === 'error'),
      [],
      out,
    );
  });

  test('a second item, and a key inside an item, and an llm inside an item (compact list)', () => {
    const second = complete(
      `${HEAD}definition:\n  overrideAiPrimitivesLlm:\n    - primitiveName: classify\n      llm:\n        provider: hosted\n    - prim|\n`,
      'yaml',
    );
    assertReplaces(second.text, entry(second.items, 'primitiveName'), 'prim');
    const inside = complete(
      `${HEAD}definition:\n  overrideAiPrimitivesLlm:\n    - primitiveName: classify\n      |\n`,
      'yaml',
    );
    assert.deepEqual(labels(inside.items), ['llm']);
    const compact = complete(
      `${HEAD}definition:\n  overrideAiPrimitivesLlm:\n  - primitiveName: summarize\n    llm:\n      provider: cloud_c\n      |\n`,
      'yaml',
    );
    assert.deepEqual(labels(compact.items).sort(), [
      'cloudAccessKeyId',
      'cloudSecretAccessKey',
      'fallback',
      'modelId',
      'regionName',
    ]);
  });

  test('a `- ` item under tables (fixed selector): the table keys and snippet', () => {
    const { text, items } = complete(
      `${HEAD}definition:\n  llm:\n    provider: hosted\n  schemaSelector:\n    type: fixed\n    tables:\n      - |\n`,
      'yaml',
    );
    assert.deepEqual(
      byKind(items, 'property').map((e) => e.label),
      ['schemaName', 'tableName', 'columns'],
    );
    const out = assertApplies(text, byKind(items, 'snippet')[0]!, 'yaml');
    assert.deepEqual(realErrors(out, 'yaml'), [], out);
  });

  test('a document that does not parse still completes', () => {
    const { items } = complete(
      `${HEAD}definition:\n  llm:\n    provider: vendor_a\n    |\n  broken: [unclosed\n  x: }\n`,
      'yaml',
    );
    assert.deepEqual(labels(items).sort(), ['apiKey', 'baseUrl', 'fallback', 'model']);
    const { items: v } = complete(`${HEAD}definition:\n  llm:\n    provider: cl|\n  x: ]]\n\t- bad\n`, 'yaml');
    assert.deepEqual(labels(v), PROVIDERS);
  });

  test('the mapping after a block scalar', () => {
    const { items } = complete(`${HEAD}definition:\n  systemInstructions: >\n    hello\n    world\n  |\n`, 'yaml');
    assert.ok(labels(items).includes('llm'));
    assert.ok(!labels(items).includes('systemInstructions'));
  });

  test('an object-valued key on its own line (`llm: |`): the variant snippets as a block', () => {
    const { text, items } = complete(`${HEAD}definition:\n  llm: |\n`, 'yaml');
    const s = entry(items, 'provider: vendor_b');
    assert.equal(s.insertText, '\n    provider: vendor_b\n    apiKey:\n      valueFromEnv: ${1:VENDOR_B_API_KEY}');
    assertApplies(text, s, 'yaml');
  });

  test('a key typed above its existing block gets only `key:`; a misaligned column gets nothing', () => {
    const { text, items } = complete(
      `${HEAD}definition:\n  l|\n    provider: hosted\n  systemInstructions: x\n`,
      'yaml',
    );
    const e = entry(items, 'llm');
    assert.equal(e.insertText, 'llm:');
    assert.equal(byKind(items, 'snippet').length, 0);
    assertApplies(text, e, 'yaml');
    assert.deepEqual(labels(complete(`${HEAD}definition:\n  llm:\n   |\n    provider: hosted\n`, 'yaml').items), []);
    assert.deepEqual(labels(complete(`${HEAD}definition:\n |\n  llm:\n    provider: hosted\n`, 'yaml').items), []);
  });

  test('nothing inside the text of a block scalar', () => {
    assert.deepEqual(
      labels(
        complete(
          `${HEAD}definition:\n  systemInstructions: ¦\n    Be brief.\n    |\n  llm:\n    provider: hosted\n`,
          'yaml',
        ).items,
      ),
      [],
    );
  });

  test('no value where the value is already a block below the key', () => {
    assert.deepEqual(labels(complete(`${HEAD}definition:\n  llm: |\n    provider: hosted\n`, 'yaml').items), []);
  });

  test('CRLF line ends', () => {
    const { text, items } = complete(
      'kind: AssistantConfig\r\nversion: v2\r\ndefinition:\r\n  llm:\r\n    provider: vendor_a\r\n    ap|\r\n',
      'yaml',
    );
    assert.deepEqual(labels(items).sort(), ['apiKey', 'baseUrl', 'fallback', 'model']);
    assertReplaces(text, entry(items, 'apiKey'), 'ap');
    // A multi-line insertion keeps the document's CRLF (no bare LF added to a CRLF file).
    const multi = items.filter((e) => e.insertText.includes('\n'));
    assert.ok(multi.length > 0, 'apiKey and fallback insert a block');
    for (const e of multi) assert.doesNotMatch(e.insertText, /(^|[^\r])\n/, e.label);
    const blank = complete('kind: AssistantConfig\r\nversion: v2\r\ndefinition:\r\n  |\r\n', 'yaml');
    const llm = entry(blank.items, 'llm');
    assert.match(llm.insertText, /\r\n/);
    assert.doesNotMatch(llm.insertText, /(^|[^\r])\n/);
  });

  test('nothing in a comment or in the middle of a free text', () => {
    assert.deepEqual(labels(complete(`${HEAD}# a comment |\n`, 'yaml').items), []);
    assert.deepEqual(labels(complete(`${HEAD}definition:\n  systemInstructions: hello wor|ld\n`, 'yaml').items), []);
  });
});

describe('YAML: flow collections', () => {
  test('`llm: {provider: ven|}`: the providers, plain', () => {
    const { text, items } = complete(`${HEAD}definition:\n  llm: {provider: ven|}\n`, 'yaml');
    assert.deepEqual(labels(items), PROVIDERS);
    const e = entry(items, 'vendor_a');
    assertReplaces(text, e, 'ven');
    assert.equal(e.insertText, 'vendor_a');
    assertValueValid(text, e, 'yaml');
  });

  test('`{provider:|}` and `{type:|}`: the value gets its space (YAML reads `provider:hosted` as one key; REVIEW8 K1)', () => {
    for (const [doc, label, typed] of [
      [`${HEAD}definition:\n  llm: {provider:|}\n`, 'hosted', ''],
      [`${HEAD}definition:\n  llm: {provider: hosted}\n  schemaSelector: {type:|}\n`, 'all', ''],
      [`${HEAD}definition:\n  llm: {model: m,provider:|, apiKey: {valueFromEnv: K}}\n`, 'vendor_a', ''],
      [`${HEAD}definition:\r\n  llm: {provider:|}\r\n`, 'cloud_c', ''],
    ] as const) {
      const { text, items } = complete(doc, 'yaml');
      const e = entry(items, label);
      assertReplaces(text, e, typed);
      assert.equal(e.insertText, ` ${label}`, doc);
      assertValueValid(text, e, 'yaml');
    }
    // With the space already there, none is added.
    assert.equal(
      entry(complete(`${HEAD}definition:\n  llm: {provider: |}\n`, 'yaml').items, 'hosted').insertText,
      'hosted',
    );
  });

  test('keys of the variant with flow punctuation', () => {
    const after = complete(`${HEAD}definition:\n  llm: {provider: vendor_a, |}\n`, 'yaml');
    assert.deepEqual(labels(after.items).sort(), ['apiKey', 'baseUrl', 'fallback', 'model']);
    assert.equal(entry(after.items, 'apiKey').insertText, 'apiKey: {$1}');
    for (const e of after.items) assertApplies(after.text, e, 'yaml');
    const before = complete(`${HEAD}definition:\n  llm: {| provider: vendor_a}\n`, 'yaml');
    const m = entry(before.items, 'model');
    assert.equal(m.insertText, 'model: $1,');
    assertApplies(before.text, m, 'yaml');
  });

  test('env names inside a flow EnvironmentValue', () => {
    const { text, items } = complete(
      `${HEAD}definition:\n  llm: {provider: vendor_a, apiKey: {valueFromEnv: |}}\n`,
      'yaml',
    );
    assert.deepEqual(labels(items), ['VENDOR_A_API_KEY', 'OPENAI_KEY']);
    assertValueValid(text, items[0]!, 'yaml');
  });
});

// ------------------------------------------------------------------ JSON

describe('JSON', () => {
  test('`"provid|` : the key with its colon and quotes, and the variant snippets', () => {
    const { text, items } = complete(
      `{\n  ${JHEAD}"definition": {\n    "llm": {\n      "provid|\n    }\n  }\n}`,
      'json',
    );
    const p = entry(items, 'provider');
    assertReplaces(text, p, '"provid');
    assert.equal(p.insertText, '"provider": "$1"');
    assert.equal(p.filterText, '"provider"');
    assertApplies(text, p, 'json');
    const snippets = byKind(items, 'snippet');
    assert.equal(snippets.length, PROVIDERS.length);
    for (const s of snippets) {
      const out = assertApplies(text, s, 'json');
      assert.deepEqual(realErrors(out, 'json'), [], `${s.label}:\n${out}`);
    }
  });

  test('`"provider": |` : quoted values, a comma when another member follows', () => {
    const { text, items } = complete(
      `{\n  ${JHEAD}"definition": {\n    "llm": {\n      "provider": |\n      "model": "x"\n    }\n  }\n}`,
      'json',
    );
    assert.deepEqual(labels(items), PROVIDERS);
    const e = entry(items, 'vendor_b');
    assert.equal(e.insertText, '"vendor_b",');
    assertValueValid(text, e, 'json');
  });

  test('`"provider": "ven|` (unterminated) replaces from the quote', () => {
    const { text, items } = complete(
      `{\n  ${JHEAD}"definition": {\n    "llm": {\n      "provider": "ven|\n    }\n  }\n}`,
      'json',
    );
    const e = entry(items, 'vendor_a');
    assertReplaces(text, e, '"ven');
    assert.equal(e.insertText, '"vendor_a"');
    assertValueValid(text, e, 'json');
  });

  test('`"provider": "ven|"` replaces the whole string', () => {
    const { text, items } = complete(
      `{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "ven|"}}}`,
      'json',
    );
    const e = entry(items, 'cloud_a');
    assertReplaces(text, e, '"ven"');
    assertValueValid(text, e, 'json');
  });

  test('an empty line in an object: the variant’s keys, with a comma where needed', () => {
    const withComma = complete(
      `{\n  ${JHEAD}"definition": {\n    "llm": {\n      "provider": "vendor_a",\n      |\n    }\n  }\n}`,
      'json',
    );
    assert.deepEqual(labels(withComma.items).sort(), ['apiKey', 'baseUrl', 'fallback', 'model']);
    assert.equal(entry(withComma.items, 'model').insertText, '"model": "$1"');
    for (const e of withComma.items) assertApplies(withComma.text, e, 'json');
    const noComma = complete(
      `{\n  ${JHEAD}"definition": {\n    "llm": {\n      "provider": "vendor_a"\n      |\n    }\n  }\n}`,
      'json',
    );
    for (const e of noComma.items) assertApplies(noComma.text, e, 'json');
    const before = complete(
      `{\n  ${JHEAD}"definition": {\n    "llm": {\n      |\n      "provider": "vendor_a"\n    }\n  }\n}`,
      'json',
    );
    const key = entry(before.items, 'apiKey');
    assert.equal(key.insertText, '"apiKey": {\n        $1\n      },');
    assertApplies(before.text, key, 'json');
  });

  test('`"provid|": "hosted"` inserts the quoted name only', () => {
    const { text, items } = complete(`{"definition": {"llm": {"provid|": "hosted"}}}`, 'json');
    const e = entry(items, 'provider');
    assert.equal(e.insertText, '"provider"');
    assertApplies(text, e, 'json');
  });

  test('the definition keys and the top level', () => {
    const { items } = complete(
      `{\n  ${JHEAD}"definition": {\n    "llm": {"provider": "hosted"},\n    |\n  }\n}`,
      'json',
    );
    assert.deepEqual(
      labels(items),
      V2_KEYS.filter((k) => k !== 'llm'),
    );
    const top = complete(`{\n  "kind": "AssistantConfig",\n  |\n}`, 'json');
    const v = entry(top.items, 'version');
    assert.equal(v.insertText, '"version": "v2"');
    assertApplies(top.text, v, 'json');
  });

  test('an empty document: keys wrapped in an object, and the whole-document snippet', () => {
    const { text, items } = complete('|', 'json');
    for (const k of ['kind', 'version', 'definition']) assertApplies(text, entry(items, k), 'json');
    const s = byKind(items, 'snippet')[0]!;
    const out = assertApplies(text, s, 'json');
    assert.deepEqual(
      validate(parse(out, 'json')).filter((d) => d.severity === 'error'),
      [],
      out,
    );
  });

  test('kind and version values', () => {
    const { text, items } = complete('{"kind": |}', 'json');
    assert.deepEqual(labels(items), ['AssistantConfig']);
    assert.equal(items[0]!.insertText, '"AssistantConfig"');
    assertApplies(text, items[0]!, 'json');
    assert.deepEqual(labels(complete('{"kind": "AssistantConfig", "version": "|"}', 'json').items), ['v2']);
  });

  test('type under schemaSelector, BlockType values, primitives, flags, booleans', () => {
    assert.deepEqual(labels(complete('{"definition": {"schemaSelector": {"type": |}}}', 'json').items), SELECTOR_TYPES);
    const bt = complete(
      `{${JHEAD}"definition": {"llm": {"provider": "vendor_c", "apiKey": {"valueFromEnv": "K"}, "safetySettings": {"hateSpeech": |}}}}`,
      'json',
    );
    assert.deepEqual(
      byKind(bt.items, 'enum').map((e) => e.label),
      BLOCK_TYPES,
    );
    for (const e of bt.items) assertValueValid(bt.text, e, 'json');
    assert.deepEqual(
      labels(complete('{"definition": {"overrideAiPrimitivesLlm": [{"primitiveName": "|"}]}}', 'json').items),
      PRIMITIVES,
    );
    assert.deepEqual(labels(complete('{"definition": {"featureFlags": {|}}}', 'json').items), FLAGS);
    const b = complete('{"definition": {"featureFlags": {"enable_automations": |}}}', 'json');
    assert.deepEqual(labels(b.items), ['true', 'false', 'null']);
    assert.equal(entry(b.items, 'true').insertText, 'true');
  });

  test('three levels into fallback', () => {
    const text = `{${JHEAD}"definition": {"llm": {"provider": "hosted", "fallback": {"provider": "vendor_a", "apiKey": {"valueFromEnv": "A"}, "fallback": {"provider": "cloud_b", "fallback": {|}}}}}}`;
    const { items } = complete(text, 'json');
    assert.ok(labels(items).includes('provider'));
    assert.equal(byKind(items, 'snippet').length, PROVIDERS.length);
    const keys = complete(text.replace('{|}', '{"provider": "vendor_c", |}'), 'json');
    assert.deepEqual(labels(keys.items).sort(), ['apiKey', 'fallback', 'model', 'safetySettings']);
    const vals = complete(text.replace('{|}', '{"provider": "c|"}'), 'json');
    assert.deepEqual(labels(vals.items), PROVIDERS);
  });

  test('an item of overrideAiPrimitivesLlm: the item snippet as an object', () => {
    const { text, items } = complete(
      `{\n  ${JHEAD}"definition": {\n    "llm": {"provider": "hosted"},\n    "overrideAiPrimitivesLlm": [\n      |\n    ]\n  }\n}`,
      'json',
    );
    const s = byKind(items, 'snippet')[0]!;
    const out = assertApplies(text, s, 'json');
    assert.deepEqual(
      validate(parse(out, 'json')).filter((d) => d.severity === 'error'),
      [],
      out,
    );
    const inItem = complete(`{"definition": {"overrideAiPrimitivesLlm": [{|}]}}`, 'json');
    assert.deepEqual(
      byKind(inItem.items, 'property').map((e) => e.label),
      ['primitiveName', 'llm'],
    );
  });

  test('an object value (`"llm": |`): variant snippets as objects', () => {
    const { text, items } = complete(`{${JHEAD}"definition": {"llm": |}}`, 'json');
    assert.equal(byKind(items, 'snippet').length, PROVIDERS.length);
    for (const s of items) assertApplies(text, s, 'json');
  });

  test('valueFromEnv names', () => {
    const { text, items } = complete(
      '{"definition": {"llm": {"provider": "vendor_a", "apiKey": {"valueFromEnv": "V|"}}}}',
      'json',
    );
    assert.deepEqual(labels(items), ['VENDOR_A_API_KEY', 'OPENAI_KEY']);
    const e = entry(items, 'VENDOR_A_API_KEY');
    assert.equal(e.insertText, '"VENDOR_A_API_KEY"');
    assertReplaces(text, e, '"V"');
    assertApplies(text, e, 'json');
  });

  test('a document that does not parse (unterminated) still completes', () => {
    const { items } = complete('{"kind": "AssistantConfig", "definition": {"llm": {"provider": "vendor_a", |', 'json');
    assert.deepEqual(labels(items).sort(), ['apiKey', 'baseUrl', 'fallback', 'model']);
  });

  test('comments (JSONC) between members do not confuse the punctuation', () => {
    const line = complete(
      `{\n  "definition": {\n    "llm": {\n      "provider": "vendor_a", // the vendor\n      |\n    }\n  }\n}`,
      'json',
    );
    assert.equal(entry(line.items, 'model').insertText, '"model": "$1"');
    for (const e of line.items) assertApplies(line.text, e, 'json');
    const block = complete(`{\n  "definition": { /* settings */ |\n  }\n}`, 'json');
    assert.equal(entry(block.items, 'llm').insertText, '"llm": {\n      $1\n    }');
    const after = complete(`{"definition": {"llm": {"provider": | // which\n "model": "y"}}}`, 'json');
    assert.equal(entry(after.items, 'hosted').insertText, '"hosted",');
    assertApplies(after.text, entry(after.items, 'hosted'), 'json');
  });

  test('nothing outside the root object or inside a comment', () => {
    assert.deepEqual(labels(complete('{"kind": "AssistantConfig"} |', 'json').items), []);
    assert.deepEqual(labels(complete('{"kind": "AssistantConfig", // a |\n}', 'json').items), []);
  });
});

// ------------------------------------------------------------------ every position of real documents

for (const file of ['everything.assistant.yaml', 'everything.assistant.json', 'schema-fixed.assistant.yaml']) {
  test(`every half-typed prefix of every line of examples/${file}: entries keep the document parsing`, () => {
    const language: Language = file.endsWith('.json') ? 'json' : 'yaml';
    const full = readFileSync(join(process.cwd(), 'examples', file), 'utf8');
    let offered = 0;
    for (let ls = 0; ls < full.length;) {
      let le = full.indexOf('\n', ls);
      if (le === -1) le = full.length;
      // Cut the line at a few places, as if it were being typed.
      for (const k of new Set([Math.floor((ls + le) / 2), le])) {
        if (k < ls) continue;
        const text = full.slice(0, k) + full.slice(le);
        const doc = parse(text, language);
        const items = doComplete(doc, k, { env: ENV }).items;
        const kinds = new Set<string>();
        for (const e of items) {
          assert.ok(
            e.replace.offset <= k && k <= e.replace.offset + e.replace.length,
            `range of '${e.label}' must contain the cursor`,
          );
          assert.ok(
            !/[\r\n]/.test(text.slice(e.replace.offset, e.replace.offset + e.replace.length)),
            `range of '${e.label}' must stay on one line`,
          );
          offered++;
          // One entry of each kind (they share their shape), every snippet.
          if (kinds.has(e.kind) && e.kind !== 'snippet') continue;
          kinds.add(e.kind);
          const before = doc.problems.length;
          const after = parse(applyCompletion(text, e), language).problems.length;
          assert.ok(after <= before, `'${e.label}' breaks the document at ${k}:\n${applyCompletion(text, e)}`);
        }
      }
      ls = le + 1;
    }
    assert.ok(offered > 20, `only ${offered} entries offered`);
  });
}

// ------------------------------------------------------------------ large documents

test('completion in a 100,000-line document answers from the tree and nearby text (timing is in bench/)', () => {
  const items: string[] = [];
  for (let i = 0; i < 20000; i++)
    items.push(
      `    - primitiveName: p${i}\n      llm:\n        provider: vendor_a\n        apiKey:\n          valueFromEnv: K${i}\n`,
    );
  const cases: [string, string][] = [
    [
      `${HEAD}definition:\n  llm:\n    provider: hosted\n  overrideAiPrimitivesLlm:\n${items.join('')}    - primitiveName: x\n      llm:\n        provider: cloud_b\n        |\n`,
      'modelId',
    ],
    [
      `${HEAD}definition:\n  llm:\n    provider: hosted\n  overrideAiPrimitivesLlm:\n${items.join('')}  |\n`,
      'systemInstructions',
    ],
    [
      `${HEAD}definition:\n  llm:\n    provider: hosted\n    |\n  overrideAiPrimitivesLlm:\n${items.join('')}`,
      'fallback',
    ],
  ];
  for (const [marked, expected] of cases) {
    const { text, offset } = at(marked);
    const labels = doComplete(parse(text, 'yaml'), offset, {}).items.map((i) => i.label);
    assert.ok(labels.includes(expected), `${expected} in ${labels.join(', ')}`);
  }
});

describe('completion the server itself does not flag (issue 12, item 12)', () => {
  test('JSON: the comma goes after the previous value, and a block mapping is indented like its neighbours', () => {
    const { text, items } = complete(
      `{\n  "definition": {\n    "llm": { "provider": "hosted" }\n    |\n  }\n}`,
      'json',
    );
    const e = entry(items, 'schemaSelector');
    assert.equal(e.insertText, '"schemaSelector": {\n      $1\n    }');
    assert.deepEqual(e.additionalEdits, [{ offset: text.indexOf('}\n    ') + 1, length: 0, newText: ',' }]);
    const out = assertApplies(text, e, 'json');
    assert.match(out, /"llm": \{ "provider": "hosted" \},\n {4}"schemaSelector": \{\n {6}\n {4}\}\n/);
  });

  test('JSON: in a mapping written on one line, a new mapping stays on that line', () => {
    const { text, items } = complete(`{"definition": {"llm": {"provider": "hosted"}, |}}`, 'json');
    assert.equal(entry(items, 'featureFlags').insertText, '"featureFlags": {$1}');
    assertApplies(text, entry(items, 'featureFlags'), 'json');
  });

  test('a limit is left for the user to type: no number no one chose (not 0, not 1), JSON says so until typed', () => {
    for (const language of ['json', 'yaml'] as const) {
      const marked =
        language === 'json'
          ? `{\n  "kind": "AssistantConfig", "version": "v2",\n  "definition": {\n    "llm": { "provider": "hosted" },\n    |\n  }\n}`
          : `${HEAD}definition:\n  llm: { provider: hosted }\n  |\n`;
      const { text, items } = complete(marked, language);
      for (const key of ['maxAssistantActions', 'contextWindowLimit', 'maxTableArtifactSampleRows']) {
        const e = entry(items, key);
        const out = applyCompletion(text, e);
        const found = validate(parse(out, language)).filter((d) => d.severity !== 'information');
        assert.ok(!found.some((d) => d.code === 'non-positive-limit'), key);
        // No value is written: a completion never makes a limit of its own (REVIEW16-user N7: `1` linted clean).
        assert.doesNotMatch(out, new RegExp(`${key}"?: *\\d`), `${key}:\n${out}`);
        if (language === 'json') {
          // The empty value is a syntax error until a number is typed at the cursor; then it is clean.
          assert.deepEqual(
            found.map((d) => d.code),
            ['syntax-error'],
            `${key}:\n${out}`,
          );
          assert.match(e.insertText, /: \$1,?$/);
          const typed = out.replace(`"${key}": `, `"${key}": 8000`);
          assert.deepEqual(
            validate(parse(typed, language)).filter((d) => d.severity !== 'information'),
            [],
            typed,
          );
        }
      }
    }
  });

  test('no item twice: valueFromEnv is a key, not also a snippet', () => {
    const { items } = complete(`${HEAD}definition:\n  llm:\n    provider: vendor_a\n    apiKey:\n      |\n`, 'yaml');
    assert.deepEqual(items.map((e) => e.label).sort(), ['value', 'valueFromEnv']);
  });

  test('an empty YAML file offers the whole-document snippet first and $schema last', () => {
    const { items } = complete('|', 'yaml');
    const sorted = [...items].sort((a, b) => a.sortText!.localeCompare(b.sortText!));
    assert.equal(sorted[0]!.kind, 'snippet');
    assert.ok(sorted[0]!.preselect);
    assert.equal(sorted[sorted.length - 1]!.label, '$schema');
  });
});
