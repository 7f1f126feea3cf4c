// The editor masks what its messages quote as the CLI does (service/secretRanges.ts messageMasker):
// not only credential-shaped values, but any literal that the document's tree says is a secret (a
// `value:` of an EnvironmentValue, a credential field), short ones included. Through the language
// server, with push and pull diagnostics, related information and code actions; and the same
// messages as `assistant-config lint --format json` prints for the same file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CodeAction, Diagnostic, DocumentDiagnosticReport } from 'vscode-languageserver-protocol';
import { TestClient } from './lspClient';
import { runCli } from '../cli/helpers';

/** Literal secrets that look like nothing in particular: a numeric password, a short PIN. */
const NUMBER = '20240607';
const PIN = '7319';
const SECRETS = [NUMBER, PIN];

const YAML = [
  'kind: AssistantConfig   # the format',
  'version: v2',
  'definition:',
  '  llm: &main',
  '    provider: vendor_a',
  `    apiKey: {value: ${NUMBER}}   # the vendor's portal only takes digits`,
  '  aiPrimitivesLlm:',
  '    <<: *main',
  '    provider: vendor_b',
  '    apiKey:',
  '      # a PIN, for now',
  `      value: ${PIN}`,
  '  systemInstructions: |',
  '    Be brief.',
  '',
].join('\r\n');
const JSON_TEXT = JSON.stringify(
  {
    kind: 'AssistantConfig',
    version: 'v2',
    definition: {
      llm: { provider: 'vendor_a', apiKey: { value: Number(NUMBER) } },
      aiPrimitivesLlm: { provider: 'vendor_b', apiKey: { value: Number(PIN) } },
    },
  },
  null,
  2,
);

function leaks(text: string): string[] {
  return SECRETS.filter((s) => text.includes(s));
}

/** Everything the server said about a document that is built from its text: messages, related information, code action titles and their diagnostics. */
async function answers(c: TestClient, uri: string, diagnostics: Diagnostic[]): Promise<string> {
  const end = { line: 40, character: 0 };
  const actions = await c.request<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri },
    range: { start: { line: 0, character: 0 }, end },
    context: { diagnostics },
  });
  const perLine: CodeAction[] = [];
  for (const d of diagnostics)
    perLine.push(
      ...(await c.request<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri },
        range: d.range,
        context: { diagnostics: [d] },
      })),
    );
  return JSON.stringify({
    messages: diagnostics.map((d) => d.message),
    related: diagnostics.flatMap((d) => d.relatedInformation ?? []).map((r) => r.message),
    titles: [...actions, ...perLine].map((a) => a.title),
    actionDiagnostics: [...actions, ...perLine].flatMap((a) => a.diagnostics ?? []).map((d) => d.message),
  });
}

for (const [name, uri, text] of [
  ['YAML (CRLF, comments, an anchor and a merge key)', 'file:///w/m.assistant.yaml', YAML],
  ['JSON', 'file:///w/m.assistant.json', JSON_TEXT],
] as const) {
  test(`${name}: pushed diagnostics and code actions mask a literal secret that a message quotes`, async () => {
    const c = new TestClient();
    try {
      await c.initialize();
      await c.open(uri, text, uri.endsWith('.json') ? 'json' : 'assistantconfig');
      const published = await c.waitForDiagnostics(uri, (p) => p.diagnostics.length > 0);
      // The messages that quote the values are there, masked.
      const quoting = published.diagnostics.filter((d) => /found the number/.test(d.message));
      assert.equal(quoting.length, 2, JSON.stringify(published.diagnostics));
      for (const d of quoting) assert.match(d.message, /found the number \*{4,8}\.$/, d.message);
      const all = await answers(c, uri, published.diagnostics);
      assert.deepEqual(leaks(all), [], all);
      // The same messages as the CLI prints.
      const dir = mkdtempSync(join(tmpdir(), 'ac-secmsg-'));
      const file = join(dir, uri.slice(uri.lastIndexOf('/') + 1));
      writeFileSync(file, text);
      const cli = runCli(['lint', '--no-env-check', '--format', 'json', file]);
      const report = JSON.parse(cli.stdout) as { files: { diagnostics: { code: string; message: string }[] }[] };
      const cliMessages = report.files.flatMap((f) => f.diagnostics.map((x) => `${x.code}: ${x.message}`)).sort();
      const lspMessages = published.diagnostics.map((d) => `${String(d.code)}: ${d.message}`).sort();
      assert.deepEqual(lspMessages, cliMessages);
      assert.equal(await c.shutdown(), 0);
    } finally {
      c.kill();
    }
  });
}

test('pulled diagnostics mask a literal secret that a message quotes', async () => {
  const c = new TestClient(undefined, { pull: true });
  const uri = 'file:///w/p.assistant.yaml';
  try {
    await c.initialize();
    await c.open(uri, YAML);
    const report = await c.request<DocumentDiagnosticReport>('textDocument/diagnostic', { textDocument: { uri } });
    assert.equal(report.kind, 'full');
    const items = report.kind === 'full' ? report.items : [];
    assert.ok(
      items.some((d) => /found the number \*{8}\./.test(d.message)),
      JSON.stringify(items),
    );
    const all = await answers(c, uri, items);
    assert.deepEqual(leaks(all), [], all);
    assert.equal(await c.shutdown(), 0);
  } finally {
    c.kill();
  }
});

test('a secret pasted as a key under a credential field is masked in the message that names it', async () => {
  const c = new TestClient();
  const uri = 'file:///w/k.assistant.yaml';
  const pasted = 'hunter2hunter2hunter2';
  try {
    await c.initialize();
    await c.open(
      uri,
      `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey: {${pasted}}\n  aiPrimitivesLlm:\n    provider: vendor_b\n    apiKey:\n      valueFr:\n`,
    );
    const published = await c.waitForDiagnostics(uri, (p) => p.diagnostics.length > 0);
    const unknown = published.diagnostics.filter((d) => d.code === 'unknown-property');
    assert.ok(
      unknown.some((d) => d.message === `EnvironmentValue does not allow '${'*'.repeat(pasted.length)}'.`),
      JSON.stringify(unknown),
    );
    // A half-typed key is no secret: named as it is.
    assert.ok(
      unknown.some((d) => d.message.includes("'valueFr'")),
      JSON.stringify(unknown),
    );
    const all = await answers(c, uri, published.diagnostics);
    assert.ok(!all.includes('hunter2'), all);
    assert.equal(await c.shutdown(), 0);
  } finally {
    c.kill();
  }
});
