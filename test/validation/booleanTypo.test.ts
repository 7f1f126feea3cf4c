// A boolean misspelt in YAML (`enable: trur`, `tue`, `flase`) is a string to every reader: the finding
// names the one clear closest of true and false, and its fix (also `lint --fix`) writes it. Found by a
// scan of one-character typos in the examples' keys and values: these were the only errors `--fix` left
// that a reader would call obvious. No guess where the two are equally close, or for a word that is
// not a near miss.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, getCodeActions } from '../../server/src/service';
import { applyEdits } from '../../server/src/service/codeActions';
import { fixAll } from '../../server/src/service/fixAll';

const file = (value: string, eol = '\n'): string =>
  [
    'kind: AssistantConfig',
    'version: v2',
    'definition:',
    '  llm: {provider: hosted}',
    '  threadTitleGeneration:',
    `    enable: ${value}`,
    '  featureFlags:',
    '    enable_automations: true # on for the pilot',
    '',
  ].join(eol);

function finding(text: string) {
  const { doc, diagnostics } = analyze(text, 'yaml');
  assert.equal(diagnostics.length, 1, JSON.stringify(diagnostics));
  const d = diagnostics[0]!;
  assert.equal(d.code, 'invalid-type');
  return { d, fixes: getCodeActions(doc, diagnostics, d) };
}

test('a misspelt boolean: "Did you mean", a preferred fix that writes the word, and lint --fix applies it', () => {
  for (const [typed, meant] of [
    ['trur', 'true'],
    ['tue', 'true'],
    ['Ture', 'true'],
    ['flase', 'false'],
    ['fals', 'false'],
    ['trur # kept', 'true # kept'],
  ] as const) {
    const word = typed.split(' ')[0]!;
    const text = file(typed, typed.includes('#') ? '\r\n' : '\n');
    const { d, fixes } = finding(text);
    assert.match(d.message, new RegExp(`found the string '${word}'\\. Did you mean ${meant.split(' ')[0]}\\?`));
    const preferred = fixes.filter((f) => f.isPreferred);
    assert.equal(preferred.length, 1, typed);
    const after = applyEdits(text, preferred[0]!.edits);
    assert.equal(after, file(meant, typed.includes('#') ? '\r\n' : '\n'));
    assert.deepEqual(analyze(after, 'yaml').diagnostics, []);
    assert.equal(fixAll(text, 'yaml', analyze).text, after, `lint --fix on ${typed}`);
  }
});

test('no guess where true and false are equally near, or the word is no near miss', () => {
  for (const typed of ['tlse', 't', 'enabled', 'maybe']) {
    const text = file(typed);
    const { d, fixes } = finding(text);
    assert.doesNotMatch(d.message, /Did you mean/, typed);
    assert.equal(fixes.filter((f) => f.isPreferred && /Write (true|false)/.test(f.title)).length, 0, typed);
    assert.equal(fixAll(text, 'yaml', analyze).text, text, `lint --fix leaves ${typed}`);
  }
});
