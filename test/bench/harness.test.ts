// A tiny run of the benchmark harness (bench/): it proves the generator and the LSP client work.
// It asserts results — valid configs, diagnostics that arrive, completion and hover answers,
// memory read — never times: the timed run is `npm run bench`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tmpdir } from 'node:os';
import Ajv from 'ajv';
import { PROVIDERS as ALL_PROVIDERS } from '../helpers';
import type * as GenerateTypes from '../../bench/generate.mjs';
import type * as ClientTypes from '../../bench/lsp-client.mjs';

type GenerateModule = typeof GenerateTypes;
type ClientModule = typeof ClientTypes;
type Generated = ReturnType<GenerateModule['generate']>;
type ServerSpec = ReturnType<ClientModule['oursServer']>;

const ROOT = process.cwd();
const OURS = join(ROOT, 'dist/server.js');
const PEER = join(ROOT, 'bench/node_modules/yaml-language-server/bin/yaml-language-server');
const TIMEOUT = { timeoutMs: 60000 };

// The bench modules are ESM and stay outside the test bundle: loaded at run time, as `npm run bench` does.
const gen = (): Promise<GenerateModule> =>
  import(pathToFileURL(join(ROOT, 'bench/generate.mjs')).href) as Promise<GenerateModule>;
const client = (): Promise<ClientModule> =>
  import(pathToFileURL(join(ROOT, 'bench/lsp-client.mjs')).href) as Promise<ClientModule>;

const ajv = new Ajv({ strict: false, discriminator: true, allErrors: true });
const validate = ajv.compile(
  JSON.parse(readFileSync(join(ROOT, 'schemas/assistant-config.schema.json'), 'utf8')) as object,
);

let docCounter = 0;
const uriFor = (spec: ServerSpec, json = false): string =>
  pathToFileURL(
    join(tmpdir(), `bench-harness-${process.pid}-${docCounter++}${json ? spec.jsonFileSuffix : spec.fileSuffix}`),
  ).href;

test('generated configs are valid for the JSON Schema (YAML and JSON, with and without a fallback chain)', async () => {
  const { generate, PROVIDERS } = await gen();
  const YAML = await import('yaml');
  for (const format of ['yaml', 'json'] as const) {
    for (const fallbackDepth of [0, 3, 8]) {
      const g = generate({ lines: 200, format, fallbackDepth });
      assert.ok(g.lines >= 150 && g.lines <= 250, `${format} fallback ${fallbackDepth}: ${g.lines} lines`);
      const parsed: unknown = format === 'json' ? JSON.parse(g.text) : YAML.parse(g.text);
      assert.deepEqual(parsed, g.data, 'the text holds the data');
      assert.ok(
        validate(parsed),
        `${format} fallback ${fallbackDepth}: ${JSON.stringify(validate.errors?.slice(0, 3))}`,
      );
      for (const p of PROVIDERS) assert.ok(g.text.includes(p), `provider ${p} occurs`);
      // The marks point where the benchmark works.
      const lines = g.text.split('\n');
      assert.match(lines[g.marks.providerValue.line]!.slice(g.marks.providerValue.character), /^"?[a-z_]+"?,?$/);
      assert.match(lines[g.marks.tableKey.line]!, /tableName/);
      assert.match(lines[g.marks.edit.line]![g.marks.edit.character]!, /\d/);
    }
  }
  const deep = generate({ lines: 1000, fallbackDepth: 5 });
  assert.ok(validate(deep.data));
  assert.ok(deep.lines > 900 && deep.lines < 1100, `${deep.lines} lines`);
});

test('with errors on, the config breaks the schema in the two intended ways', async () => {
  const { generate } = await gen();
  for (const format of ['yaml', 'json'] as const) {
    const g = generate({ lines: 200, format, errors: true });
    assert.equal(validate(g.data), false);
    assert.ok(g.text.includes('vendor_x'), 'an unknown provider');
    assert.ok(
      validate.errors?.some(
        (e) => e.keyword === 'required' && (e.params as { missingProperty?: string }).missingProperty === 'schemaName',
      ),
      'a missing required field',
    );
  }
});

/** One pass of every measurement against a server, returning what it answered. */
async function measureOnce(spec: ServerSpec, g: Generated, languageId: string, json = false) {
  const { LspSession } = await client();
  const s = await LspSession.start(spec, TIMEOUT);
  try {
    await s.configure();
    const uri = uriFor(spec, json);
    const open = await s.open(uri, g.text, { languageId, ...TIMEOUT });
    const original = s.charAt(uri, g.marks.edit);
    const edit = await s.replaceChar(uri, g.marks.edit, original === '0' ? '1' : '0', TIMEOUT);
    const completion = await s.completion(uri, g.marks.providerValue, TIMEOUT);
    const keyCompletion = await s.completion(uri, g.marks.tableKey, TIMEOUT);
    const hover = await s.hover(uri, g.marks.tableKey, TIMEOUT);
    const providerHover = await s.hover(uri, g.marks.providerValue, TIMEOUT);
    const afterEdit = await s.replaceCharThenComplete(uri, g.marks.edit, original, g.marks.providerValue, TIMEOUT);
    // A one-character edit that breaks the config: the provider value becomes unknown.
    const breaking = await s.replaceChar(uri, g.marks.providerValue, 'Q', TIMEOUT);
    s.close(uri);
    return {
      s,
      open,
      edit,
      completion,
      keyCompletion,
      hover,
      providerHover,
      afterEdit,
      breaking,
      memoryKb: s.peakRssKb(),
      coldStartMs: s.coldStartMs,
      mode: s.diagnosticMode,
    };
  } finally {
    await s.stop();
  }
}

async function errorsDiagnostics(spec: ServerSpec, g: Generated, languageId: string, json = false) {
  const { LspSession } = await client();
  const s = await LspSession.start(spec, TIMEOUT);
  try {
    await s.configure();
    return (await s.open(uriFor(spec, json), g.text, { languageId, ...TIMEOUT })).diagnostics;
  } finally {
    await s.stop();
  }
}

/** The servers the harness starts: built by npm test (scripts/run-tests.mjs builds first), installed by npm ci. */
function need(path: string, how: string): void {
  assert.ok(existsSync(path), `${path} is missing: ${how}`);
}

for (const mode of ['pull', 'push'] as const) {
  for (const format of ['yaml', 'json'] as const) {
    test(`our server (${mode} diagnostics, ${format}): diagnostics, edit, completion, hover and memory`, async () => {
      need(OURS, 'run npm run build');
      const { generate } = await gen();
      const { oursServer } = await client();
      const g = generate({ lines: 200, format });
      const bad = generate({ lines: 200, format, errors: true });
      const spec: ServerSpec = {
        ...oursServer(ROOT, { envNames: [...g.envNames, ...bad.envNames] }),
        ...(mode === 'push' ? { pullDiagnostics: false } : {}),
      };
      const languageId = format === 'json' ? spec.jsonLanguageId! : spec.languageId!;
      const r = await measureOnce(spec, g, languageId, format === 'json');
      assert.equal(r.mode, mode, 'the server follows the client: pulled when offered, pushed otherwise');
      assert.deepEqual(r.open.diagnostics, [], 'a valid config draws no diagnostics');
      assert.deepEqual(r.edit.diagnostics, [], 'still none after a one-character edit of a column name');
      const labels = r.completion.items.map((i) => i.label);
      for (const p of ALL_PROVIDERS)
        assert.ok(labels.includes(p), `completion on a provider value offers ${p} (got ${labels.join(', ')})`);
      assert.ok(
        r.afterEdit.items.map((i) => i.label).includes('vendor_a'),
        'completion right after an edit answers too',
      );
      assert.ok(r.keyCompletion.items.length > 0, 'completion on a key of the last table answers');
      assert.match(r.hover.text, /tableName|table/i, 'hover on a key of the last table has content');
      assert.ok(r.providerHover.text.length > 0, 'hover on a provider value has content');
      assert.ok(r.memoryKb > 0, 'peak resident memory is read');
      assert.ok(r.coldStartMs > 0);
      assert.ok(
        r.breaking.diagnostics.some((d) => d.range.start.line === g.marks.providerValue.line),
        `an edit that makes the provider unknown draws a diagnostic there (${r.breaking.diagnostics.map((d) => d.message).join(' | ')})`,
      );

      const diags = await errorsDiagnostics(spec, bad, languageId, format === 'json');
      assert.ok(diags.length >= 2, `errors on: diagnostics (${diags.map((d) => d.message).join(' | ')})`);
      const badLine = bad.text.split('\n').findIndex((l) => l.includes('vendor_x'));
      assert.ok(
        diags.some((d) => d.range.start.line === badLine),
        'one of them is on the unknown provider',
      );
    });
  }
}

test('the peer (yaml-language-server, given our schema) through the same harness', async () => {
  need(PEER, 'the bench dependencies are not installed: run npm ci --prefix bench (npm ci does, through prepare)');
  const { generate } = await gen();
  const { peerServer } = await client();
  const g = generate({ lines: 200 });
  const spec = peerServer(ROOT);
  const r = await measureOnce(spec, g, spec.languageId!);
  assert.equal(r.mode, 'push');
  assert.deepEqual(r.open.diagnostics, []);
  assert.ok(r.completion.items.length > 0, 'the peer completes provider values');
  assert.ok(r.hover.text.length > 0, 'the peer hovers');
  assert.ok(r.memoryKb > 0);
  assert.ok(r.breaking.diagnostics.length > 0, 'the peer reports the edit that breaks the config');
  const diags = await errorsDiagnostics(spec, generate({ lines: 200, errors: true }), spec.languageId!);
  assert.ok(diags.length >= 1, 'the schema reaches the peer through its settings');
});
