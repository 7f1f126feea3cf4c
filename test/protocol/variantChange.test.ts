// slip7 leftover: after an edit changes the variant in force (`provider:`, `type:`), what the server
// publishes names the variant now in force: after each edit of a sequence that retypes
// discriminators (character by character, through unknown values, in a list item, beside a slip),
// the published messages are those of a fresh analysis of the same text.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyze } from '../../server/src/service';
import { TestClient } from './lspClient';

const clients: TestClient[] = [];
after(() => clients.forEach((c) => c.kill()));

const TEXT = [
  'kind: AssistantConfig',
  'version: v2',
  'definition:',
  '  llm:',
  '    provider: vendor_a',
  '    apiKey: {valueFromEnv: K}',
  '    endpoint: https://x.example/',
  '    fallback:',
  '    provider: cloud_a',
  '    modelId: m',
  '  schemaSelector:',
  '    type: all',
  '    tables:',
  '      - schemaName: s',
  '        tableName: t',
  '        columns: []',
  '  overrideAiPrimitivesLlm:',
  '    - primitiveName: classify',
  '      llm:',
  '        provider: vendor_a',
  '        apiKey: {valueFromEnv: K}',
  '        endpoint: https://x.example/',
  '',
].join('\n');

/** Replace `from` (the n-th occurrence) by `to`, one character at a time: delete, then type. */
function retype(text: string, from: string, to: string, n = 0): { start: number; end: number; text: string }[] {
  let at = -1;
  for (let i = 0; i <= n; i++) at = text.indexOf(from, at + 1);
  assert.ok(at >= 0, from);
  const steps: { start: number; end: number; text: string }[] = [];
  for (let i = from.length; i > 0; i--) steps.push({ start: at + i - 1, end: at + i, text: '' });
  for (let i = 0; i < to.length; i++) steps.push({ start: at + i, end: at + i, text: to[i]! });
  return steps;
}

test('variant changes over the protocol: after every edit the published messages are a fresh analysis’s', async () => {
  const c = new TestClient(undefined, { settings: () => ({}), initializationOptions: { settings: {} } });
  clients.push(c);
  await c.initialize();
  const uri = 'file:///tmp/ac-variant/a.assistant.yaml';
  let doc = TextDocument.create(uri, 'assistantconfig', 1, TEXT);
  await c.open(uri, TEXT);
  const messages = (text: string): string[] =>
    analyze(text, 'yaml')
      .diagnostics.filter((d) => d.severity !== 'information')
      .map((d) => `${d.code} ${d.message}`)
      .sort();
  const check = async (what: string): Promise<void> => {
    const p = await c.waitForDiagnostics(uri, (x) => x.version === doc.version);
    const shown = p.diagnostics
      .filter((d) => d.severity !== 3)
      .map((d) => `${String(d.code)} ${d.message}`)
      .sort();
    assert.deepEqual(shown, messages(doc.getText()), `${what}\n${doc.getText()}`);
  };
  await check('opened');
  const sequences: [string, string, number][] = [
    ['vendor_a', 'cloud_b', 0],
    ['cloud_b', 'hosted', 0],
    ['all', 'fixed', 0],
    ['fixed', 'llm_selector', 0],
    ['vendor_a', 'cloud_a', 0],
    ['cloud_a', 'vendor_c', 1],
    ['hosted', 'vendor_a', 0],
  ];
  for (const [from, to, n] of sequences) {
    for (const e of retype(doc.getText(), from, to, n)) {
      const range = { start: doc.positionAt(e.start), end: doc.positionAt(e.end) };
      doc = TextDocument.update(doc, [{ range, text: e.text }], doc.version + 1);
      await c.change(uri, doc.version, [{ range, text: e.text }]);
    }
    await check(`${from} -> ${to}`);
  }
  await c.shutdown();
});
