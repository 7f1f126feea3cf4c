// REVIEW4 G22 and G28 through the bundled server, as an editor drives it: Enter after `llm: &main`
// (the editor indents the new line), completion there; hover in indentation and after a colon.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import type { CompletionItem, CompletionList, Hover, TextEdit } from 'vscode-languageserver-protocol';
import { parseDocument } from 'yaml';
import { TestClient } from './lspClient';

const URI = 'file:///work/shared.assistant.yaml';
const clients: TestClient[] = [];
after(() => clients.forEach((c) => c.kill()));

const labelsOf = (r: CompletionList | CompletionItem[] | null): string[] =>
  (Array.isArray(r) ? r : (r?.items ?? [])).map((i) => i.label);

/** Applies a completion item's main edit (and additional edits) to the text, as the editor would. */
function accept(text: string, item: CompletionItem): string {
  const lines = text.split('\n');
  const off = (p: { line: number; character: number }): number =>
    lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  const main = item.textEdit as TextEdit | { insert: TextEdit['range']; newText: string } | undefined;
  assert.ok(main, `${item.label} has a text edit`);
  const range = 'range' in main ? main.range : main.insert;
  const edits = [{ range, newText: main.newText }, ...(item.additionalTextEdits ?? [])]
    .map((e) => ({ from: off(e.range.start), to: off(e.range.end), newText: e.newText }))
    .sort((a, b) => b.from - a.from);
  // The item's text is a snippet at most for tab stops: strip them as the editor fills them empty.
  return edits.reduce(
    (t, e) => t.slice(0, e.from) + e.newText.replace(/\$\{\d+:?([^}]*)\}|\$\d+/g, '$1') + t.slice(e.to),
    text,
  );
}

for (const head of ['llm: &main', 'llm: !!map', 'llm: &main !!map', 'llm: &main   # shared'])
  test(`G22: Enter after \`${head}\`: nothing at the key's column, the LLM's keys deeper; the aliases keep the LLM`, async () => {
    const c = new TestClient();
    clients.push(c);
    await c.initialize();
    const aliases = head.includes('&main')
      ? '  aiPrimitivesLlm: *main\n  threadTitleGeneration: {enable: true, llm: *main}\n'
      : '';
    let text = `kind: AssistantConfig\nversion: v2\ndefinition:\n  ${head}\n    provider: vendor_a\n    apiKey: {valueFromEnv: K}\n${aliases}`;
    await c.open(URI, text);
    // Enter at the end of line 3: the editor inserts the break and the key's indentation.
    const end = { line: 3, character: head.length + 2 };
    await c.change(URI, 2, [{ range: { start: end, end }, text: '\n  ' }]);
    text = text.replace(`  ${head}\n`, `  ${head}\n  \n`);
    const at2 = await c.request<CompletionList | null>('textDocument/completion', {
      textDocument: { uri: URI },
      position: { line: 4, character: 2 },
    });
    assert.deepEqual(labelsOf(at2), []);
    // Two more spaces: one level deeper.
    await c.change(URI, 3, [
      { range: { start: { line: 4, character: 2 }, end: { line: 4, character: 2 } }, text: '  ' },
    ]);
    text = text.replace(`  ${head}\n  \n`, `  ${head}\n    \n`);
    const at4 = await c.request<CompletionList | null>('textDocument/completion', {
      textDocument: { uri: URI },
      position: { line: 4, character: 4 },
    });
    const labels = labelsOf(at4);
    assert.ok(labels.includes('model'), labels.join(', '));
    assert.ok(!labels.includes('maxAssistantActions'), labels.join(', '));
    const items = Array.isArray(at4) ? at4 : (at4?.items ?? []);
    for (const item of items) {
      const out = parseDocument(accept(text, item));
      assert.deepEqual(out.errors, [], item.label);
      const def = (out.toJS() as { definition: Record<string, { provider?: string; llm?: { provider?: string } }> })
        .definition;
      assert.equal(def.llm?.provider, 'vendor_a', `'${item.label}' keeps the LLM`);
      if (aliases) {
        assert.equal(def.aiPrimitivesLlm?.provider, 'vendor_a', item.label);
        assert.equal(def.threadTitleGeneration?.llm?.provider, 'vendor_a', item.label);
      }
    }
    await c.shutdown();
  });

test('G28: hover shows nothing over indentation or after a colon, and documents the key itself', async () => {
  const c = new TestClient();
  clients.push(c);
  await c.initialize();
  const text =
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: &main\n    provider: vendor_a\n    model: gpt-4o\n  aiPrimitivesLlm:\n    <<: *main\n    provider: cloud_b       # switch\n  threadTitleGeneration:\n    enable: true\n';
  await c.open(URI, text);
  const hover = (line: number, character: number): Promise<Hover | null> =>
    c.request<Hover | null>('textDocument/hover', { textDocument: { uri: URI }, position: { line, character } });
  for (const [l, ch] of [
    [6, 0],
    [6, 1],
    [7, 0],
    [8, 0],
    [9, 0],
    [3, 6],
    [6, 18],
    [8, 22],
  ] as const)
    assert.equal(await hover(l, ch), null, `${l}:${ch}`);
  const key = await hover(6, 2);
  assert.match(JSON.stringify(key?.contents), /\*\*aiPrimitivesLlm\*\*/);
  await c.shutdown();
});
