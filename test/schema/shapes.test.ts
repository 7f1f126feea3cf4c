// The two shapes of the one schema (REVIEW5 H25). scripts/gen-schema.mjs writes the published
// schemas/assistant-config.schema.json, whose unions generic validators read well (`provider: {enum}`,
// each variant under `if: {provider: {const: X}} then: {$ref: X}`), and the engine's copy
// (server/src/generated/assistant-config.engine.schema.json, `oneOf` + `discriminator`), from the same
// definitions. Both must accept and reject the same documents; generic tools (ajv alone and the real
// yaml-language-server) must say one "must be one of" for an unknown provider and nothing from other
// variants.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, existsSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { parse as parseYaml } from 'yaml';
import { ROOT } from '../helpers';
import { testSeed } from '../seed';
import { schemaArbitrary } from '../robustness/properties';

type Json = Record<string, unknown>;
type Validate = ((data: unknown) => boolean) & {
  errors?: { instancePath: string; keyword: string; params: Json }[] | null;
};
type AjvModule = { createAjv: (o?: object) => { compile: (s: object) => Validate } };

const PUBLISHED = join(ROOT, 'schemas/assistant-config.schema.json');
const ENGINE = join(ROOT, 'server/src/generated/assistant-config.engine.schema.json');
const published = JSON.parse(readFileSync(PUBLISHED, 'utf8')) as Json & { definitions: Record<string, Json> };
const engine = JSON.parse(readFileSync(ENGINE, 'utf8')) as Json & { definitions: Record<string, Json> };

const ajvModule = (): Promise<AjvModule> =>
  import(pathToFileURL(join(ROOT, 'scripts/gen-validator.mjs')).href) as Promise<AjvModule>;
/** Plain ajv as a generic tool runs it: strict, every error, no OpenAPI discriminator keyword. */
const genericAjv = async (): Promise<Validate> =>
  (await ajvModule()).createAjv({ strict: true, discriminator: false }).compile(published);

const PROVIDERS = (published.definitions.LlmConfig as { properties: { provider: { enum: string[] } } }).properties
  .provider.enum;
const TYPES = (published.definitions.SchemaSelectorConfig as { properties: { type: { enum: string[] } } }).properties
  .type.enum;

const REVIEWER =
  'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendr_a\n    model: m\n    modle: x\n';

test('the committed engine schema is what scripts/gen-schema.mjs generates', async () => {
  const mod = (await import(pathToFileURL(join(ROOT, 'scripts/gen-schema.mjs')).href)) as { engineSchemaText: string };
  assert.equal(readFileSync(ENGINE, 'utf8'), mod.engineSchemaText, 'run node scripts/gen-schema.mjs');
});

test('the published schema has no oneOf and no discriminator; each union lists its values once, from its variants', () => {
  const text = readFileSync(PUBLISHED, 'utf8');
  assert.ok(!text.includes('"oneOf"') && !text.includes('"discriminator"'));
  const variantsOf = (union: string, key: string): string[] =>
    ((engine.definitions[union] as { oneOf: { $ref: string }[] }).oneOf ?? []).map(
      (r) =>
        (engine.definitions[r.$ref.replace('#/definitions/', '')] as { properties: Record<string, { const: string }> })
          .properties[key]!.const,
    );
  assert.deepEqual(PROVIDERS, variantsOf('LlmConfig', 'provider'));
  assert.deepEqual(TYPES, variantsOf('SchemaSelectorConfig', 'type'));
  assert.equal(PROVIDERS.length, 7);
  assert.equal(TYPES.length, 3);
});

test('ajv alone on the published schema: the reviewer file is one error, on provider, listing all seven', async () => {
  const validate = await genericAjv();
  assert.equal(validate(parseYaml(REVIEWER)), false);
  const errors = validate.errors ?? [];
  assert.equal(errors.length, 1, JSON.stringify(errors));
  assert.equal(errors[0]!.instancePath, '/definition/llm/provider');
  assert.equal(errors[0]!.keyword, 'enum');
  assert.deepEqual(errors[0]!.params.allowedValues, PROVIDERS);
  // A known provider: only its own variant's errors (vendor_a's missing apiKey and unknown key).
  assert.equal(validate(parseYaml(REVIEWER.replace('vendr_a', 'cloud_c'))), false);
  const paths = (validate.errors ?? []).map((e) => `${e.keyword} ${JSON.stringify(e.params)}`);
  for (const field of ['modelId', 'regionName', 'cloudAccessKeyId', 'cloudSecretAccessKey'])
    assert.ok(
      paths.some((p) => p.includes(`"missingProperty":"${field}"`)),
      `${field} missing: ${paths.join(' | ')}`,
    );
  assert.ok(
    !paths.some((p) => p.includes('"missingProperty":"apiKey"')),
    `no other variant's field: ${paths.join(' | ')}`,
  );
});

test('ajv alone on the published schema: a scalar or null where a union belongs is one type error (REVIEW8 K5)', async () => {
  const validate = await genericAjv();
  const head = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
  const llm = ['/definition/llm type'];
  // schemaSelector may be null: "must be object", "must be null", "must match a schema in anyOf".
  const selector = [
    '/definition/schemaSelector type',
    '/definition/schemaSelector type',
    '/definition/schemaSelector anyOf',
  ];
  for (const [body, expected] of [
    ['  llm: hosted\n', llm],
    ['  llm: null\n', llm],
    ['  llm: [hosted]\n', llm],
    ['  llm: {provider: hosted}\n  schemaSelector: all\n', selector],
  ] as const) {
    assert.equal(validate(parseYaml(head + body)), false, body);
    const errors = (validate.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`);
    assert.deepEqual(errors, expected, body);
  }
});

test('every example is valid for both shapes', async () => {
  const validate = await genericAjv();
  const engineValidate = (await ajvModule()).createAjv().compile(engine);
  const files = readdirSync(join(ROOT, 'examples')).filter((f) => /\.assistant\.(ya?ml|json)$/.test(f));
  assert.ok(files.length >= 10);
  for (const f of files) {
    const text = readFileSync(join(ROOT, 'examples', f), 'utf8');
    const data: unknown = f.endsWith('.json') ? JSON.parse(text) : parseYaml(text, { merge: true });
    assert.ok(validate(data), `${f}: ${JSON.stringify(validate.errors)}`);
    assert.ok(engineValidate(data), `${f} (engine)`);
  }
});

// Mutations aimed at the unions: the discriminator set to another variant's value, to an unknown,
// empty or non-string value, removed; a field of another variant added; a required field removed.
type Mutation = { kind: 'tag' | 'dropTag' | 'foreign' | 'dropField'; pick: number; value: number };
const FOREIGN_TAGS: unknown[] = ['vendr_a', '', 'Hosted', 3, null, true, ['hosted'], { provider: 'hosted' }];
const FOREIGN_FIELDS = ['apiKey', 'endpoint', 'modelId', 'tables', 'llm', 'safetySettings', 'specificLlm', 'modle'];

function tagged(v: unknown, out: Json[] = []): Json[] {
  if (Array.isArray(v)) for (const x of v) tagged(x, out);
  else if (v && typeof v === 'object') {
    const o = v as Json;
    if ('provider' in o || 'type' in o) out.push(o);
    for (const x of Object.values(o)) tagged(x, out);
  }
  return out;
}

function mutate(doc: unknown, m: Mutation): unknown {
  const copy = structuredClone(doc);
  const objs = tagged(copy);
  if (objs.length === 0) return copy;
  const o = objs[m.pick % objs.length]!;
  const key = 'provider' in o ? 'provider' : 'type';
  const own = key === 'provider' ? PROVIDERS : TYPES;
  switch (m.kind) {
    case 'tag': {
      const all = [...own, ...FOREIGN_TAGS];
      o[key] = all[m.value % all.length];
      break;
    }
    case 'dropTag':
      delete o[key];
      break;
    case 'foreign':
      o[FOREIGN_FIELDS[m.value % FOREIGN_FIELDS.length]!] = m.value % 2 ? { valueFromEnv: 'K' } : 'x';
      break;
    case 'dropField': {
      const keys = Object.keys(o).filter((k) => k !== key);
      if (keys.length) delete o[keys[m.value % keys.length]!];
      break;
    }
  }
  return copy;
}

const seed = testSeed('schema shapes', 25, 'SHAPES_SEED');
test(`the published and the engine shape accept and reject the same documents (seed ${seed})`, async () => {
  const generic = await genericAjv();
  const ours = (await ajvModule()).createAjv().compile(engine);
  const mutation: fc.Arbitrary<Mutation> = fc.record({
    kind: fc.constantFrom('tag', 'dropTag', 'foreign', 'dropField'),
    pick: fc.nat(),
    value: fc.nat(),
  });
  let accepted = 0;
  let rejected = 0;
  fc.assert(
    fc.property(schemaArbitrary(engine), fc.array(mutation, { maxLength: 2 }), (value, ms) => {
      const doc = ms.reduce((v, m) => mutate(v, m), value);
      const a = generic(doc);
      const b = ours(doc);
      if (a) accepted++;
      else rejected++;
      assert.equal(a, b, `published ${a}, engine ${b}: ${JSON.stringify(doc)}`);
    }),
    { seed, numRuns: 600 },
  );
  assert.ok(accepted > 50 && rejected > 50, `both outcomes are exercised (${accepted} accepted, ${rejected} rejected)`);
});

const PEER = join(ROOT, 'bench/node_modules/yaml-language-server/bin/yaml-language-server');
type Diag = { range: { start: { line: number } }; message: string };
type ClientModule = {
  LspSession: {
    start: (
      spec: object,
      o: object,
    ) => Promise<{
      configure: () => Promise<void>;
      open: (uri: string, text: string, o: object) => Promise<{ diagnostics: Diag[] }>;
      stop: () => Promise<void>;
    }>;
  };
  peerServer: (root: string) => { settings: { yaml: { schemas: Record<string, string[]> } } };
};

test('yaml-language-server with the published schema: one diagnostic listing every value, no other variant', async () => {
  assert.ok(existsSync(PEER), `${PEER} is missing: run npm ci --prefix bench (npm ci does, through prepare)`);
  const { LspSession, peerServer } = (await import(
    pathToFileURL(join(ROOT, 'bench/lsp-client.mjs')).href
  )) as ClientModule;
  const spec = peerServer(ROOT);
  const s = await LspSession.start(spec, { timeoutMs: 60000 });
  const dir = mkdtempSync(join(tmpdir(), 'shapes-yls-'));
  try {
    await s.configure();
    let n = 0;
    const diagnostics = async (text: string): Promise<Diag[]> => {
      const path = join(dir, `d${n++}.assistant.yaml`);
      writeFileSync(path, text);
      return (await s.open(pathToFileURL(path).href, text, { languageId: 'yaml', timeoutMs: 60000 })).diagnostics;
    };
    const listsAll = (message: string, values: string[]): boolean => values.every((v) => message.includes(`"${v}"`));

    const reviewer = await diagnostics(REVIEWER);
    assert.equal(reviewer.length, 1, reviewer.map((d) => d.message).join(' | '));
    assert.equal(reviewer[0]!.range.start.line, 4, 'on the provider line');
    assert.ok(listsAll(reviewer[0]!.message, PROVIDERS), reviewer[0]!.message);

    const selector = await diagnostics(
      'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n  schemaSelector:\n    type: fixd\n    tables: []\n',
    );
    assert.equal(selector.length, 1, selector.map((d) => d.message).join(' | '));
    assert.ok(listsAll(selector[0]!.message, TYPES), selector[0]!.message);

    // Nested (a nullable fallback, a list item): the same, and a non-string value is one diagnostic too.
    const nested = await diagnostics(
      'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hosted\n    fallback:\n      provider: 3\n  overrideAiPrimitivesLlm:\n    - primitiveName: classify\n      llm: {provider: cloud}\n',
    );
    assert.equal(nested.length, 2, nested.map((d) => d.message).join(' | '));
    for (const d of nested) assert.ok(listsAll(d.message, PROVIDERS), d.message);

    // A known provider: its own variant's errors only.
    const known = await diagnostics(REVIEWER.replace('vendr_a', 'cloud_a'));
    const messages = known.map((d) => d.message).join(' | ');
    assert.match(messages, /endpoint/);
    assert.match(messages, /apiKey/);
    assert.match(messages, /modle/);
    assert.doesNotMatch(messages, /modelId|cloudProject|Value must be|Valid values/);

    for (const f of readdirSync(join(ROOT, 'examples')).filter((x) => /\.assistant\.ya?ml$/.test(x))) {
      const text = readFileSync(join(ROOT, 'examples', f), 'utf8').replace(/^# yaml-language-server:.*\n/, '');
      assert.deepEqual(await diagnostics(text), [], `${f} draws no diagnostic`);
    }
  } finally {
    await s.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
