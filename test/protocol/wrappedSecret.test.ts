// REVIEW5 H7: a credential pasted over two lines (a folded `>-` scalar, a plain scalar a hard-wrapping
// editor broke) is one credential: no piece of its second line may reach the client either, in
// diagnostics, the outline, code lenses or the status item. And a credential pasted as a mapping key
// is not sent in the clear in a diagnostic's `data` (a client's protocol trace logs it), while the
// code actions for that diagnostic still work.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TestClient } from './lspClient';
import { leakedRuns } from '../cli/helpers';
import { fakeSecret } from '../helpers';

// Fake credentials (the shape of a vendor key), never real ones.
const HEAD = fakeSecret('sk-' + 'proj-', 15, 0x3d05);
const TAIL = 'Fg1Hj6Kl9Zx3Cv0Bn';
const SECRETS = [HEAD.slice(8), TAIL, HEAD.slice(8) + TAIL];
const leaks = (text: string): string[] => leakedRuns(text, SECRETS, 6);

const head = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
const DOCS: Record<string, string> = {
  'fold.assistant.yaml': `${head}  llm:\n    provider: >-\n      ${HEAD}\n      ${TAIL}\n`,
  'plain.assistant.yaml': `${head}  llm:\n    provider: ${HEAD}\n      ${TAIL}\n`,
  'key.assistant.yaml': `${head}  llm:\n    provider: vendor_a\n    apiKey:\n      valueFromEnv: VENDOR_A_API_KEY\n      ${HEAD}${TAIL}: x\n`,
};

test('H7: a credential over two lines and a credential-shaped key reach the client masked', async () => {
  const c = new TestClient();
  const seen: string[] = [];
  const statuses: { uri: string; llmProvider?: string }[] = [];
  c.conn.onNotification('assistantConfig/status', (p: { uri: string; llmProvider?: string }) => {
    statuses.push(p);
    seen.push(`status ${JSON.stringify(p)}`);
  });
  try {
    await c.initialize();
    for (const [name, text] of Object.entries(DOCS)) {
      const uri = `file:///w/${name}`;
      await c.open(uri, text, 'assistantconfig');
      const diags = await c.waitForDiagnostics(uri);
      assert.ok(diags.diagnostics.length > 0, name);
      seen.push(`${name} diagnostics ${JSON.stringify(diags)}`);
      const textDocument = { uri };
      for (const m of ['textDocument/documentSymbol', 'textDocument/codeLens'])
        seen.push(`${name} ${m} ${JSON.stringify(await c.request(m, { textDocument }))}`);
      const lines = text.split('\n');
      const range = { start: { line: 0, character: 0 }, end: { line: lines.length, character: 0 } };
      const actions = await c.request<{ title: string; edit?: unknown }[]>('textDocument/codeAction', {
        textDocument,
        range,
        context: { diagnostics: diags.diagnostics },
      });
      seen.push(`${name} actions ${JSON.stringify(actions)}`);
      if (name === 'key.assistant.yaml') {
        const unknown = diags.diagnostics.find((d) => d.code === 'unknown-property');
        assert.ok(unknown, JSON.stringify(diags));
        // The data names the key masked; the fix that removes the key is still offered, and removes it.
        assert.match(JSON.stringify(unknown.data), /"key":"sk-proj-\*+"|"key":"\*+"/, JSON.stringify(unknown));
        const remove = actions.find((a) => /^Remove /.test(a.title));
        assert.ok(remove, JSON.stringify(actions.map((a) => a.title)));
        const edits = JSON.stringify(remove.edit);
        assert.match(edits, /"newText":""/, edits);
      }
    }
    assert.ok(
      seen.some((s) => s.startsWith('status')),
      'a status notification',
    );
    for (const s of statuses.filter((s) => !s.uri.endsWith('key.assistant.yaml')))
      assert.match(s.llmProvider ?? '', /^[* ]+$|^sk-proj-[* ]+$/, JSON.stringify(s));
    const found = seen.filter((s) => leaks(s).length > 0);
    assert.deepEqual(
      found.map((s) => `${leaks(s).join(',')} in ${s.slice(0, 600)}`),
      [],
    );
    assert.equal(await c.shutdown(), 0);
  } finally {
    c.kill();
  }
});
