// The language server never shows a credential in the outline, a document link, or a diagnostic
// message (REVIEW.md D14, D5): document symbols mask literal secrets and URL user information as
// hover does, a URL with a user name and password is no clickable link, and a credential-shaped
// value quoted by a message is masked. No 6-character piece of a secret in any answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DocumentLink, DocumentSymbol, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { TestClient } from './lspClient';
import { DEFAULT_OPTIONS, analyze, codeLenses, documentSymbols } from '../../server/src/service';
import type { LensContext } from '../../server/src/service';
import { leakedRuns } from '../cli/helpers';
import { fakeJwt, fakeSecret } from '../helpers';

const URI = 'file:///w/s.assistant.yaml';
const SK = fakeSecret('sk-' + 'proj-', 25, 0x3d02);
const GHP = fakeSecret('gh' + 'p_', 36, 0x3d03);
const JWT = fakeJwt(0x3d04, { sub: '1234567890' });
const PLAIN = 'hunter2hunter2zz';
const TEXT = `kind: AssistantConfig
version: v2
definition:
  llm:
    provider: vendor_a
    apiKey:
      value: ${SK}
    baseUrl: https://u:${GHP}@h.example/v1
    fallback:
      provider: vendor_b
      apiKey: {value: ${PLAIN}}
  aiPrimitivesLlm:
    provider: ${SK.replace('Abc', 'Qrs')}
  threadTitleGeneration:
    enable: ${JWT}
`;
const SECRETS = [SK.slice(8), SK.replace('Abc', 'Qrs').slice(8), GHP.slice(4), JWT.slice(JWT.indexOf('.') + 1), PLAIN];

/** Every secret of which a 6-character piece stands in the text (one hit per secret). */
const leaks = (text: string): string[] => leakedRuns(text, SECRETS, 6);

function flatten(symbols: DocumentSymbol[]): DocumentSymbol[] {
  return symbols.flatMap((s) => [s, ...flatten(s.children ?? [])]);
}

test('document symbols, links and diagnostics show no piece of a credential', async () => {
  const c = new TestClient();
  try {
    await c.initialize();
    await c.open(URI, TEXT);
    const diags: PublishDiagnosticsParams = await c.waitForDiagnostics(URI);
    const symbols = await c.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: URI } });
    const links = await c.request<DocumentLink[] | null>('textDocument/documentLink', { textDocument: { uri: URI } });
    const all = flatten(symbols);
    const byName = (name: string): DocumentSymbol[] => all.filter((s) => s.name === name);
    // The literal values are hidden; the provider names and ordinary details are still there.
    for (const s of byName('value')) assert.equal(s.detail, '********', JSON.stringify(s));
    assert.match(byName('baseUrl')[0]?.detail ?? '', /^https:\/\/\*+@h\.example/);
    assert.ok(byName('provider').some((s) => s.detail === 'vendor_a'));
    assert.ok(all.some((s) => s.name === 'llm' && s.detail === 'vendor_a'));
    assert.ok(byName('enable')[0]?.detail?.startsWith('*****'));
    // No link carries a user name and password.
    assert.ok(!(links ?? []).some((l) => /@/.test(l.target ?? '')), JSON.stringify(links));
    // The URL with user information gets its own diagnostic, on the value.
    const url = diags.diagnostics.find((d) => d.code === 'url-credentials');
    assert.equal(url?.range.start.line, 7, JSON.stringify(diags.diagnostics));
    assert.match(url?.message ?? '', /'baseUrl' carries a user name and password in the URL/);
    // The unknown provider's message names the value masked.
    const unknown = diags.diagnostics.find((d) => d.code === 'unknown-discriminator');
    assert.match(unknown?.message ?? '', /Unknown provider '\*+'/, JSON.stringify(diags.diagnostics));
    const printed = JSON.stringify({ symbols, links, diags });
    assert.deepEqual(leaks(printed), [], printed);
    assert.equal(await c.shutdown(), 0);
  } finally {
    c.kill();
  }
});

test('the provider-chain code lens masks a key pasted into provider:', () => {
  const text = `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: ${SK}\n    fallback: {provider: hosted}\n`;
  const lenses = codeLenses(analyze(text, 'yaml', DEFAULT_OPTIONS).doc, {
    testConnectionAvailable: false,
    missingSettings: [],
  } satisfies LensContext);
  const chain = lenses.find((l) => l.title.includes('hosted'));
  assert.match(chain?.title ?? '', /^\*{33} → hosted$/, JSON.stringify(lenses));
  assert.deepEqual(leaks(JSON.stringify(lenses)), []);
});

test('a secret pasted as a key under a credential field is no symbol name', () => {
  const text = `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey: {${PLAIN}}\n`;
  const symbols = documentSymbols(analyze(text, 'yaml', DEFAULT_OPTIONS).doc);
  const flat = (list: typeof symbols): typeof symbols => list.flatMap((s) => [s, ...flat(s.children)]);
  const apiKey = flat(symbols).find((s) => s.name === 'apiKey');
  assert.deepEqual(
    apiKey?.children.map((s) => s.name),
    ['********'],
    JSON.stringify(symbols),
  );
  assert.deepEqual(leaks(JSON.stringify(symbols)), []);
});
