// Insertions after a YAML block scalar keep its value (REVIEW2 E25, second part): a keep-chomped
// scalar (`|+`, `>+`) owns the blank lines after its text, so a key inserted after it goes after
// them, not into them. A table over the chomping styles, with and without trailing blank lines and
// comments, in LF and CRLF: every quick fix offered anywhere in the document, and fix-all (what
// `lint --fix` applies), must leave every block scalar's value, as the `yaml` package reads it,
// unchanged, and the document as parsable as before.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDocument } from 'yaml';
import { analyze } from '../../server/src/service/analyze';
import { applyEdits, getCodeActions } from '../../server/src/service/codeActions';
import { fixAll } from '../../server/src/service/fixAll';

const HEADERS = ['|', '|-', '|+', '>', '>+', '|2+', '>-'];
/** What follows the scalar's text line: blank lines (some with spaces), a comment. */
const TRAILING = ['', '\n', '\n\n', '\n   \n', '\n  # a note about llm\n', '\n\n# a comment at the left\n'];
/** What follows the `llm` mapping. */
const AFTER = [
  '  systemInstructions: |+\n    be kind\n\n  maxAssistantActions: 3\n',
  '  maxAssistantActions: 3\n',
  '', // the scalar is the document's last value
];

/** A document whose `llm` lacks required fields (the fix inserts after `modelId`, its last key). */
function documentWith(header: string, trailing: string, after: string, eol: string): string {
  const text =
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: cloud_c\n    modle: m   # misspelt\n' +
    `    modelId: ${header}\n      model-one\n${trailing}${after}`;
  return text.replace(/\n/g, eol);
}

const BLOCK_KEYS = [
  ['definition', 'llm', 'modelId'],
  ['definition', 'systemInstructions'],
];

function blockValues(text: string): { values: unknown[]; errors: number } {
  const d = parseDocument(text, { uniqueKeys: false });
  return { values: BLOCK_KEYS.map((k) => d.getIn(k)), errors: d.errors.length };
}

describe('insertions after a block scalar keep its value (E25)', () => {
  let cases = 0;
  let fixesChecked = 0;
  for (const eol of ['\n', '\r\n'])
    for (const header of HEADERS)
      for (const trailing of TRAILING)
        for (const after of AFTER) {
          const text = documentWith(header, trailing, after, eol);
          const name = `${JSON.stringify(header)} then ${JSON.stringify(trailing)} then ${after ? JSON.stringify(after.slice(0, 22)) : 'the end'}${eol === '\r\n' ? ' (CRLF)' : ''}`;
          cases++;
          it(name, () => {
            const before = blockValues(text);
            assert.ok(typeof before.values[0] === 'string');
            const { doc, diagnostics } = analyze(text, 'yaml');
            const actions = getCodeActions(doc, diagnostics, { offset: 0, length: text.length });
            const inserts = actions.filter((a) => a.title.startsWith('Add the required'));
            assert.ok(
              inserts.length > 0,
              `no "Add the required fields" fix: ${actions.map((a) => a.title).join(' | ')}`,
            );
            for (const a of actions) {
              const out = applyEdits(text, a.edits);
              const now = blockValues(out);
              assert.deepEqual(now.values, before.values, `'${a.title}' changes a block scalar:\n${out}`);
              assert.ok(now.errors <= before.errors, `'${a.title}' breaks the document:\n${out}`);
              fixesChecked++;
            }
            const all = fixAll(text, 'yaml', (t, l) => analyze(t, l));
            const now = blockValues(all.text);
            assert.deepEqual(now.values, before.values, `fix-all changes a block scalar:\n${all.text}`);
            assert.ok(now.errors <= before.errors);
          });
        }
  it('the table covered every case', () => {
    console.log(`  ${cases} documents, ${fixesChecked} offered fixes applied`);
    assert.equal(cases, 2 * HEADERS.length * TRAILING.length * AFTER.length);
    assert.ok(fixesChecked >= cases);
  });
});
