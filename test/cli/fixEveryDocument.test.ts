// REVIEW14-editor E7: `lint --fix` applies the safe fixes of every AssistantConfig document of a `---`
// file, not only the first one's (its checks read the tree of the document that holds each fix). Run
// as a process on two- and three-document files, LF and CRLF: each document's fixes applied, a second
// run applies nothing, and the documents with nothing to fix (a notes document, a clean config) are
// byte for byte what they were.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from './helpers';

const crlf = (s: string): string => s.replace(/\n/g, '\r\n');

/** A document as written and as `--fix` leaves it. */
type Doc = { before: string; after: string };

const FIRST: Doc = {
  before:
    '# the first one\nkind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hostd\n  maxAssistantActions: "5" # quoted\n',
  after:
    '# the first one\nkind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hosted\n  maxAssistantActions: 5 # quoted\n',
};
const NOTES: Doc = {
  before: '# notes, not a config: left as written\nowner: data-team\nprovider: hostd\nlimit: "5"\n',
  after: '# notes, not a config: left as written\nowner: data-team\nprovider: hostd\nlimit: "5"\n',
};
const SECOND: Doc = {
  before: [
    'kind: AssistantConfig',
    'version: v2',
    'definition:',
    '  llm: &main # shared',
    '    provider: vendr_a # typo',
    '    model: m',
    '    apiKey: { valueFromEnv: VENDOR_A_API_KEY }',
    '  systemInstructions: |',
    '    provider: hostd (a line of text)',
    '  aiPrimitivesLlm: *main',
    '  maxAssistantActions: "7"',
    '',
  ].join('\n'),
  after: [
    'kind: AssistantConfig',
    'version: v2',
    'definition:',
    '  llm: &main # shared',
    '    provider: vendor_a # typo',
    '    model: m',
    '    apiKey: { valueFromEnv: VENDOR_A_API_KEY }',
    '  systemInstructions: |',
    '    provider: hostd (a line of text)',
    '  aiPrimitivesLlm: *main',
    '  maxAssistantActions: 7',
    '',
  ].join('\n'),
};
const THIRD: Doc = {
  before: 'kind: AssistantConfig\nversion: v2\ndefinition: {llm: {provider: hostd}, contextWindowLimit: "100"}\n',
  after: 'kind: AssistantConfig\nversion: v2\ndefinition: {llm: {provider: hosted}, contextWindowLimit: 100}\n',
};
const CLEAN: Doc = {
  before: 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hosted # nothing to fix\n',
  after: 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hosted # nothing to fix\n',
};

const join3 = (docs: Doc[], side: 'before' | 'after'): string => docs.map((d) => d[side]).join('---\n');

test('lint --fix applies the fixes of every AssistantConfig document, once, and leaves the rest byte for byte', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-fixdocs-'));
  try {
    const files: [string, Doc[]][] = [
      ['two.assistant.yaml', [FIRST, SECOND]],
      ['three.assistant.yaml', [FIRST, NOTES, SECOND, THIRD]],
      ['clean-first.assistant.yaml', [CLEAN, SECOND, THIRD]],
    ];
    for (const [name, docs] of files)
      for (const eol of ['lf', 'crlf'] as const) {
        const conv = eol === 'crlf' ? crlf : (s: string): string => s;
        const path = join(dir, `${eol}-${name}`);
        const before = conv(join3(docs, 'before'));
        const want = conv(join3(docs, 'after'));
        assert.notEqual(before, want);
        writeFileSync(path, before);
        const r = runCli(['lint', '--fix', '--no-env-check', '--no-config', path]);
        const got = readFileSync(path, 'utf8');
        assert.equal(got, want, `${eol} ${name}: ${r.stdout}${r.stderr}`);
        // The documents split as written: each the same as its expected text (none reaching into another).
        assert.deepEqual(
          got.split(conv('---\n')),
          docs.map((d) => conv(d.after)),
          `${eol} ${name}`,
        );
        assert.match(r.stdout, /\d+ fix(es)? applied in 1 file/, r.stdout);
        // A second run has nothing left to apply: the file stays as it is.
        const again = runCli(['lint', '--fix', '--no-env-check', '--no-config', path]);
        assert.equal(readFileSync(path, 'utf8'), want, `${eol} ${name}: second run`);
        assert.match(again.stdout, /0 fixes applied in 0 files/, again.stdout);
      }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
