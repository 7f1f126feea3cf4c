// REVIEW7 J2: a second YAML document after `---` was only said to be ignored (a warning), and a
// second AssistantConfig in it was never checked. Now: an error on each extra document (the usual
// loaders refuse a file with two documents, even an empty one after a final `---`), the mistakes of
// another AssistantConfig document reported where they are, with no quick fix acting on the wrong
// tree; an empty document's `---` removed by the fix and `lint --fix`, never a document with content.
// The fast path (which hands several documents to the full parser) and the full parser agree.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyze } from '../../server/src/service/analyze';
import { applyEdits, getCodeActions } from '../../server/src/service/codeActions';
import { fixAll, safeFixFor } from '../../server/src/service/fixAll';
import { fastParseYaml } from '../../server/src/parser/fastYaml';
import { parseYamlFull, DEFAULT_LIMITS } from '../../server/src/parser/yaml';
import { runCli } from '../cli/helpers';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ONE = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n';
const TWO = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hostd}\n  maxAssistantActions: 0\n';
const found = (text: string): string[] =>
  analyze(text, 'yaml').diagnostics.map(
    (d) => `${d.severity} ${d.code}@${text.slice(d.offset, d.offset + d.length).split(/\r?\n/)[0]}`,
  );

describe('extra-document', () => {
  test('a second AssistantConfig: an error on it, and its own mistakes reported where they are', () => {
    for (const eol of ['\n', '\r\n']) {
      const text = `${ONE}---\n${TWO}`.replace(/\n/g, eol);
      assert.deepEqual(found(text), [
        'error extra-document@kind: AssistantConfig',
        'error unknown-discriminator@hostd',
        'warning non-positive-limit@0',
      ]);
      const d = analyze(text, 'yaml').diagnostics[0]!;
      assert.match(d.message, /another AssistantConfig/);
      assert.match(d.message, /Its mistakes are reported too/);
    }
  });
  test('the same findings in the second document as in a file of its own, at the same lines', () => {
    const alone = analyze(TWO, 'yaml').diagnostics.map((d) => [d.code, d.message]);
    const text = `# first\n${ONE}---\n${TWO}`;
    const second = analyze(text, 'yaml').diagnostics.filter((d) => d.code !== 'extra-document');
    assert.deepEqual(
      second.map((d) => [d.code, d.message]),
      alone,
    );
    const base = text.indexOf('---\n') + 4;
    assert.deepEqual(
      second.map((d) => d.offset - base),
      analyze(TWO, 'yaml').diagnostics.map((d) => d.offset),
    );
  });
  test('another document that is not an AssistantConfig: said to be not read; before the config too', () => {
    assert.deepEqual(found(`${ONE}---\nnotes: a second document\n`), ['error extra-document@notes: a second document']);
    assert.match(analyze(`${ONE}---\nnotes: x\n`, 'yaml').diagnostics[0]!.message, /which is not read/);
    assert.deepEqual(found(`name: not a config\n---\n${ONE}`), ['error extra-document@name: not a config']);
  });
  test('an empty document after a final --- (or holding only comments) is an error too', () => {
    assert.deepEqual(found(`${ONE}---\n`), ['error extra-document@---']);
    assert.deepEqual(found(`${ONE}---\n# notes\n`), ['error extra-document@---']);
    assert.match(analyze(`${ONE}---\n`, 'yaml').diagnostics[0]!.message, /empty YAML document/);
  });
  test('a --- at the very start and a final ... stay fine', () => {
    for (const text of [`---\n${ONE}`, `${ONE}...\n`, `---\n${ONE}...\n`, `%YAML 1.2\n---\n${ONE}...\n# end\n`])
      assert.deepEqual(found(text), [], text);
  });
  test('the fast path and the full parser agree: one document read by either, several by the full one', () => {
    for (const text of [`---\n${ONE}`, `${ONE}...\n`, ONE]) {
      const fast = fastParseYaml(text, DEFAULT_LIMITS);
      assert.ok(fast, `the fast path reads ${JSON.stringify(text)}`);
      assert.deepEqual(fast.problems, []);
      assert.deepEqual(parseYamlFull(text).problems, []);
    }
    for (const text of [`${ONE}---\n${TWO}`, `${ONE}---\n`, `${ONE}...\n---\nx: 1\n`])
      assert.equal(fastParseYaml(text, DEFAULT_LIMITS), undefined, `several documents: ${JSON.stringify(text)}`);
  });
});

describe('extra-document fixes', () => {
  test("an empty document's --- goes (alone on its line: the line), comments stay; --fix applies it", () => {
    const cases: [string, string][] = [
      [`${ONE}---\n`, ONE],
      [`${ONE}---\n# notes\n`, `${ONE}# notes\n`],
      [`${ONE}--- # notes\n`, `${ONE} # notes\n`],
      [`${ONE}---\n`.replace(/\n/g, '\r\n'), ONE.replace(/\n/g, '\r\n')],
    ];
    for (const [text, want] of cases) {
      const { doc, diagnostics } = analyze(text, 'yaml');
      const d = diagnostics.find((x) => x.code === 'extra-document')!;
      const actions = getCodeActions(doc, diagnostics, { offset: d.offset, length: 0 }).filter(
        (a) => a.diagnostic?.code === 'extra-document',
      );
      assert.equal(actions.length, 1, text);
      assert.equal(actions[0]!.title, 'Remove the `---` of the empty document (nothing else goes)');
      assert.equal(applyEdits(text, actions[0]!.edits), want, JSON.stringify(text));
      assert.ok(safeFixFor(doc, d), '--fix applies it');
      assert.equal(fixAll(text, 'yaml', analyze).text, want);
      assert.deepEqual(found(want), []);
    }
  });
  test('no fix removes a document with content, nor one whose --- has a directive of its own', () => {
    for (const text of [`${ONE}---\n${TWO}`, `${ONE}---\nnotes: x\n`, `${ONE}...\n%YAML 1.2\n---\n`]) {
      const { doc, diagnostics } = analyze(text, 'yaml');
      const extra = diagnostics.find((x) => x.code === 'extra-document')!;
      assert.deepEqual(
        getCodeActions(doc, diagnostics, { offset: extra.offset, length: 0 }).filter(
          (a) => a.diagnostic?.code === 'extra-document',
        ),
        [],
        text,
      );
      assert.equal(safeFixFor(doc, extra), undefined);
    }
  });
  test("the second AssistantConfig's findings get their quick fixes, on its own text (secondDocumentFixes.test.ts), and --fix applies the safe ones there (fixAllOtherDocument.test.ts)", () => {
    const text = `${ONE}---\n${TWO}`;
    const { doc, diagnostics } = analyze(text, 'yaml');
    const typo = diagnostics.find((d) => d.code === 'unknown-discriminator')!;
    assert.equal(typo.data?.otherDocument, true);
    const fixes = getCodeActions(doc, diagnostics, { offset: typo.offset, length: 0 }).filter(
      (a) => a.kind === 'quickfix' && a.diagnostic === typo,
    );
    assert.deepEqual(
      fixes.map((a) => applyEdits(text, a.edits)),
      [`${ONE}---\n${TWO.replace('hostd', 'hosted')}`],
    );
    assert.equal(fixAll(text, 'yaml', analyze).text, `${ONE}---\n${TWO.replace('hostd', 'hosted')}`);
  });
  test('a suppression comment in the second document silences its finding there, once', () => {
    const text = `${ONE}---\n${TWO.replace('  llm:', '  # assistant-config-disable-next-line unknown-discriminator\n  llm:')}`;
    assert.deepEqual(found(text), ['error extra-document@kind: AssistantConfig', 'warning non-positive-limit@0']);
  });
});

test('the CLI reports what the service does, and exits 1 on a file with an empty final ---', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ac-extra-'));
  try {
    writeFileSync(join(dir, 'two.assistant.yaml'), `${ONE}---\n${TWO}`);
    writeFileSync(join(dir, 'end.assistant.yaml'), `${ONE}---\n`);
    const r = runCli(['lint', '--format', 'json', '--no-config', dir]);
    assert.equal(r.code, 1);
    const report = JSON.parse(r.stdout) as { files: { path: string; diagnostics: { code: string }[] }[] };
    assert.deepEqual(
      report.files.map((f) => [f.path.replace(/^.*[\\/]/, ''), f.diagnostics.map((d) => d.code)]),
      [
        ['end.assistant.yaml', ['extra-document']],
        ['two.assistant.yaml', ['extra-document', 'unknown-discriminator', 'non-positive-limit']],
      ],
    );
    const fixed = runCli(['lint', '--fix', '--no-config', dir]);
    assert.equal(readFileSync(join(dir, 'end.assistant.yaml'), 'utf8'), ONE);
    // The second document's safe fix applied there (REVIEW14-editor E7); nothing of it removed.
    assert.equal(
      readFileSync(join(dir, 'two.assistant.yaml'), 'utf8'),
      `${ONE}---\n${TWO.replace('hostd', 'hosted')}`,
      'nothing of it removed',
    );
    assert.equal(fixed.code, 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
