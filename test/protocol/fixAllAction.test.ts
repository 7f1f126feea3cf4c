// The editor's source.fixAll (REVIEW3 F5): asked for by kind (as `editor.codeActionsOnSave` does),
// it applies exactly what `lint --fix` writes on the same file, CRLF kept; never without being asked.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CodeAction, InitializeResult, TextEdit } from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { TestClient } from './lspClient';
import { runCli } from '../cli/helpers';

const dir = mkdtempSync(join(tmpdir(), 'ac-fixall-'));
const clients: TestClient[] = [];
after(() => {
  clients.forEach((c) => c.kill());
  rmSync(dir, { recursive: true, force: true });
});

// Hand-written: no kind, a misspelt version, a typo'd provider in an anchored block merged and
// aliased elsewhere, a `$VAR` apiKey, a folded provider, lower-case enums, an identical duplicate.
const MESSY = [
  '# Team config',
  'version: V2',
  'definition:',
  '  llm: &main   # shared',
  '    provider: vendr_a    # typo',
  '    modle: gpt-4o',
  '    apiKey: $VENDOR_A_KEY',
  '    fallback:',
  '      provider: >-',
  '        hostd',
  '  aiPrimitivesLlm:',
  '    <<: *main',
  '  overrideAiPrimitivesLlm:',
  '    - primitiveName: summarize',
  '      llm: *main',
  '  threadTitleGeneration:',
  '    enable: true',
  '    llm:',
  '      provider: vendor_c',
  '      apiKey: {valueFromEnv: C_KEY}',
  '      safetySettings:',
  '        harassment: blockonlyhigh   # lower case',
  '        dangerous: blockMediumAndAbove',
  '        dangerous: blockMediumAndAbove    # dup identical',
  '  schemaSelector:',
  '    typ: all',
  '',
];

async function start(): Promise<{ c: TestClient; init: InitializeResult }> {
  const c = new TestClient(undefined, { settings: () => ({}), initializationOptions: { settings: {} } });
  clients.push(c);
  const init = await c.initialize();
  return { c, init };
}

const whole = (text: string) => {
  const d = TextDocument.create('file:///x', 'assistantconfig', 1, text);
  return { start: { line: 0, character: 0 }, end: d.positionAt(text.length) };
};

async function fixAllOf(c: TestClient, uri: string, text: string, only?: string[]): Promise<CodeAction[]> {
  return c.request<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri },
    range: whole(text),
    context: { diagnostics: [], ...(only ? { only } : {}) },
  });
}

test('the server declares source.fixAll.assistantConfig', async () => {
  const { c, init } = await start();
  const kinds = (init.capabilities.codeActionProvider as { codeActionKinds?: string[] }).codeActionKinds ?? [];
  assert.ok(kinds.includes('source.fixAll.assistantConfig'), kinds.join(', '));
  await c.shutdown();
});

for (const eol of ['\n', '\r\n']) {
  test(`source.fixAll gives what lint --fix writes (${eol === '\n' ? 'LF' : 'CRLF'})`, async () => {
    const text = MESSY.join(eol);
    const file = join(dir, `team${eol.length}.assistant.yaml`);
    writeFileSync(file, text);
    const cli = runCli(['lint', '--fix', '--no-env-check', file]);
    assert.ok(cli.code === 0 || cli.code === 1, cli.stderr);
    const expected = readFileSync(file, 'utf8');
    assert.notEqual(expected, text, 'lint --fix changes the file');
    const { c } = await start();
    const uri = pathToFileURL(file).href;
    await c.open(uri, text);
    for (const only of [['source.fixAll'], ['source'], ['source.fixAll.assistantConfig']]) {
      const actions = await fixAllOf(c, uri, text, only);
      const fix = actions.filter((a) => a.kind === 'source.fixAll.assistantConfig');
      assert.equal(fix.length, 1, JSON.stringify(actions.map((a) => a.kind)));
      const edits = fix[0]!.edit!.changes![uri]! as TextEdit[];
      const out = TextDocument.applyEdits(TextDocument.create(uri, 'assistantconfig', 1, text), edits);
      assert.equal(out, expected, `only ${only.join()}`);
      if (eol === '\r\n') assert.doesNotMatch(out, /(?<!\r)\n/, 'CRLF kept');
      // Every line the user wrote is still there, or changed in place (nothing dropped wholesale).
      assert.ok(out.includes('# Team config') && out.includes('# shared') && out.includes('# lower case'));
    }
    // Not offered unasked (the light bulb), nor among quick fixes.
    for (const only of [undefined, ['quickfix']]) {
      const actions = await fixAllOf(c, uri, text, only);
      assert.ok(!actions.some((a) => a.kind?.startsWith('source')), JSON.stringify(only));
    }
    // On the fixed text: nothing left to fix, no action.
    await c.change(uri, 2, [{ text: expected }]);
    assert.deepEqual(await fixAllOf(c, uri, expected, ['source.fixAll']), []);
    await c.shutdown();
  });
}
