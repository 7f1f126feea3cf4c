// Every required field of every variant, removed one at a time, at the top and five levels deep in a
// fallback chain: exactly one diagnostic, naming the variant and the field, on the right key.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stringify } from 'yaml';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { analyze, DEFAULT_OPTIONS } from '../../server/src/service';
import { definition, unionOf } from '../../server/src/model/schema';
import { LineIndex } from '../../server/src/parser';
import { URL_KEYS } from '../../server/src/service/links';

/** A snippet body with its placeholders filled: `${1:x}` → x, `${1|a,b|}` → a, `<modelId>` → my-modelId, `<endpoint>` → https://endpoint.example.com. */
function fill(body: unknown): unknown {
  // (A `<field>` placeholder is what the user types over: a real value stands in for it here.)
  if (typeof body === 'string')
    return (
      body
        .replace(/\$\{\d+\|([^,|]*)[^}]*\}/g, '$1')
        .replace(/\$\{\d+:([^}]*)\}/g, '$1')
        .replace(/\$\d+/g, '')
        // (An address as one: `url-scheme` warns of `my-endpoint`.)
        .replace(/^<(\w+)>$/, (_m, k: string) =>
          URL_KEYS.has(k) ? `https://${k.toLowerCase()}.example.com` : `my-${k}`,
        )
    );
  if (Array.isArray(body)) return body.map(fill);
  if (body && typeof body === 'object') return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, fill(v)]));
  return body;
}

function validVariant(unionName: string, value: string): Record<string, unknown> {
  const snippets = definition(unionName)?.defaultSnippets ?? [];
  const prop = unionOf(definition(unionName))!.property;
  const s = snippets.find((x) => (x.body as Record<string, unknown>)[prop] === value);
  assert.ok(s, `a defaultSnippet for ${unionName} ${value}`);
  return fill(s.body) as Record<string, unknown>;
}

function wrapLlm(llm: unknown, depth: number): Record<string, unknown> {
  let inner = llm;
  for (let i = 0; i < depth; i++) inner = { provider: 'hosted', fallback: inner };
  return { kind: 'AssistantConfig', version: 'v2', definition: { llm: inner } };
}

const llmUnion = unionOf(definition('LlmConfig'))!;
const selectorUnion = unionOf(definition('SchemaSelectorConfig'))!;

test('the unions read from the schema are the variant table of scripts/gen-schema.mjs, in its order', async () => {
  const gen = (await import(pathToFileURL(join(process.cwd(), 'scripts/gen-schema.mjs')).href)) as {
    providers: { value: string; name: string }[];
  };
  assert.ok(gen.providers.length > 0);
  assert.deepEqual(
    llmUnion.variants.map((v) => [v.value, v.name]),
    gen.providers.map((p) => [p.value, p.name]),
  );
  for (const u of [llmUnion, selectorUnion])
    for (const v of u.variants) assert.equal(v.schema.properties?.[u.property]?.const, v.value);
  assert.ok(selectorUnion.variants.length > 0);
});

for (const depth of [0, 5]) {
  for (const v of llmUnion.variants) {
    test(`provider ${v.value} at fallback depth ${depth}: the snippet is valid`, () => {
      const text = stringify(wrapLlm(validVariant('LlmConfig', v.value), depth));
      assert.deepEqual(analyze(text, 'yaml').diagnostics, []);
    });
    for (const field of (v.schema.required ?? []).filter((f) => f !== 'provider')) {
      test(`provider ${v.value} at fallback depth ${depth}: missing ${field}`, () => {
        const llm = validVariant('LlmConfig', v.value);
        delete llm[field];
        const text = stringify(wrapLlm(llm, depth));
        const { diagnostics } = analyze(text, 'yaml');
        assert.equal(diagnostics.length, 1, JSON.stringify(diagnostics));
        const d = diagnostics[0]!;
        assert.equal(d.code, 'missing-required');
        assert.equal(d.message, `provider '${v.value}' requires ${field}.`);
        const key = depth === 0 ? 'llm' : 'fallback';
        assert.equal(text.slice(d.offset, d.offset + d.length), key);
        // The diagnostic is on the innermost key: the line of the deepest fallback.
        const line = new LineIndex(text).positionAt(d.offset).line;
        assert.equal(
          line,
          text
            .split('\n')
            .findIndex(
              (l, i) => i >= depth + 3 && l.trimStart().startsWith(key + ':') && l.indexOf(key) === 2 + 2 * depth,
            ),
        );
      });
    }
  }
}

for (const v of selectorUnion.variants) {
  test(`schemaSelector type ${v.value}: valid, and each required field missing`, () => {
    const base = validVariant('SchemaSelectorConfig', v.value);
    const doc = (sel: unknown): string =>
      stringify({
        kind: 'AssistantConfig',
        version: 'v2',
        definition: { llm: { provider: 'hosted' }, schemaSelector: sel },
      });
    assert.deepEqual(analyze(doc(base), 'yaml').diagnostics, []);
    for (const field of (v.schema.required ?? []).filter((f) => f !== 'type')) {
      const sel = { ...base };
      delete sel[field];
      const text = doc(sel);
      const { diagnostics } = analyze(text, 'yaml');
      assert.equal(diagnostics.length, 1);
      assert.equal(diagnostics[0]!.message, `type '${v.value}' requires ${field}.`);
      assert.equal(
        text.slice(diagnostics[0]!.offset, diagnostics[0]!.offset + diagnostics[0]!.length),
        'schemaSelector',
      );
    }
  });
}

test('a field of another variant names the variants it belongs to, five levels deep', () => {
  const text = stringify(wrapLlm({ provider: 'vendor_a', apiKey: { valueFromEnv: 'K' }, regionName: 'x' }, 5));
  const { diagnostics } = analyze(text, 'yaml');
  assert.equal(diagnostics.length, 1);
  assert.equal(diagnostics[0]!.code, 'unknown-property');
  assert.match(
    diagnostics[0]!.message,
    /^provider 'vendor_a' does not allow 'regionName'\..*belongs to provider 'cloud_c'/,
  );
  assert.equal(text.slice(diagnostics[0]!.offset, diagnostics[0]!.offset + diagnostics[0]!.length), 'regionName');
});

test('fallback depth 8 stays linear: one diagnostic for one mistake at the bottom', () => {
  const text = stringify(wrapLlm({ provider: 'vendr_c' }, 8));
  const { diagnostics } = analyze(text, 'yaml');
  assert.equal(diagnostics.length, 1);
  assert.equal(diagnostics[0]!.code, 'unknown-discriminator');
  assert.equal(diagnostics[0]!.data?.suggestion, 'vendor_c');
});

test('a misspelt provider does not hide the mistakes of its fallback chain, for every variant', () => {
  // `fallback` is common to every variant: under an unknown provider its value is still checked, as
  // it is under a known one, and its own fields are not called foreign to "this provider".
  for (const v of llmUnion.variants) {
    const broken: Record<string, unknown> = { ...validVariant('LlmConfig', v.value), bogusKey: 1 };
    const expected = analyze(stringify(wrapLlm(broken, 1)), 'yaml').diagnostics.map((d) => d.code);
    assert.ok(expected.includes('unknown-property'), `${v.value}: the control finds the mistake`);
    const doc = {
      kind: 'AssistantConfig',
      version: 'v2',
      definition: { llm: { provider: 'vendr_x', fallback: broken } },
    };
    const got = analyze(stringify(doc), 'yaml').diagnostics;
    assert.deepEqual(
      got.map((d) => d.code),
      ['unknown-discriminator', ...expected],
      `${v.value} under a misspelt provider`,
    );
    // Three levels (misspelt, empty, null): the innermost mistake is still found.
    const deep = {
      kind: 'AssistantConfig',
      version: 'v2',
      definition: {
        llm: { provider: 'vendr_x', fallback: { provider: null, fallback: { provider: '', fallback: broken } } },
      },
    };
    const codes = analyze(stringify(deep), 'yaml').diagnostics.map((d) => d.code);
    assert.ok(codes.includes('unknown-property'), `${v.value}, three unknown providers up: ${codes.join(', ')}`);
  }
});

test('env-not-set is information, and only when an environment is given', () => {
  const text = stringify(wrapLlm({ provider: 'vendor_a', apiKey: { valueFromEnv: 'SET_ONE' } }, 0));
  const other = stringify(wrapLlm({ provider: 'vendor_a', apiKey: { valueFromEnv: 'NOT_SET_ONE' } }, 0));
  const env = { isDefined: (n: string) => n === 'SET_ONE' };
  assert.deepEqual(analyze(text, 'yaml', { ...DEFAULT_OPTIONS, env }).diagnostics, []);
  const d = analyze(other, 'yaml', { ...DEFAULT_OPTIONS, env }).diagnostics;
  assert.equal(d.length, 1);
  assert.equal(d[0]!.code, 'env-not-set');
  assert.equal(d[0]!.severity, 'information');
  assert.deepEqual(analyze(other, 'yaml').diagnostics, []);
});

test('a discriminator left empty, blank or null is one diagnostic listing the values, in YAML and JSON (REVIEW8 K3)', () => {
  for (const [owner, key] of [
    ['llm', 'provider'],
    ['schemaSelector', 'type'],
  ] as const) {
    const union = unionOf(definition(owner === 'llm' ? 'LlmConfig' : 'SchemaSelectorConfig'))!;
    const llm = owner === 'llm' ? '' : '  llm: {provider: hosted}\n';
    for (const [value, found] of [
      ['""', 'an empty value'],
      ["'  '", 'a blank value'],
      ['', 'an empty value'],
    ] as const) {
      for (const language of ['yaml', 'json'] as const) {
        if (language === 'json' && value === '') continue;
        const text =
          language === 'yaml'
            ? `kind: AssistantConfig\nversion: v2\ndefinition:\n${llm}  ${owner}:\n    ${key}: ${value}\n`
            : JSON.stringify({
                kind: 'AssistantConfig',
                version: 'v2',
                definition: {
                  ...(owner === 'llm' ? {} : { llm: { provider: 'hosted' } }),
                  [owner]: { [key]: value === '""' ? '' : '  ' },
                },
              });
        const ds = analyze(text, language, DEFAULT_OPTIONS).diagnostics;
        assert.deepEqual(
          ds.map((d) => `${d.code}: ${d.message}`),
          [
            `unknown-discriminator: '${key}' must be one of ${union.variants.map((v) => `'${v.value}'`).join(', ')}; found ${found}.`,
          ],
          `${language} ${owner}.${key}: ${value}`,
        );
      }
    }
  }
});
