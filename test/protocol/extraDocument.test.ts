// REVIEW7 J2 in the server: a second YAML document typed into an open file, edited, and removed
// again. At each step the server's diagnostics (incremental parse and validation, pulled) are those
// of a fresh reading of the same text (what the CLI reports: service/analyze), so the editor and the
// CLI agree on extra documents and on the mistakes inside another AssistantConfig.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import type { FullDocumentDiagnosticReport } from 'vscode-languageserver-protocol/node';
import { TestClient } from './lspClient';
import { analyze } from '../../server/src/service/analyze';
import { LineIndex } from '../../server/src/parser';

const clients: TestClient[] = [];
after(() => clients.forEach((c) => c.kill()));

const ONE = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n';
const TWO = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hostd}\n  maxAssistantActions: 0\n';

/** `line:col code severity message`, as the CLI's reading of `text` gives it. */
function expected(text: string): string[] {
  const li = new LineIndex(text);
  const sev = { error: 1, warning: 2, information: 3, hint: 4 } as const;
  return analyze(text, 'yaml').diagnostics.map((d) => {
    const p = li.positionAt(d.offset);
    return `${p.line}:${p.character} ${d.code} ${sev[d.severity]} ${d.message}`;
  });
}

test('typing a second document, editing both, removing the ---: the server says what a fresh reading says', async () => {
  for (const eol of ['\n', '\r\n']) {
    const c = new TestClient(undefined, { pull: true });
    clients.push(c);
    await c.initialize();
    const uri = `file:///w/prod${eol.length}.assistant.yaml`;
    let text = ONE.replace(/\n/g, eol);
    let version = 1;
    await c.open(uri, text, 'assistantconfig');
    const steps: string[] = [];
    const edit = async (offset: number, length: number, insert: string): Promise<void> => {
      const li = new LineIndex(text);
      const range = { start: li.positionAt(offset), end: li.positionAt(offset + length) };
      text = text.slice(0, offset) + insert + text.slice(offset + length);
      await c.change(uri, ++version, [{ range, text: insert }]);
      const got = (
        await c.request<FullDocumentDiagnosticReport>('textDocument/diagnostic', { textDocument: { uri } })
      ).items.map(
        (d) => `${d.range.start.line}:${d.range.start.character} ${String(d.code)} ${d.severity} ${d.message}`,
      );
      assert.deepEqual(got, expected(text), `after step ${steps.length + 1}: ${JSON.stringify(text)}`);
      steps.push(got.map((g) => g.split(' ')[1]).join(','));
    };
    await edit(text.length, 0, `---${eol}`); // a final ---
    // Typed, one character at a time; a line end at once (as an editor sends Enter in a CRLF file).
    for (const ch of TWO.match(/[^\n]|\n/g)!) await edit(text.length, 0, ch === '\n' ? eol : ch);
    await edit(text.lastIndexOf('hostd') + 4, 0, 'e'); // the second document's typo fixed
    await edit(text.indexOf('hosted'), 6, 'vendr_a'); // a typo in the first
    await edit(text.indexOf('---'), 3 + eol.length, ''); // the --- removed: one document again
    assert.equal(steps[0], 'extra-document');
    assert.ok(steps.includes('extra-document,unknown-discriminator,non-positive-limit'), steps.join('\n'));
    assert.equal(steps.at(-3), 'extra-document,non-positive-limit');
    assert.ok(steps.at(-1)!.includes('duplicate-key'), steps.at(-1));
    await c.shutdown();
  }
});
