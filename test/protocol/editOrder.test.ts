// The edits of a quick fix reach other editors in the order LSP asks for (REVIEW16-user N1): where
// edits start at the same place, the inserts first, then at most one removal. VS Code sorts a
// change's edits itself; Neovim (vim.lsp.util.apply_text_edits), Helix and
// vscode-languageserver-textdocument take the array as the spec says. The move of a key dedented
// right below its block (remove the line, insert it indented, both at the line's start) was sent
// remove-first: Neovim put the line back where it was (the fix did nothing; checked with Neovim
// 0.7.2 headless) and TextDocument.applyEdits refused it as overlapping.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CodeAction, PublishDiagnosticsParams, TextEdit } from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { TestClient } from './lspClient';
import { neovimApply } from './neovimApply';

const clients: TestClient[] = [];
after(() => clients.forEach((c) => c.kill()));

/** Where two edits break LSP's rule: overlapping ranges, or a removal or replacement before an insert at its start. */
function orderFault(doc: TextDocument, edits: readonly TextEdit[]): string | undefined {
  const at = edits.map((e) => ({ s: doc.offsetAt(e.range.start), e: doc.offsetAt(e.range.end) }));
  for (let i = 0; i < at.length; i++)
    for (let j = i + 1; j < at.length; j++) {
      const a = at[i]!;
      const b = at[j]!;
      if (a.s === b.s && a.e > a.s && b.e === b.s) return `edit ${i} removes at ${a.s} before insert ${j} there`;
      if (a.s < b.e && b.s < a.e) return `edits ${i} and ${j} overlap`;
    }
  return undefined;
}

async function actionsOf(c: TestClient, uri: string, pub: PublishDiagnosticsParams): Promise<CodeAction[]> {
  const out: CodeAction[] = [];
  for (const d of pub.diagnostics) {
    const got = await c.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: d.range,
      context: { diagnostics: [d] },
    });
    out.push(...got);
  }
  return out;
}

test('a key dedented below its block: the move reaches Neovim as an insert then a removal, and moves', async () => {
  const c = new TestClient(undefined, { settings: () => ({}) });
  clients.push(c);
  await c.initialize();
  for (const eol of ['\n', '\r\n']) {
    const lines = [
      'kind: AssistantConfig',
      'version: v2',
      'definition:',
      '  llm:',
      '    provider: hosted',
      '  schemaSelector:',
      '    type: llm_selector',
      '    llm:',
      '      provider: hosted',
      '  maxItems: 40 # top forty',
      '  featureFlags:',
      '    enable_visualizations: true',
      '',
    ];
    const text = lines.join(eol);
    const uri = `file:///tmp/ac-edit-order/${eol === '\n' ? 'lf' : 'crlf'}.assistant.yaml`;
    await c.open(uri, text, 'yaml');
    const pub = await c.waitForDiagnostics(uri, (p) => p.diagnostics.some((d) => d.code === 'unknown-property'));
    const move = (await actionsOf(c, uri, pub)).find((a) => a.title === "Move 'maxItems' under 'schemaSelector'");
    assert.ok(move, 'the move is offered');
    const edits = move.edit!.changes![uri]!;
    const doc = TextDocument.create(uri, 'yaml', 1, text);
    assert.equal(orderFault(doc, edits), undefined, JSON.stringify(edits));
    const want = text.replace(`      provider: hosted${eol}  maxItems:`, `      provider: hosted${eol}    maxItems:`);
    assert.notEqual(want, text);
    assert.equal(TextDocument.applyEdits(doc, edits), want);
    assert.equal(neovimApply(text, edits), want, 'Neovim moves the line too');
  }
  await c.shutdown();
});

test("every quick fix on every one-level dedent of the examples' keys is in LSP's order", async () => {
  const c = new TestClient(undefined, { settings: () => ({}) });
  clients.push(c);
  await c.initialize();
  let docs = 0;
  let actions = 0;
  let moves = 0;
  let movesAtTheirLine = 0;
  const faults: string[] = [];
  for (const name of ['everything.assistant.yaml', 'team.assistant.yaml']) {
    const lines = readFileSync(join(process.cwd(), 'examples', name), 'utf8').split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (!/^ {2,}[A-Za-z_]\w*:/.test(lines[i]!)) continue;
      const slip = [...lines];
      slip[i] = slip[i]!.slice(2);
      const text = slip.join('\n');
      const uri = `file:///tmp/ac-edit-order/${name.replace(/\..*/, '')}-${i + 1}.assistant.yaml`;
      await c.open(uri, text, 'yaml');
      docs++;
      const pub = await c.waitForDiagnostics(uri);
      const doc = TextDocument.create(uri, 'yaml', 1, text);
      for (const a of await actionsOf(c, uri, pub)) {
        const edits = a.edit?.changes?.[uri];
        if (!edits) continue;
        actions++;
        if (a.title.startsWith('Move ')) {
          moves++;
          const at = edits.map((e) => doc.offsetAt(e.range.start));
          if (new Set(at).size < at.length) movesAtTheirLine++;
        }
        const where = `${name} line ${i + 1} dedented, "${a.title}"`;
        const fault = orderFault(doc, edits);
        if (fault) {
          faults.push(`${where}: ${fault}`);
          continue;
        }
        if (neovimApply(text, edits) !== TextDocument.applyEdits(doc, edits))
          faults.push(`${where}: Neovim gets another text`);
      }
      await c.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
    }
  }
  console.log(
    `${docs} documents, ${actions} actions with edits, ${moves} moves (${movesAtTheirLine} inserting where they remove)`,
  );
  assert.ok(
    docs > 100 && moves >= 15 && movesAtTheirLine >= 10,
    `the slips exercise the moves: ${moves}, ${movesAtTheirLine}`,
  );
  assert.deepEqual(faults, []);
  await c.shutdown();
});

test('moves in JSON and YAML flow mappings reach Neovim in LSP order, and move (REVIEW16-user N2)', async () => {
  const c = new TestClient(undefined, { settings: () => ({}) });
  clients.push(c);
  await c.initialize();
  const cases: { name: string; language: 'json' | 'yaml'; text: string; title: string; want: string }[] = [
    {
      name: 'pretty',
      language: 'json',
      text: '{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": {\n    "llm": {\n      "provider": "hosted",\n      "maxAssistantActions": 3\n    },\n    "enable_automations": true,\n    "featureFlags": {}\n  }\n}\n',
      title: "Move 'enable_automations' under 'featureFlags'",
      want: '{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": {\n    "llm": {\n      "provider": "hosted",\n      "maxAssistantActions": 3\n    },\n    "featureFlags": {\n      "enable_automations": true\n    }\n  }\n}\n',
    },
    {
      name: 'pretty-up',
      language: 'json',
      text: '{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": {\n    "llm": {\n      "provider": "hosted",\n      "maxAssistantActions": 3\n    }\n  }\n}\n',
      title: "Move 'maxAssistantActions' up, beside 'llm'",
      want: '{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": {\n    "llm": {\n      "provider": "hosted"\n    },\n    "maxAssistantActions": 3\n  }\n}\n',
    },
    {
      name: 'one-line',
      language: 'json',
      text: '{"kind":"AssistantConfig","version":"v2","llm":{"provider":"hosted"},"definition":{"maxAssistantActions":5}}',
      title: "Move 'llm' under 'definition'",
      want: '{"kind":"AssistantConfig","version":"v2","definition":{"maxAssistantActions":5,"llm":{"provider":"hosted"}}}',
    },
    {
      name: 'crlf',
      language: 'json',
      text: '{\r\n    "kind": "AssistantConfig",\r\n    "version": "v2",\r\n    "definition": {\r\n        "llm": {\r\n            "provider": "vendor_a",\r\n            "valueFromEnv": "VENDOR_A_API_KEY"\r\n        }\r\n    }\r\n}\r\n',
      title: "Move 'valueFromEnv' under a new 'apiKey'",
      want: '{\r\n    "kind": "AssistantConfig",\r\n    "version": "v2",\r\n    "definition": {\r\n        "llm": {\r\n            "provider": "vendor_a",\r\n            "apiKey": {\r\n                "valueFromEnv": "VENDOR_A_API_KEY"\r\n            }\r\n        }\r\n    }\r\n}\r\n',
    },
    {
      name: 'flow',
      language: 'yaml',
      text: 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted, systemInstructions: hi}\n  maxAssistantActions: 3\n',
      title: "Move 'systemInstructions' up, beside 'llm'",
      want: 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n  systemInstructions: hi\n  maxAssistantActions: 3\n',
    },
  ];
  for (const k of cases) {
    const uri = `file:///tmp/ac-edit-order/json-${k.name}.assistant.${k.language}`;
    await c.open(uri, k.text, k.language);
    const pub = await c.waitForDiagnostics(uri, (p) => p.diagnostics.some((d) => d.code === 'unknown-property'));
    const move = (await actionsOf(c, uri, pub)).find((a) => a.title === k.title);
    assert.ok(move, `${k.name}: the move is offered`);
    const edits = move.edit!.changes![uri]!;
    const doc = TextDocument.create(uri, k.language, 1, k.text);
    assert.equal(orderFault(doc, edits), undefined, `${k.name}: ${JSON.stringify(edits)}`);
    assert.equal(TextDocument.applyEdits(doc, edits), k.want, k.name);
    assert.equal(neovimApply(k.text, edits), k.want, `${k.name}: Neovim moves the key too`);
  }
  await c.shutdown();
});
