// A literal secret in a block scalar (`apiKey: |  # my key` then the key on the next line, `>-`, `|2`,
// a folded key over two lines) is masked in every output, character for character, and nothing of
// the block's header is: the frame showed `apiKey: ***********` for `apiKey: |  # my key`, the header
// and its comment masked as if they were the secret, and the text's indentation masked too
// (REVIEW18-user U4). The same secrets written plain, quoted (with escapes), in a flow mapping, in
// JSON with `\u` escapes and with CRLF line ends are masked alike. Every output: the text frames (with
// and without colour), JSON, SARIF, GitHub, GitLab, JUnit, `--fix-dry-run`'s diff, `format --check`
// and `format --diff`, and the editor's diagnostics, hovers and outline. No run of 4 characters of a
// secret (as read, and as written when an escape changes it) may appear.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runCli, leakedRuns } from './helpers';
import { madeUpPasswords } from '../helpers';
import { TestClient } from '../protocol/lspClient';

// Seed printed in the test names: 0x1904.
const P = madeUpPasswords(0x1904, 16);
const [BLOCK, FOLDED, INDENTED, WRAP1, WRAP2, PLAIN, SINGLE, DOUBLE, FLOW, JSON1, JSON2, KEEP, CR1, CR2, AL1, AL2] =
  P as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
/** Written with escapes: the text holds another spelling of part of the secret. */
const SINGLE_WRITTEN = SINGLE.slice(0, 6) + "''" + SINGLE.slice(6);
const SINGLE_VALUE = SINGLE.slice(0, 6) + "'" + SINGLE.slice(6);
const DOUBLE_WRITTEN = DOUBLE.slice(0, 5) + '\\x' + DOUBLE.charCodeAt(5).toString(16) + DOUBLE.slice(6) + '\\t!';
const JSON_WRITTEN = JSON1.slice(0, 4) + '\\u00' + JSON1.charCodeAt(4).toString(16) + JSON1.slice(5);

const SECRETS = [
  BLOCK,
  FOLDED,
  INDENTED,
  WRAP1,
  WRAP2,
  PLAIN,
  SINGLE_WRITTEN,
  SINGLE_VALUE,
  DOUBLE,
  DOUBLE_WRITTEN,
  FLOW,
  JSON1,
  JSON_WRITTEN,
  JSON2,
  KEEP,
  CR1,
  CR2,
  AL1,
  AL2,
];
const leaks = (text: string): string[] => leakedRuns(text, SECRETS, 4);

const head = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
// Each file has a line to format (`provider:   …`) and a finding on the line after the secret (a key
// the provider does not allow), so that frames, diffs and format's listing show the lines around it.
const BLOCKS =
  `${head}  llm:\n    provider:   vendor_a\n    model: m1\n    apiKey: |  # my key\n      ${BLOCK}\n    searchIndex: 3\n` +
  `  aiPrimitivesLlm:\n    provider: vendor_b\n    apiKey:\n      value: >-\n        ${FOLDED}\n    searchIndex: 3\n` +
  `  threadTitleGeneration:\n    enable: true\n    llm:\n      provider: vendor_a\n      model: m\n      apiKey: |2\n        ${INDENTED}\n      searchIndex: 3\n`;
const WRAPPED =
  `${head}  llm:\n    provider:   vendor_a\n    model: m1\n    apiKey: >   # the key, wrapped\n      ${WRAP1}\n      ${WRAP2}\n\n    searchIndex: 3\n` +
  `  aiPrimitivesLlm:\n    provider: vendor_b\n    apiKey: |+\n      ${KEEP}\n\n    searchIndex: 3\n`;
const QUOTED =
  `${head}  llm:\n    provider:   vendor_a\n    model: m1\n    apiKey: ${PLAIN}\n    searchIndex: 3\n` +
  `  aiPrimitivesLlm:\n    provider: vendor_b\n    apiKey: '${SINGLE_WRITTEN}'\n    searchIndex: 3\n` +
  `  threadTitleGeneration:\n    enable: true\n    llm: {provider: vendor_a, model: m, apiKey: "${DOUBLE_WRITTEN}", searchIndex: 3}\n` +
  `  fallbackLlm: {provider: vendor_b, apiKey: {value: ${FLOW}}, searchIndex: 3}\n`;
const JSON_TEXT = `{
  "kind": "AssistantConfig",
  "version": "v2",
  "definition": {
    "llm": {
      "provider":    "vendor_a",
      "model": "m1",
      "apiKey": "${JSON_WRITTEN}",
      "searchIndex": 3
    },
    "aiPrimitivesLlm": {"provider": "vendor_b", "apiKey": {"value": "${JSON2}"}, "searchIndex": 3}
  }
}
`;
const CRLF =
  `${head}  llm:\n    provider:   vendor_a\n    model: m1\n    apiKey: |-  # wrapped\n      ${CR1}\n      ${CR2}\n    searchIndex: 3\n`.replace(
    /\n/g,
    '\r\n',
  );

// A block anchored where no credential field is, used as one through an alias: the alias's hover
// previews the anchored block (coversValue), the outline details it.
const ALIAS = `${head}  featureFlags:\n    stash: &bk |-  # the key\n      ${AL1}\n      ${AL2}\n  llm:\n    provider:   vendor_a\n    model: m\n    apiKey: *bk\n    searchIndex: 3\n`;

const FILES: Record<string, string> = {
  'alias.assistant.yaml': ALIAS,
  'blocks.assistant.yaml': BLOCKS,
  'wrapped.assistant.yaml': WRAPPED,
  'quoted.assistant.yaml': QUOTED,
  'escaped.assistant.json': JSON_TEXT,
  'crlf.assistant.yaml': CRLF,
  'blocks-crlf.assistant.yaml': BLOCKS.replace(/\n/g, '\r\n'),
};
const NAMES = Object.keys(FILES);

const dir = mkdtempSync(join(tmpdir(), 'ac-block-secret-'));
for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dir, name), text);
after(() => rmSync(dir, { recursive: true, force: true }));

const run = (args: string[]) => runCli(args, { cwd: dir });

describe('a secret in a block scalar (seed 0x1904): every character masked, nothing of the header', () => {
  for (const format of ['text', 'json', 'sarif', 'github', 'gitlab', 'junit']) {
    for (const color of format === 'text' ? ['--no-color', '--color'] : ['--no-color']) {
      it(`lint --format ${format} ${color}: no 4-character run of a secret`, () => {
        const r = run(['lint', '--no-config', '--no-env-check', '--format', format, color, ...NAMES]);
        assert.equal(r.code, 1, r.stderr);
        for (const name of NAMES) assert.ok(r.stdout.includes(name), `${name} reported`);
        assert.deepEqual(leaks(r.stdout + r.stderr), [], `${format}:\n${r.stdout}${r.stderr}`);
      });
    }
  }

  it('the frames show the block headers, their comments and the text indentation as written', () => {
    const r = run(['lint', '--no-config', '--no-env-check', '--no-color', ...NAMES]);
    const out = r.stdout;
    const stars = (s: string): string => '*'.repeat(s.length);
    for (const line of [
      `    apiKey: |  # my key`,
      `      ${stars(BLOCK)}`,
      `      value: >-`,
      `        ${stars(FOLDED)}`,
      `      apiKey: |2`,
      `        ${stars(INDENTED)}`,
      `    apiKey: >   # the key, wrapped`,
      `      ${stars(WRAP1)}`,
      `      ${stars(WRAP2)}`,
      `    apiKey: |+`,
      `    apiKey: |-  # wrapped`,
      `      ${stars(CR1)}`,
    ])
      assert.ok(
        out.split('\n').some((l) => l.replace(/\r$/, '').endsWith('| ' + line)),
        `a frame line '${line}' in:\n${out}`,
      );
    // Quoted and JSON strings: their text masked (the quotes with it, as before).
    assert.match(out, /apiKey: \*{10,}\n/, out);
    assert.match(out, /"apiKey": \*{10,},/, out);
    assert.deepEqual(leaks(out), []);
  });

  it('lint --fix-dry-run: the diff masks every secret (both sides) and no header', () => {
    const r = run(['lint', '--no-config', '--no-env-check', '--no-color', '--fix-dry-run', ...NAMES]);
    assert.deepEqual(leaks(r.stdout + r.stderr), [], r.stdout + r.stderr);
  });

  it('format --check and format --diff: no 4-character run of a secret, the headers shown', () => {
    const check = run(['format', '--no-config', '--check', ...NAMES]);
    assert.equal(check.code, 1, check.stderr);
    assert.deepEqual(leaks(check.stdout + check.stderr), [], check.stdout + check.stderr);
    const diff = run(['format', '--no-config', '--diff', ...NAMES]);
    assert.deepEqual(leaks(diff.stdout + diff.stderr), [], diff.stdout + diff.stderr);
    assert.match(diff.stdout, /^ {5}apiKey: \| {2}# my key\r?$/m, diff.stdout);
    assert.match(diff.stdout, /^ {7}\*{10,}\r?$/m, diff.stdout);
  });

  it('the editor: diagnostics, hovers and the outline show no 4-character run of a secret', async () => {
    const c = new TestClient();
    const seen: string[] = [];
    try {
      await c.initialize();
      for (const [name, text] of Object.entries(FILES)) {
        const uri = `file:///w/${name}`;
        await c.open(uri, text, name.endsWith('.json') ? 'assistantconfig-json' : 'assistantconfig');
        const diags = await c.waitForDiagnostics(uri);
        seen.push(`${name} diagnostics ${JSON.stringify(diags)}`);
        const textDocument = { uri };
        seen.push(
          `${name} symbols ${JSON.stringify(await c.request('textDocument/documentSymbol', { textDocument }))}`,
        );
        const lines = text.split('\n');
        for (let line = 0; line < lines.length; line++)
          for (const character of new Set([0, 4, 6, 8, 12, lines[line]!.length])) {
            const h = await c.request('textDocument/hover', { textDocument, position: { line, character } });
            if (h) seen.push(`${name} hover ${line}:${character} ${JSON.stringify(h)}`);
          }
      }
      const found = seen.filter((s) => leaks(s).length > 0);
      assert.deepEqual(
        found.map((s) => `${leaks(s).join(',')} in ${s.slice(0, 400)}`),
        [],
      );
      assert.equal(await c.shutdown(), 0);
    } finally {
      c.kill();
    }
  });
});
