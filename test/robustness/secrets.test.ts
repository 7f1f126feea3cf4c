// No credential leaks: documents holding known literal secrets go through the CLI's lint path (every
// output format) and the language server (trace verbose, every feature), and all output is scanned:
// stdout, stderr, log messages, traces, diagnostics, hovers, completions, code action titles.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { analyze } from '../../server/src/service';
import { TestClient } from '../protocol/lspClient';

const SECRETS = ['sk-live-9f8e7d6c5b4a39281706aa', 'AKIAZZSECRETKEYID0042', 'wJalrXUtnFEMI-K7MDENG-bPxRfiCYSECRETKEY'];
const HEAD = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';

/** Where a credential is written as a literal in the places meant for one: the documents users write. */
const DOCS: { name: string; text: string; language: 'yaml' | 'json' }[] = [
  {
    name: 'literal apiKey value (YAML)',
    text: `${HEAD}  llm:\n    provider: vendor_a\n    apiKey:\n      value: ${SECRETS[0]}\n`,
    language: 'yaml',
  },
  {
    name: 'literal in a fallback and a flow mapping (YAML)',
    text: `${HEAD}  llm:\n    provider: hosted\n    fallback:\n      provider: cloud_c\n      modelId: m\n      regionName: r\n      cloudAccessKeyId: { value: "${SECRETS[1]}" }\n      cloudSecretAccessKey:\n        value: '${SECRETS[2]}'\n`,
    language: 'yaml',
  },
  {
    name: 'literal apiKey value (JSON)',
    text: JSON.stringify(
      {
        kind: 'AssistantConfig',
        version: 'v2',
        definition: { llm: { provider: 'vendor_b', apiKey: { value: SECRETS[0] } } },
      },
      null,
      2,
    ),
    language: 'json',
  },
  {
    name: 'both value and valueFromEnv',
    text: `${HEAD}  llm:\n    provider: vendor_c\n    apiKey:\n      value: ${SECRETS[0]}\n      valueFromEnv: VENDOR_C_API_KEY\n`,
    language: 'yaml',
  },
  {
    name: 'literal with a typo in the key next to it',
    text: `${HEAD}  llm:\n    provider: vendor_a\n    apiKey:\n      value: ${SECRETS[0]}\n    modle: x\n`,
    language: 'yaml',
  },
];

/** Credentials written where they do not belong, which validation reports with the value quoted today. */
const MISPLACED: { name: string; text: string }[] = [
  {
    name: 'a credential field written as a plain string',
    text: `${HEAD}  llm:\n    provider: vendor_a\n    apiKey: ${SECRETS[0]}\n`,
  },
  {
    name: 'a secret pasted into valueFromEnv',
    text: `${HEAD}  llm:\n    provider: vendor_a\n    apiKey:\n      valueFromEnv: ${SECRETS[0]}\n`,
  },
];

function assertNoSecret(where: string, output: string): void {
  for (const s of SECRETS) {
    // Also a fragment: a message may cut a long value.
    assert.ok(
      !output.includes(s) && !output.includes(s.slice(0, 14)),
      `${where} shows a secret: ${output.slice(Math.max(0, output.indexOf(s.slice(0, 14)) - 200), output.indexOf(s.slice(0, 14)) + 100)}`,
    );
  }
}

const dir = mkdtempSync(join(tmpdir(), 'secrets-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('the literal-secret diagnostic is reported and its message never quotes the value', () => {
  for (const d of DOCS) {
    const diags = analyze(d.text, d.language).diagnostics;
    assert.ok(
      diags.some((x) => x.code === 'literal-secret'),
      `${d.name}: literal-secret expected`,
    );
    assertNoSecret(`${d.name}: diagnostics`, JSON.stringify(diags));
  }
});

for (const m of MISPLACED) {
  test(`a misplaced secret is not quoted in diagnostics: ${m.name}`, () => {
    assertNoSecret(m.name, JSON.stringify(analyze(m.text, 'yaml').diagnostics));
  });
}

test('the CLI lint path (text, json, sarif; files and stdin) never prints a secret', () => {
  DOCS.forEach((d, i) => writeFileSync(join(dir, `doc${i}.assistant.${d.language}`), d.text));
  const files = DOCS.map((d, i) => `doc${i}.assistant.${d.language}`);
  for (const format of ['text', 'json', 'sarif']) {
    const r = spawnSync(process.execPath, [join(process.cwd(), 'dist/cli.js'), 'lint', '--format', format, ...files], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, ASSISTANT_TRACE: '1', DEBUG: '*' },
    });
    assert.ok(r.status === 0 || r.status === 1, `lint --format ${format}: exit ${r.status} ${r.stderr}`);
    assert.match(r.stdout, /literal-secret/);
    assertNoSecret(`lint --format ${format} stdout`, r.stdout);
    assertNoSecret(`lint --format ${format} stderr`, r.stderr);
  }
  for (const d of DOCS) {
    const r = spawnSync(process.execPath, [join(process.cwd(), 'dist/cli.js'), 'lint', '--format', 'json', '-'], {
      cwd: dir,
      input: d.text,
      encoding: 'utf8',
    });
    assertNoSecret(`lint - (${d.name})`, r.stdout + r.stderr);
  }
});

test('the language server (trace verbose) never sends a secret in logs, traces, diagnostics, hovers, completions or action titles', async () => {
  const client = new TestClient();
  const seen: string[] = [];
  for (const m of [
    'window/logMessage',
    'window/showMessage',
    '$/logTrace',
    'telemetry/event',
    'assistantConfig/status',
  ])
    client.conn.onNotification(m, (p: unknown) => void seen.push(`${m} ${JSON.stringify(p)}`));
  try {
    await client.initialize();
    await client.conn.sendNotification('$/setTrace', { value: 'verbose' });
    for (const [i, d] of DOCS.entries()) {
      const uri = pathToFileURL(join(dir, `srv${i}.assistant.${d.language}`)).href;
      await client.open(uri, d.text, d.language === 'json' ? 'assistantconfig-json' : 'assistantconfig');
      const p = await client.waitForDiagnostics(uri);
      assert.ok(
        p.diagnostics.some((x) => x.code === 'literal-secret'),
        `${d.name}: literal-secret expected from the server`,
      );
      seen.push(JSON.stringify(p));
      const lines = d.text.split('\n');
      for (let line = 0; line < lines.length; line++) {
        for (const character of [0, Math.floor(lines[line]!.length / 2), lines[line]!.length]) {
          const textDocument = { uri };
          const position = { line, character };
          seen.push(JSON.stringify(await client.request('textDocument/hover', { textDocument, position })));
          const c = await client.request<{ items: { label: string; data?: unknown }[] } | null>(
            'textDocument/completion',
            { textDocument, position },
          );
          seen.push(JSON.stringify(c?.items.map((x) => ({ label: x.label, data: x.data })) ?? null));
          const range = { start: { line, character: 0 }, end: { line, character: lines[line]!.length } };
          const actions = await client.request<{ title: string }[]>('textDocument/codeAction', {
            textDocument,
            range,
            context: { diagnostics: p.diagnostics },
          });
          // Titles only: an edit that removes the secret necessarily spans it, never quotes it in a title.
          seen.push(JSON.stringify(actions.map((a) => a.title)));
        }
      }
      // (The outline is not scanned: it shows the document's own text, values included, by design.)
      // An edit that breaks the document, then diagnostics again.
      await client.change(uri, 2, [
        { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '{{{ \0' },
      ]);
      seen.push(JSON.stringify(await client.waitForDiagnostics(uri, (x) => x.version === 2)));
    }
    assert.ok(seen.length > 50);
    for (const s of seen) assertNoSecret('server output', s);
    assertNoSecret('server stderr', client.stderr);
    assert.equal(await client.shutdown(), 0);
  } finally {
    if (client.proc.exitCode === null) client.kill();
  }
});
