// The JSON Schema: in sync with its generator, strict-mode clean, and complete against the spec.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../helpers';

const schemaText = readFileSync(join(ROOT, 'schemas/assistant-config.schema.json'), 'utf8');
const schema = JSON.parse(schemaText) as {
  $id: string;
  definitions: Record<
    string,
    {
      properties?: Record<string, { markdownDescription?: string; description?: string; enumDescriptions?: string[] }>;
      enum?: string[];
      enumDescriptions?: string[];
      defaultSnippets?: unknown[];
      additionalProperties?: unknown;
      markdownDescription?: string;
    }
  >;
};

test('the committed schema is what scripts/gen-schema.mjs generates', async () => {
  const mod = (await import(pathToFileURL(join(ROOT, 'scripts/gen-schema.mjs')).href)) as { schemaText: string };
  assert.equal(schemaText, mod.schemaText, 'run node scripts/gen-schema.mjs');
});

test('the schema compiles under ajv strict mode', async () => {
  const mod = (await import(pathToFileURL(join(ROOT, 'scripts/gen-validator.mjs')).href)) as {
    createAjv: (o?: object) => { compile: (s: object) => unknown };
  };
  assert.doesNotThrow(() => mod.createAjv({ strict: true }).compile(JSON.parse(schemaText) as object));
});

test('every definition and property is documented, with markdown', () => {
  assert.ok(schema.$id);
  for (const [name, def] of Object.entries(schema.definitions)) {
    assert.ok(def.markdownDescription, `${name} has a markdownDescription`);
    for (const [key, p] of Object.entries(def.properties ?? {})) {
      assert.ok(p.markdownDescription && p.description, `${name}.${key} is documented`);
    }
  }
});

test('enums carry enumDescriptions and variants carry snippets', () => {
  const bt = schema.definitions.BlockType!;
  assert.deepEqual(bt.enum, ['blockNone', 'blockOnlyHigh', 'blockMediumAndAbove', 'blockLowAndAbove']);
  assert.equal(bt.enumDescriptions?.length, 4);
  assert.equal(schema.definitions.LlmConfig!.defaultSnippets?.length, 7);
  assert.equal(schema.definitions.SchemaSelectorConfig!.defaultSnippets?.length, 3);
});

test('custom keys are allowed in featureFlags only', () => {
  for (const [name, def] of Object.entries(schema.definitions)) {
    if (!def.properties) continue;
    if ('allOf' in def) continue; // a union: its variants are closed
    if (name === 'AssistantFeatureFlags') assert.equal(def.additionalProperties, true);
    else assert.equal(def.additionalProperties, false, `${name} is closed`);
  }
});

test('fields of the spec: each variant has exactly the spec fields', () => {
  const fields = (n: string) => Object.keys(schema.definitions[n]!.properties ?? {}).sort();
  assert.deepEqual(fields('HostedLlmConfig'), ['fallback', 'provider', 'specificLlm']);
  assert.deepEqual(fields('VendorALlmConfig'), ['apiKey', 'baseUrl', 'fallback', 'model', 'provider']);
  assert.deepEqual(fields('VendorBLlmConfig'), fields('VendorALlmConfig'));
  assert.deepEqual(fields('CloudALlmConfig'), ['apiKey', 'apiVersion', 'endpoint', 'fallback', 'model', 'provider']);
  assert.deepEqual(fields('VendorCLlmConfig'), ['apiKey', 'fallback', 'model', 'provider', 'safetySettings']);
  assert.deepEqual(fields('CloudBLlmConfig'), [
    'cloudLocation',
    'cloudProject',
    'cloudServiceAccountKeyJson',
    'fallback',
    'modelId',
    'provider',
    'safetySettings',
  ]);
  assert.deepEqual(fields('CloudCLlmConfig'), [
    'cloudAccessKeyId',
    'cloudSecretAccessKey',
    'fallback',
    'modelId',
    'provider',
    'regionName',
  ]);
  assert.deepEqual(fields('AssistantConfigV2'), [
    'aiPrimitivesLlm',
    'contextWindowLimit',
    'featureFlags',
    'llm',
    'maxAssistantActions',
    'maxTableArtifactSampleRows',
    'overrideAiPrimitivesLlm',
    'schemaSelector',
    'systemInstructions',
    'threadTitleGeneration',
  ]);
  assert.deepEqual(fields('SafetySettings'), [
    'civicIntegrity',
    'dangerous',
    'harassment',
    'hateSpeech',
    'sexuallyExplicit',
  ]);
});

test('what a field is to the service is the schema’s: the engine’s copy marks the address, the model and the region fields, the published one has no mark', async () => {
  const { URL_KEYS } = await import('../../server/src/service/links');
  assert.deepEqual([...URL_KEYS].sort(), ['baseUrl', 'endpoint']);
  const engine = readFileSync(join(ROOT, 'server/src/generated/assistant-config.engine.schema.json'), 'utf8');
  const marked = (JSON.parse(engine) as typeof schema).definitions;
  const where = (meaning: string): string[] =>
    Object.entries(marked)
      .flatMap(([name, d]) =>
        Object.entries(d.properties ?? {})
          .filter(([, p]) => (p as { serviceMeaning?: string }).serviceMeaning === meaning)
          .map(([k]) => `${name}.${k}`),
      )
      .sort();
  assert.deepEqual(where('address'), [
    'CloudALlmConfig.endpoint',
    'VendorALlmConfig.baseUrl',
    'VendorBLlmConfig.baseUrl',
  ]);
  assert.deepEqual(where('model'), [
    'CloudALlmConfig.model',
    'CloudBLlmConfig.modelId',
    'CloudCLlmConfig.modelId',
    'VendorALlmConfig.model',
    'VendorBLlmConfig.model',
    'VendorCLlmConfig.model',
  ]);
  assert.deepEqual(where('region'), ['CloudBLlmConfig.cloudLocation', 'CloudCLlmConfig.regionName']);
  assert.ok(!schemaText.includes('serviceMeaning'));
});
