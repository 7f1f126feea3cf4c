// What reaches the output channel with `assistantConfig.trace.server` at "verbose" (REVIEW15-sec T1):
// the real server (dist/server.js) and vscode-jsonrpc's own tracer, whose lines are written to the
// redacting channel as vscode-languageclient writes them (logTrace: the message, then its data; the
// "json" trace format: one JSON object per message). The document holds literal secrets as users
// write them: one with no shape at all (only withholding document text keeps it out), one with a
// prefix, one in a URL query, one in a header, one under an anchor shared by two LLM blocks, in a
// block scalar, with CRLF; the requests are those an editor sends (hover on every line, completion,
// code actions, symbols, inlay hints, code lenses, links, formatting, Test Connection's question).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { join } from 'node:path';
import { Trace, TraceFormat } from 'vscode-languageserver-protocol/node';
import type * as vscode from 'vscode';
import { TestClient } from '../protocol/lspClient';
import { redactingChannel } from '../../client/src/redactingChannel';
import { CONNECTION_CONFIG_REQUEST } from '../../server/src/shared';
import { ROOT, fakeSecret, madeUpPasswords } from '../helpers';

const [PLAIN, HEADER_PASSWORD, BLOCK_WORD] = madeUpPasswords(0x7a15, 3) as [string, string, string];
const PREFIXED = fakeSecret('sk-' + 'proj-', 32, 0x7a16);
const QUERY_TOKEN = fakeSecret('', 28, 0x7a17);
const STORED_PAT = fakeSecret('pat_', 40, 0x7a18);
const SECRETS = [PLAIN, HEADER_PASSWORD, BLOCK_WORD, PREFIXED, QUERY_TOKEN, STORED_PAT];

const TEXT = [
  'kind: AssistantConfig',
  'version: v2',
  'definition:',
  '  llm: &main # shared with aiPrimitivesLlm',
  '    provider: vendor_a',
  '    apiKey:',
  `      value: ${PLAIN}`,
  '    systemInstructions: |',
  '      Be brief.',
  '  aiPrimitivesLlm:',
  '    <<: *main',
  '    apiKey:',
  '      value: >-',
  `        ${BLOCK_WORD}`,
  '  dataSource:',
  `    url: https://data.example.com/sql?token=${QUERY_TOKEN}`,
  '    headers:',
  `      Authorization: Basic ${HEADER_PASSWORD}`,
  `  other: {value: ${PREFIXED}}`,
  '',
].join('\r\n');

let server: TestClient;
const lines: string[] = [];
const channel = redactingChannel(
  {
    append: (s: string) => void lines.push(s),
    appendLine: (s: string) => void lines.push(s),
  } as unknown as vscode.OutputChannel,
  () => [STORED_PAT],
);

before(async () => {
  server = new TestClient(join(ROOT, 'dist/server.js'));
});
after(() => server.kill());

/** The editor's traffic for one document, traced at `verbose` in `format`. */
async function traffic(format: TraceFormat, uri: string): Promise<void> {
  // vscode-languageclient's tracer (client.js, logTrace and logObjectTrace), writing to its output channel.
  await server.conn.trace(
    Trace.Verbose,
    {
      log: (message: unknown, data?: string) => {
        if (typeof message === 'string') {
          channel.appendLine(`[Trace - 10:00:00] ${message}`);
          if (data) channel.appendLine(data);
        } else {
          channel.append('[LSP   - 10:00:00] ');
          channel.appendLine(JSON.stringify(message));
        }
      },
    },
    { sendNotification: false, traceFormat: format },
  );
  await server.open(uri, TEXT);
  await server.waitForDiagnostics(uri);
  const lineCount = TEXT.split('\r\n').length;
  const whole = { start: { line: 0, character: 0 }, end: { line: lineCount, character: 0 } };
  const doc = { uri };
  for (let line = 0; line < lineCount; line++)
    for (const character of [2, 6, 14, 30]) {
      await server.request('textDocument/hover', { textDocument: doc, position: { line, character } });
      await server.request('textDocument/completion', { textDocument: doc, position: { line, character } });
    }
  const diagnostics = server.diagnostics.get(uri)?.at(-1)?.diagnostics ?? [];
  await server.request('textDocument/codeAction', { textDocument: doc, range: whole, context: { diagnostics } });
  for (const d of diagnostics)
    await server.request('textDocument/codeAction', {
      textDocument: doc,
      range: d.range,
      context: { diagnostics: [d] },
    });
  await server.request('textDocument/documentSymbol', { textDocument: doc });
  await server.request('textDocument/inlayHint', { textDocument: doc, range: whole });
  await server.request('textDocument/codeLens', { textDocument: doc });
  await server.request('textDocument/documentLink', { textDocument: doc });
  await server.request('textDocument/formatting', { textDocument: doc, options: { tabSize: 2, insertSpaces: true } });
  await server.request(CONNECTION_CONFIG_REQUEST, { text: TEXT, language: 'yaml', file: 'a.assistant.yaml' });
  // Test Connection's own log line with the stored PAT in it (a service that echoed it).
  channel.appendLine(`Test Connection report: the service said "bad token ${STORED_PAT}"`);
}

describe('the protocol trace at verbose, through the redacting channel', () => {
  it('text and JSON formats: no piece of a secret reaches the channel, and the trace is there', async () => {
    await server.initialize();
    await traffic(TraceFormat.Text, 'file:///w/a.assistant.yaml');
    await traffic(TraceFormat.JSON, 'file:///w/b.assistant.yaml');
    const written = lines.join('\n');
    assert.ok(written.length > 20_000, `the trace was written (${written.length} characters)`);
    for (const method of [
      'textDocument/didOpen',
      'textDocument/hover',
      'textDocument/codeAction',
      CONNECTION_CONFIG_REQUEST,
    ])
      assert.ok(written.includes(method), method);
    assert.match(written, /characters of document text, not logged/);
    for (const secret of SECRETS)
      for (let i = 0; i + 6 <= secret.length; i++) {
        const piece = secret.slice(i, i + 6);
        const at = written.indexOf(piece);
        assert.ok(
          at < 0,
          `a piece of a secret (${piece}) reached the channel: …${written.slice(Math.max(0, at - 300), at + 100)}…`,
        );
      }
  });
});
