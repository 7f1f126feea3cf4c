// REVIEW8 K18 through the bundled server, as an editor asks: completion right after `key:` before an
// anchor or a flow mapping (nothing), before a value already on the line (the item replaces it), on
// the opening quote of a JSON member (the item replaces the key). Every item of every answer is
// applied as the editor would (its text edit and additional edits) and the result is checked.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CompletionItem, CompletionList, Position, TextEdit } from 'vscode-languageserver-protocol';
import { parseDocument } from 'yaml';
import { TestClient } from './lspClient';
import { ROOT } from '../helpers';

const clients: TestClient[] = [];
after(() => clients.forEach((c) => c.kill()));

const PROD = readFileSync(join(ROOT, 'test/fixtures/editor/prod-anchors.assistant.yaml'), 'utf8');
const EVERYTHING_JSON = readFileSync(join(ROOT, 'examples/everything.assistant.json'), 'utf8');
const EVERYTHING_YAML = readFileSync(join(ROOT, 'examples/everything.assistant.yaml'), 'utf8');

const itemsOf = (r: CompletionList | CompletionItem[] | null): CompletionItem[] =>
  Array.isArray(r) ? r : (r?.items ?? []);

/** The text after the editor applies an item (snippet tab stops filled with their defaults). */
function accept(text: string, item: CompletionItem): string {
  const lines = text.split('\n');
  const off = (p: Position): number => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  const main = item.textEdit as TextEdit | { replace: TextEdit['range']; newText: string } | undefined;
  assert.ok(main, `${item.label} has a text edit`);
  const range = 'range' in main ? main.range : main.replace;
  const unsnip = (s: string): string =>
    item.insertTextFormat === 2
      ? s
          .replace(/\$\{\d+\|([^,|]*)[^}]*\|\}/g, '$1')
          .replace(/\$\{\d+:([^}]*)\}/g, '$1')
          .replace(/\$\{\d+\}|\$\d+/g, '')
          .replace(/\\([\\$}])/g, '$1')
      : s;
  return [{ range, newText: unsnip(main.newText) }, ...(item.additionalTextEdits ?? [])]
    .map((e) => ({ from: off(e.range.start), to: off(e.range.end), newText: e.newText }))
    .sort((a, b) => b.from - a.from)
    .reduce((t, e) => t.slice(0, e.from) + e.newText + t.slice(e.to), text);
}

/** Position of the `n`th (0-based) occurrence of `needle`, plus `shift` characters. */
function positionOf(text: string, needle: string, shift: number, n = 0): Position {
  let at = -1;
  for (let i = 0; i <= n; i++) at = text.indexOf(needle, at + 1);
  assert.ok(at >= 0, needle);
  const before = text.slice(0, at + shift).split('\n');
  return { line: before.length - 1, character: before[before.length - 1]!.length };
}

async function session(): Promise<TestClient> {
  const c = new TestClient();
  clients.push(c);
  await c.initialize();
  return c;
}

async function complete(c: TestClient, uri: string, position: Position): Promise<CompletionItem[]> {
  return itemsOf(
    await c.request<CompletionList | CompletionItem[] | null>('textDocument/completion', {
      textDocument: { uri },
      position,
    }),
  );
}

test('K18a: right after `llm:`, `fallback:`, `apiKey:`, `schemaSelector:`, `- ` before an anchor or a flow mapping: nothing', async () => {
  const c = await session();
  const uri = 'file:///work/prod.assistant.yaml';
  await c.open(uri, PROD);
  for (const [needle, shift] of [
    ['llm: &primary', 4],
    ['llm: &primary', 5],
    ['fallback: &fb', 9],
    ['apiKey: { valueFromEnv', 7],
    ['schemaSelector: {type', 15],
    ['llm: *fb', 4],
    ['llm: !!map', 4],
    ['- {primitiveName', 2],
    ['featureFlags: {', 13],
  ] as const)
    assert.deepEqual(
      (await complete(c, uri, positionOf(PROD, needle, shift))).map((i) => i.label),
      [],
      `${needle} at ${shift}`,
    );
  // On a key of its own line the LLM's keys are still offered.
  const deeper = await complete(c, uri, positionOf(PROD, '    endpoint: https', 4));
  assert.ok(
    deeper.some((i) => i.label === 'endpoint'),
    deeper.map((i) => i.label).join(', '),
  );
  await c.shutdown();
});

test('K18d: right after `harassment:` / `kind:` / `primitiveName:` the value items replace the value there', async () => {
  const c = await session();
  const uri = 'file:///work/everything.assistant.yaml';
  await c.open(uri, EVERYTHING_YAML);
  for (const needle of ['harassment: blockMediumAndAbove', 'kind: AssistantConfig', 'primitiveName: classify']) {
    const colon = needle.indexOf(':') + 1;
    const items = await complete(c, uri, positionOf(EVERYTHING_YAML, needle, colon));
    assert.ok(items.length > 0, needle);
    const oneIn = new Map(
      (await complete(c, uri, positionOf(EVERYTHING_YAML, needle, colon + 1))).map((i) => [i.label, i]),
    );
    for (const item of items) {
      const out = accept(EVERYTHING_YAML, item);
      const at = positionOf(EVERYTHING_YAML, needle, 0);
      assert.equal(
        out.split('\n')[at.line]!.slice(at.character),
        `${needle.slice(0, colon)} ${item.label}`,
        `${needle}: '${item.label}'`,
      );
      const other = oneIn.get(item.label);
      assert.ok(other, `'${item.label}' is offered one column in too`);
      assert.equal(out, accept(EVERYTHING_YAML, other), item.label);
      assert.deepEqual(parseDocument(out).errors, []);
    }
  }
  await c.shutdown();
});

test('K18b, c: on the opening quote of a JSON member the items replace its key; no member is duplicated', async () => {
  const c = await session();
  const uri = 'file:///work/everything.assistant.json';
  await c.open(uri, EVERYTHING_JSON, 'assistantconfig-json');
  let checked = 0;
  for (const key of ['$schema', 'kind', 'modelId', 'apiKey', 'fallback', 'safetySettings', 'primitiveName']) {
    const pos = positionOf(EVERYTHING_JSON, `"${key}"`, 0);
    const items = await complete(c, uri, pos);
    assert.ok(
      items.some((i) => i.label === key),
      `${key}: ${items.map((i) => i.label).join(', ')}`,
    );
    const oneIn = new Map(
      (await complete(c, uri, { line: pos.line, character: pos.character + 1 })).map((i) => [i.label, i]),
    );
    for (const item of items) {
      const out = accept(EVERYTHING_JSON, item);
      // Still JSON, with the same number of members: the key was replaced, nothing was added.
      const before = (EVERYTHING_JSON.match(/":/g) ?? []).length;
      assert.equal((out.match(/":/g) ?? []).length, before, `${key}: '${item.label}'`);
      assert.doesNotThrow(() => JSON.parse(out), `${key}: '${item.label}'`);
      if (item.label === key) assert.equal(out, EVERYTHING_JSON);
      const other = oneIn.get(item.label);
      assert.ok(other, `'${item.label}' is offered one column in too`);
      assert.equal(out, accept(EVERYTHING_JSON, other), `${key}: '${item.label}'`);
      checked++;
    }
  }
  assert.ok(checked >= 7);
  await c.shutdown();
});
