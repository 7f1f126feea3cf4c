// REVIEW8 K13i: a URL whose path or query holds a credential (flagged `literal-secret`, masked in
// every output) is no document link, as a URL with user information is not: one click would put the
// key in the browser's history and the server's access logs. Over the protocol; fake keys made at
// run time from a seeded generator.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Diagnostic, DocumentLink } from 'vscode-languageserver-protocol';
import { TestClient } from './lspClient';
import { fakeApiKey, mulberry32 } from '../helpers';

const clients: TestClient[] = [];
after(() => clients.forEach((c) => c.kill()));

/** 18 letters and digits, mixed, as the review's `api-key=` value. */
function mixed(seed: number): string {
  const r = mulberry32(seed);
  const abc = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  let s = '';
  for (let i = 0; i < 18; i++) s += abc[Math.floor(r() * abc.length)]!;
  return s + 'Z9';
}

test('URLs holding a credential in their query or path are no links; plain ones still are', async () => {
  const q = mixed(131);
  const key = fakeApiKey(132);
  const urls = {
    query: `https://x.example/v1?api-key=${q}`,
    token: `https://x.example/v1?alt=json&access_token=${mixed(133)}`,
    path: `https://x.example/${key}/v1`,
    plain: 'https://proxy.internal.example/v1?api-version=2024-06-01',
  };
  for (const language of ['yaml', 'json'] as const) {
    const text =
      language === 'yaml'
        ? `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    baseUrl: ${urls.plain}\n    apiKey: {valueFromEnv: K}\n    fallback:\n      provider: cloud_a\n      endpoint: "${urls.query}"\n      apiKey: {valueFromEnv: K}\n      fallback:\n        provider: vendor_b\n        baseUrl: '${urls.path}'\n        apiKey: {valueFromEnv: K}\n        fallback:\n          provider: vendor_c\n          baseUrl: ${urls.token}\n          apiKey: {valueFromEnv: K}\n`
        : JSON.stringify(
            {
              kind: 'AssistantConfig',
              version: 'v2',
              definition: {
                llm: {
                  provider: 'vendor_a',
                  baseUrl: urls.plain,
                  apiKey: { valueFromEnv: 'K' },
                  fallback: {
                    provider: 'cloud_a',
                    endpoint: urls.query,
                    apiKey: { valueFromEnv: 'K' },
                    fallback: { provider: 'vendor_b', baseUrl: urls.path, apiKey: { valueFromEnv: 'K' } },
                  },
                },
              },
            },
            null,
            2,
          );
    const c = new TestClient(undefined, { env: { PATH: process.env.PATH ?? '', K: 'set' } });
    clients.push(c);
    await c.initialize();
    const uri = `file:///tmp/links-${language}.assistant.${language}`;
    await c.open(uri, text, language === 'yaml' ? 'yaml' : 'json');
    const diags: Diagnostic[] = (await c.waitForDiagnostics(uri)).diagnostics;
    // Each credential is a finding (so the file does not lint clean while it holds one)…
    assert.equal(
      diags.filter((d) => d.code === 'literal-secret').length,
      language === 'yaml' ? 3 : 2,
      JSON.stringify(diags),
    );
    const links = await c.request<DocumentLink[]>('textDocument/documentLink', { textDocument: { uri } });
    // …and no link: only the plain address is one.
    assert.deepEqual(
      links.map((l) => l.target),
      [new URL(urls.plain).href],
      language,
    );
    const shown = JSON.stringify(links) + JSON.stringify(diags);
    for (const secret of [q, key.slice(3)]) assert.ok(!shown.includes(secret.slice(0, 10)), language);
    await c.shutdown();
  }
});
