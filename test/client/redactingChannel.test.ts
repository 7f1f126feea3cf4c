// The output channel redacts everything written to it (reports, the client's log, the protocol
// trace), with the credentials stored in SecretStorage known by value.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type * as vscode from 'vscode';
import { SECRET_KEYS, redactingChannel, storedSecrets } from '../../client/src/redactingChannel';

const PAT = 'Zq7/Kd+9wXy=Lm3/Pq8rTs2uVw4';

function fakeChannel(): { channel: vscode.LogOutputChannel; lines: unknown[] } {
  const lines: unknown[] = [];
  const write = (...args: unknown[]): void => void lines.push(...args);
  const channel = {
    name: 'AssistantConfig',
    append: write,
    appendLine: write,
    replace: write,
    trace: write,
    debug: write,
    info: write,
    warn: write,
    error: write,
    clear: () => undefined,
    show: () => undefined,
    hide: () => undefined,
    dispose: () => undefined,
  };
  return { channel: channel as unknown as vscode.LogOutputChannel, lines };
}

function fakeStorage(values: Record<string, string>): { storage: vscode.SecretStorage; change: () => void } {
  const listeners: (() => void)[] = [];
  const storage = {
    get: (k: string) => Promise.resolve(values[k]),
    onDidChange: (l: () => void) => {
      listeners.push(l);
      return { dispose: () => undefined };
    },
  };
  return { storage: storage as unknown as vscode.SecretStorage, change: () => listeners.forEach((l) => l()) };
}

describe('redactingChannel', () => {
  it('redacts every writer, the protocol trace included, with the stored credentials', async () => {
    const { storage } = fakeStorage({ [SECRET_KEYS.pat]: PAT });
    const secrets = storedSecrets(storage, []);
    await new Promise((r) => setImmediate(r));
    const { channel, lines } = fakeChannel();
    const out = redactingChannel(channel, secrets);
    // What a protocol trace of didOpen looks like: the document text inside JSON, slashes escaped.
    out.appendLine(
      `[Trace] Sending notification 'textDocument/didOpen'. Params: ${JSON.stringify({ text: `pat: ${PAT}\n` }).replace(/\//g, '\\/')}`,
    );
    out.info(`report ${PAT.toUpperCase()}`);
    out.error(new Error(`failed with ${PAT.slice(2, 14)}`));
    out.trace(`wrapped ${PAT.slice(0, 9)}\n${PAT.slice(9)}`);
    assert.equal(lines.length, 4);
    for (const l of lines) {
      const text = l instanceof Error ? l.message : String(l);
      assert.match(text, /\[REDACTED\]|characters of document text, not logged/, text);
      for (let i = 0; i + 8 <= PAT.length; i++)
        assert.ok(!text.toLowerCase().includes(PAT.slice(i, i + 8).toLowerCase()), text);
    }
  });
  it('withholds document text and edits in the protocol trace and masks credential shapes, with nothing stored (REVIEW4 G3)', () => {
    const { channel, lines } = fakeChannel();
    const out = redactingChannel(channel, () => []);
    // Literal secrets as users paste them: one with no shape at all, one with a prefix, an AWS pair.
    const plain = 'meadowlark-orchid-7';
    const prefixed = 'sk-proj-' + 'Tq3Xn8Vw2Mb7Rk4Yz9Lp1Hc6';
    const aws = 'wJalrXUtnFEMI/K7MDENG/' + 'bPxRfiCYzEXAMPLEKEY';
    const text = `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey:\n      value: ${plain}\n  other: {value: ${prefixed}, secret: ${aws}}\n`;
    // vscode-jsonrpc's verbose tracer: `Params: ${JSON.stringify(params, null, 4)}`.
    const trace = (kind: string, params: unknown): string =>
      `[Trace - 10:00:00] Sending ${kind}. Params: ${JSON.stringify(params, null, 4)}`;
    out.appendLine(
      trace("notification 'textDocument/didOpen'", {
        textDocument: { uri: 'file:///p/a.assistant.yaml', languageId: 'assistantconfig', version: 1, text },
      }),
    );
    out.appendLine(
      trace("notification 'textDocument/didChange'", {
        textDocument: { uri: 'file:///p/a.assistant.yaml', version: 2 },
        contentChanges: [{ range: { start: { line: 6, character: 13 } }, rangeLength: 0, text: `${plain}\n` }],
      }),
    );
    out.appendLine(
      `[Trace - 10:00:01] Received response 'textDocument/codeAction - (7)' in 3ms. Result: ${JSON.stringify(
        [{ title: 'Move the secret to .env', edit: { changes: { 'file:///p/.env': [{ newText: `K=${plain}\n` }] } } }],
        null,
        4,
      )}`,
    );
    // A credential shape outside any document text (a message quoting one).
    out.appendLine(`Request failed: ${prefixed} was refused`);
    const written = lines.map(String).join('\n');
    for (const secret of [plain, prefixed, aws])
      for (let i = 0; i + 6 <= secret.length; i++)
        assert.ok(!written.includes(secret.slice(i, i + 6)), `a piece of a secret reached the log: ${written}`);
    assert.match(String(lines[0]), /"text": "<\d+ characters of document text, not logged>"/);
    assert.match(String(lines[0]), /"uri": "file:\/\/\/p\/a\.assistant\.yaml"/, 'the rest of the trace is kept');
    assert.match(String(lines[2]), /"title": "Move the secret to \.env"/);
    // A line without document text or credential shapes is written as it came.
    out.appendLine('[Trace] Sending request \'textDocument/hover - (9)\'. Params: {"position": {"line": 3}}');
    assert.equal(lines[4], '[Trace] Sending request \'textDocument/hover - (9)\'. Params: {"position": {"line": 3}}');
  });
  it('learns a credential stored later', async () => {
    const values: Record<string, string> = {};
    const { storage, change } = fakeStorage(values);
    const secrets = storedSecrets(storage, []);
    const { channel, lines } = fakeChannel();
    const out = redactingChannel(channel, secrets);
    values[SECRET_KEYS.apiKey] = 'ak9HwTr4Qe7Yu2Io5pAs8';
    change();
    await new Promise((r) => setImmediate(r));
    out.appendLine('key ak9HwTr4Qe7Yu2Io5pAs8 in a document');
    assert.equal(lines[0], 'key [REDACTED] in a document');
  });
});
