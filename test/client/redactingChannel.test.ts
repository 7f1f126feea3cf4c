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
      assert.match(text, /\[REDACTED\]/, text);
      for (let i = 0; i + 8 <= PAT.length; i++)
        assert.ok(!text.toLowerCase().includes(PAT.slice(i, i + 8).toLowerCase()), text);
    }
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
