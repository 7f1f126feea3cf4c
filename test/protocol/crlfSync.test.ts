// REVIEW8 K19 through the protocol: a client that sends '\r' and '\n' as two changes (the '\n' at the
// start of the line the lone '\r' began) must leave the server with the client's text. The review's
// minimal sequence, then its mirror ('\r' typed before a '\n') and a deletion that joins them: what the
// server publishes and its outline equal those of the same text opened afresh.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { TestClient } from './lspClient';

const clients: TestClient[] = [];
after(() => clients.forEach((c) => c.kill()));

type Edit = [line: number, character: number, endLine: number, endCharacter: number, text: string];

const shown = (p: PublishDiagnosticsParams): string[] =>
  p.diagnostics
    .map(
      (d) =>
        `${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} ${String(d.code)} ${d.message}`,
    )
    .sort();

test('CR and LF sent as separate changes: the server keeps the client’s text (REVIEW8 K19)', async () => {
  const c = new TestClient(undefined, { settings: () => ({}), initializationOptions: { settings: {} } });
  clients.push(c);
  await c.initialize();
  const sequences: [string, string, Edit[], string][] = [
    [
      'the review’s sequence: LF typed after a lone CR',
      '',
      [
        [0, 0, 0, 0, 'kind: AssistantConfig'],
        [0, 21, 0, 21, '\r'],
        [1, 0, 1, 0, '\n'],
        [1, 0, 1, 0, 'version: v2'],
      ],
      'kind: AssistantConfig\r\nversion: v2',
    ],
    [
      'CR typed before a LF',
      'kind: AssistantConfig\nversion: v2\ndefinition: {}\n',
      [
        [0, 21, 0, 21, '\r'],
        [1, 11, 1, 11, '\r'],
        [2, 0, 2, 0, '# c\r\n'],
      ],
      'kind: AssistantConfig\r\nversion: v2\r\n# c\r\ndefinition: {}\n',
    ],
    [
      'the text between a lone CR and a LF deleted',
      'kind: AssistantConfig\rX\nversion: v2\n',
      [
        [1, 0, 1, 1, ''],
        [1, 0, 1, 0, 'definition: {}\r\n'],
      ],
      'kind: AssistantConfig\r\ndefinition: {}\r\nversion: v2\n',
    ],
  ];
  let n = 0;
  for (const [what, initial, edits, final] of sequences) {
    n++;
    const uri = `file:///tmp/ac-crlf/typed${n}.assistant.yaml`;
    const fresh = `file:///tmp/ac-crlf/fresh${n}.assistant.yaml`;
    await c.open(uri, initial);
    let version = 1;
    for (const [l, ch, el, ech, text] of edits)
      await c.change(uri, ++version, [
        { range: { start: { line: l, character: ch }, end: { line: el, character: ech } }, text },
      ]);
    await c.open(fresh, final);
    const typed = await c.waitForDiagnostics(uri, (p) => p.version === version);
    const opened = await c.waitForDiagnostics(fresh, (p) => p.version === 1);
    assert.deepEqual(shown(typed), shown(opened), what);
    assert.ok(!shown(typed).some((m) => /Lone CR/.test(m)), `${what}: ${shown(typed).join('\n')}`);
    const symbols = async (u: string): Promise<unknown> =>
      c.request('textDocument/documentSymbol', { textDocument: { uri: u } });
    assert.deepEqual(await symbols(uri), await symbols(fresh), `${what}: outline`);
    const fmt = async (u: string): Promise<unknown> =>
      c.request('textDocument/formatting', { textDocument: { uri: u }, options: { tabSize: 2, insertSpaces: true } });
    assert.deepEqual(await fmt(uri), await fmt(fresh), `${what}: formatting`);
  }
  await c.shutdown();
});
