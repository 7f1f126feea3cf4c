// The server makes no network request, reads no .env in an untrusted workspace, and its logs carry
// no document content.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { CompletionList } from 'vscode-languageserver-protocol';
import { TestClient } from './lspClient';
import { WorkspaceEnv } from '../../server/src/lsp/env';
import { describe as describeError } from '../../server/src/lsp/guard';

const URI = 'file:///w/p.assistant.yaml';
const TEXT =
  'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey:\n      valueFromEnv: \n';

test('the server opens no network connection while serving a session', async () => {
  // A preload that records every attempt to reach the network, written to stderr.
  const dir = mkdtempSync(join(tmpdir(), 'ac-net-'));
  const hook = join(dir, 'hook.cjs');
  writeFileSync(
    hook,
    `const net = require('net'); const dns = require('dns'); const http = require('http'); const https = require('https');
const note = (w) => process.stderr.write('NETWORK-ATTEMPT ' + w + '\\n');
const wrap = (o, k) => { const f = o[k]; o[k] = function (...a) { note(k); return f.apply(this, a); }; };
wrap(net, 'connect'); wrap(net, 'createConnection'); wrap(dns, 'lookup'); wrap(http, 'request'); wrap(https, 'request');
if (globalThis.fetch) { const f = globalThis.fetch; globalThis.fetch = (...a) => { note('fetch'); return f(...a); }; }`,
  );
  const c = new TestClient(undefined, { env: { ...process.env, NODE_OPTIONS: `--require ${hook}` } });
  try {
    await c.initialize();
    await c.open(URI, TEXT);
    await c.waitForDiagnostics(URI);
    await c.request<CompletionList>('textDocument/completion', {
      textDocument: { uri: URI },
      position: { line: 6, character: 20 },
    });
    await c.request('textDocument/hover', { textDocument: { uri: URI }, position: { line: 4, character: 14 } });
    await c.request('textDocument/codeAction', {
      textDocument: { uri: URI },
      range: { start: { line: 0, character: 0 }, end: { line: 7, character: 0 } },
      context: { diagnostics: [] },
    });
    assert.equal(await c.shutdown(), 0);
  } finally {
    c.kill();
  }
  assert.doesNotMatch(c.stderr, /NETWORK-ATTEMPT/);
});

test('an untrusted workspace reads no .env; a trusted one reads names only', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-trust-'));
  writeFileSync(join(dir, '.env'), 'ONLY_IN_DOTENV=super-secret-value\n');
  const env = new WorkspaceEnv({});
  env.reload([pathToFileURL(dir).href], false);
  assert.equal(env.isDefined('ONLY_IN_DOTENV'), false);
  env.reload([pathToFileURL(dir).href], true);
  assert.equal(env.isDefined('ONLY_IN_DOTENV'), true);
  assert.equal(env.sourceOf('ONLY_IN_DOTENV'), 'workspace .env');
  assert.doesNotMatch(JSON.stringify([...env.names()]), /super-secret-value/);
});

test('the untrusted flag reaches the server: no .env names are offered', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-trust2-'));
  writeFileSync(join(dir, '.env'), 'DOTENV_ONLY_NAME=x\n');
  const names = async (trusted: boolean): Promise<string[]> => {
    const c = new TestClient(undefined, {
      rootUri: pathToFileURL(dir).href,
      initializationOptions: { trusted },
      env: { PATH: process.env.PATH ?? '' },
    });
    try {
      await c.initialize();
      await c.open(URI, TEXT);
      const list = await c.request<CompletionList | null>('textDocument/completion', {
        textDocument: { uri: URI },
        position: { line: 6, character: 20 },
      });
      return (list?.items ?? []).map((i) => i.label);
    } finally {
      c.kill();
    }
  };
  assert.ok((await names(true)).includes('DOTENV_ONLY_NAME'));
  assert.ok(!(await names(false)).includes('DOTENV_ONLY_NAME'));
});

test('logged errors elide quoted text and credentials', () => {
  const e = new Error('Unexpected token in "sk-live-1234567890abcdef" near Bearer abcdefghijklmnop');
  const s = describeError(e);
  assert.doesNotMatch(s, /sk-live|abcdefghijklmnop/);
});
