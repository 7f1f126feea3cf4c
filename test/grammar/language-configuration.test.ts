// The language configurations of the YAML and JSON forms: valid JSON with the expected fields and working patterns.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { repoFile } from './helpers';

interface OnEnterRule {
  beforeText: string;
  afterText?: string;
  action: { indent: string; appendText?: string };
}
interface LanguageConfiguration {
  comments?: { lineComment?: string; blockComment?: [string, string] };
  brackets?: [string, string][];
  autoClosingPairs?: { open: string; close: string; notIn?: string[] }[];
  surroundingPairs?: [string, string][];
  folding?: { offSide?: boolean; markers?: { start: string; end: string } };
  indentationRules?: { increaseIndentPattern: string; decreaseIndentPattern: string };
  onEnterRules?: OnEnterRule[];
  wordPattern?: string;
}

const load = (path: string): LanguageConfiguration => {
  const text = readFileSync(repoFile(path), 'utf8');
  return JSON.parse(text) as LanguageConfiguration; // throws on invalid JSON
};
const pairs = (c: LanguageConfiguration) => (c.autoClosingPairs ?? []).map((p) => p.open + p.close);
const words = (pattern: string, text: string) => text.match(new RegExp(pattern, 'g')) ?? [];

describe('language-configuration.json (YAML form)', () => {
  const c = load('language-configuration.json');

  it('has # comments, brackets, auto-closing and surrounding pairs', () => {
    assert.deepEqual(c.comments, { lineComment: '#' });
    assert.deepEqual(c.brackets, [
      ['{', '}'],
      ['[', ']'],
    ]);
    for (const p of ['{}', '[]', '""', "''"]) assert.ok(pairs(c).includes(p), `auto-closes ${p}`);
    for (const q of (c.autoClosingPairs ?? []).filter((p) => p.open === '"' || p.open === "'"))
      assert.deepEqual(q.notIn, ['string', 'comment']);
    for (const p of [
      ['{', '}'],
      ['[', ']'],
      ['"', '"'],
      ["'", "'"],
    ])
      assert.ok(
        (c.surroundingPairs ?? []).some((s) => s[0] === p[0] && s[1] === p[1]),
        `surrounds with ${p.join('')}`,
      );
  });

  it('folds by indentation, with #region markers', () => {
    assert.equal(c.folding?.offSide, true);
    const markers = c.folding?.markers;
    assert.ok(markers);
    assert.match('  # region secrets', new RegExp(markers.start));
    assert.match('# endregion', new RegExp(markers.end));
  });

  it('indents after a line ending in ":" (also after a list item, a comment or a block scalar), not after a comment line', () => {
    const rules = c.onEnterRules ?? [];
    const indents = (line: string) =>
      rules.some((r) => new RegExp(r.beforeText).test(line) && r.action.indent === 'indent');
    for (const line of [
      'definition:',
      '  llm:',
      '    - llm:',
      '  apiKey:   # the key',
      'systemInstructions: |',
      'systemInstructions: >-',
      '  -',
    ])
      assert.ok(indents(line), `indents after ${JSON.stringify(line)}`);
    for (const line of ['provider: hosted', '# note:', '  # llm:', 'kind: AssistantConfig'])
      assert.ok(!indents(line), `no indent after ${JSON.stringify(line)}`);
    const rulesOk = c.indentationRules;
    assert.ok(rulesOk);
    assert.match('  llm:', new RegExp(rulesOk.increaseIndentPattern));
    assert.doesNotMatch('  provider: hosted', new RegExp(rulesOk.increaseIndentPattern));
    assert.match('  }', new RegExp(rulesOk.decreaseIndentPattern));
  });

  it("words are the format's names and values", () => {
    assert.ok(c.wordPattern);
    assert.deepEqual(words(c.wordPattern, 'provider: vendor_a'), ['provider', 'vendor_a']);
    assert.deepEqual(words(c.wordPattern, 'cloudLocation: us-central1 # x'), ['cloudLocation', 'us-central1', 'x']);
    assert.deepEqual(words(c.wordPattern, '  valueFromEnv: CLOUD_B_KEY.json'), ['valueFromEnv', 'CLOUD_B_KEY.json']);
    assert.deepEqual(words(c.wordPattern, '$schema: x'), ['$schema', 'x']);
    assert.deepEqual(words(c.wordPattern, '- type: llm_selector'), ['type', 'llm_selector']);
  });
});

describe('language-configuration-json.json (JSON form)', () => {
  const c = load('language-configuration-json.json');

  it('has line and block comments, brackets, auto-closing (with quotes) and surrounding pairs', () => {
    assert.deepEqual(c.comments, { lineComment: '//', blockComment: ['/*', '*/'] });
    assert.deepEqual(c.brackets, [
      ['{', '}'],
      ['[', ']'],
    ]);
    for (const p of ['{}', '[]', '""']) assert.ok(pairs(c).includes(p), `auto-closes ${p}`);
    assert.deepEqual(c.autoClosingPairs?.find((p) => p.open === '"')?.notIn, ['string', 'comment']);
    for (const p of [
      ['{', '}'],
      ['[', ']'],
      ['"', '"'],
    ])
      assert.ok(
        (c.surroundingPairs ?? []).some((s) => s[0] === p[0] && s[1] === p[1]),
        `surrounds with ${p.join('')}`,
      );
  });

  it('indents inside an object or array, and its patterns compile', () => {
    const r = c.indentationRules;
    assert.ok(r);
    assert.match('  "llm": {', new RegExp(r.increaseIndentPattern));
    assert.match('  "tables": [', new RegExp(r.increaseIndentPattern));
    assert.doesNotMatch('  "provider": "hosted",', new RegExp(r.increaseIndentPattern));
    assert.match('  },', new RegExp(r.decreaseIndentPattern));
    assert.ok(c.wordPattern);
    assert.deepEqual(words(c.wordPattern, '"provider": "vendor_a"'), ['"provider"', '"vendor_a"']);
    assert.ok(c.folding?.markers);
    assert.match('// #region', new RegExp(c.folding.markers.start));
  });
});
