// REVIEW15-user (fix16), the editor's side: one slip, one finding, one preferred fix, and no fix of
// any finding that makes a duplicate key or drops a line the user wrote. LF and CRLF, comments kept.
// (`lint --fix` on the same slips, as processes: test/cli/oneSlipOneFix.test.ts.)
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyze } from '../../server/src/service';
import type { Diagnostic } from '../../server/src/service';
import { applyEdits, getCodeActions } from '../../server/src/service/codeActions';
import type { Language } from '../../server/src/parser';

const crlf = (t: string): string => t.replace(/\n/g, '\r\n');

interface Offered {
  d: Diagnostic;
  title: string;
  preferred: boolean;
  result: string;
}

/** Every quick fix offered for every finding of the text (not the "Ignore" suppressions). */
function offered(text: string, language: Language = 'yaml'): { diagnostics: Diagnostic[]; fixes: Offered[] } {
  const { doc, diagnostics } = analyze(text, language);
  const fixes: Offered[] = [];
  for (const d of diagnostics)
    for (const a of getCodeActions(doc, diagnostics, d))
      if (a.diagnostic === d && a.kind === 'quickfix' && !a.title.startsWith('Ignore'))
        fixes.push({ d, title: a.title, preferred: a.isPreferred === true, result: applyEdits(text, a.edits) });
  return { diagnostics, fixes };
}

const errors = (text: string): Diagnostic[] => analyze(text, 'yaml').diagnostics.filter((d) => d.severity === 'error');

/** Every non-blank line of `before` is in `after`, at any indentation: nothing written is dropped. */
function keepsLines(before: string, after: string): void {
  const lines = new Set(after.split(/\r?\n/).map((l) => l.trim()));
  for (const line of before.split(/\r?\n/)) if (line.trim() !== '') assert.ok(lines.has(line.trim()), `lost: ${line}`);
}

describe('U6: llm left at the top level beside a definition that lacks it', () => {
  const before =
    'kind: AssistantConfig\nversion: v2\n# the model (v1 place)\nllm: # moved in v2\n  provider: hosted\ndefinition:\n  maxAssistantActions: 5 # per turn\n';
  const after =
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  maxAssistantActions: 5 # per turn\n  # the model (v1 place)\n  llm: # moved in v2\n    provider: hosted\n';
  for (const [eol, conv] of [
    ['LF', (t: string): string => t],
    ['CRLF', crlf],
  ] as const) {
    it(`one finding (the stray key's, naming what definition requires) and one preferred fix, the move (${eol})`, () => {
      const { diagnostics, fixes } = offered(conv(before));
      assert.deepEqual(
        diagnostics.map((d) => d.code),
        ['unknown-property'],
        diagnostics.map((d) => d.message).join('\n'),
      );
      assert.match(diagnostics[0]!.message, /'llm' belongs under 'definition', which requires it and has none\./);
      const preferred = fixes.filter((f) => f.preferred);
      assert.deepEqual(
        preferred.map((f) => f.title),
        ["Move 'llm' under 'definition'"],
      );
      assert.equal(preferred[0]!.result, conv(after));
      assert.deepEqual(errors(preferred[0]!.result), []);
      keepsLines(before, preferred[0]!.result);
    });
  }

  it('no fix of any finding makes a duplicate key, nor does a fix applied after another', () => {
    const texts = [
      before,
      // Also when definition has its own llm (then nothing is missing: the stray is a second one).
      'kind: AssistantConfig\nversion: v2\nllm:\n  provider: hosted\ndefinition:\n  llm: {provider: hosted}\n',
      // A flow definition: the move cannot go there; the finding says where the key belongs.
      'kind: AssistantConfig\nversion: v2\nllm:\n  provider: hosted\ndefinition: {maxAssistantActions: 5}\n',
    ];
    for (const text of texts) {
      for (const first of offered(text).fixes) {
        const dup = (t: string): boolean => analyze(t, 'yaml').diagnostics.some((d) => d.code === 'duplicate-key');
        assert.ok(!dup(first.result), `${first.title} on\n${text}`);
        for (const second of offered(first.result).fixes)
          assert.ok(!dup(second.result), `${first.title}, then ${second.title} on\n${text}`);
      }
    }
  });

  it('a required key that is missing and not written a level up is still said on the mapping', () => {
    const text = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  maxAssistantActions: 5\n';
    assert.deepEqual(
      analyze(text, 'yaml').diagnostics.map((d) => d.code),
      ['missing-required'],
    );
    // (A stray key a level up whose home is another mapping is not folded: featureFlags' key.)
    const other =
      'kind: AssistantConfig\nversion: v2\nenable_automations: true\ndefinition:\n  maxAssistantActions: 5\n';
    assert.ok(analyze(other, 'yaml').diagnostics.some((d) => d.code === 'missing-required'));
  });
});

describe('U13: a version written as a release number', () => {
  it("the editor offers 'v2' for 2.0, v2.0 and for 2.1 (the last not applied by --fix)", () => {
    for (const v of ['2.0', 'v2.0', '2.1', 'v2.1']) {
      const text = `kind: AssistantConfig\nversion: ${v}\ndefinition:\n  llm: {provider: hosted}\n`;
      const { fixes } = offered(text);
      assert.deepEqual(
        fixes.map((f) => f.result),
        [text.replace(`version: ${v}`, 'version: v2')],
        v,
      );
    }
  });
});

describe('U10: a near miss of a key written beside it (maxItem: 50, maxItems: 40)', () => {
  const head =
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n  schemaSelector:\n    type: llm_selector\n    llm: {provider: hosted}\n';
  for (const [eol, conv] of [
    ['LF', (t: string): string => t],
    ['CRLF', crlf],
  ] as const) {
    it(`names the competing key and offers both choices, neither preferred, values named (${eol})`, () => {
      const text = conv(`${head}    maxItems: 40 # from the old config\n    maxItem: 50 # raised in May\n`);
      const { diagnostics, fixes } = offered(text);
      assert.deepEqual(
        diagnostics.map((d) => d.code),
        ['unknown-property'],
      );
      assert.match(
        diagnostics[0]!.message,
        /'maxItem'\. It looks like 'maxItems', which is set too: keep one of the two\./,
      );
      assert.deepEqual(
        fixes.map((f) => [f.title, f.preferred]),
        [
          ["Keep 'maxItem: 50' as 'maxItems' (remove 'maxItems: 40')", false],
          ["Keep 'maxItems: 40' (remove 'maxItem: 50')", false],
        ],
      );
      // Each keeps its value and every comment; the result lints clean.
      const [keep50, keep40] = fixes.map((f) => f.result) as [string, string];
      assert.match(keep50, /maxItems: 50 # raised in May/);
      assert.doesNotMatch(keep50, /\b40\b/);
      assert.match(keep50, /# from the old config/);
      assert.match(keep40, /maxItems: 40 # from the old config/);
      assert.match(keep40, /# raised in May/);
      for (const r of [keep50, keep40]) assert.deepEqual(errors(r), []);
    });
  }

  it('in a flow mapping, and the same value twice: the repeat removed (preferred)', () => {
    const flow =
      'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n' +
      '  schemaSelector: {type: llm_selector, llm: {provider: hosted}, maxItems: 40, maxItem: 50}\n';
    const { fixes } = offered(flow);
    assert.deepEqual(
      fixes.map((f) => f.result),
      [flow.replace('maxItems: 40, maxItem: 50', 'maxItems: 50'), flow.replace(', maxItem: 50', '')],
    );
    const same = `${head}    maxItems: 40\n    maxItem: 40\n`;
    const twice = offered(same).fixes;
    assert.deepEqual(
      twice.map((f) => [f.title, f.preferred, f.result]),
      [["Remove 'maxItem' (it repeats 'maxItems: 40')", true, `${head}    maxItems: 40\n`]],
    );
  });

  it('a credential under the near miss is never named in a title', () => {
    const key = ['sk', 'live', 'Q7vR2mXk9LpT4sWz8NcB3yHd'].join('-');
    const text = `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey: {valueFromEnv: K}\n    apiKeys: ${key}\n`;
    for (const f of offered(text).fixes) assert.ok(!f.title.includes(key.slice(8, 14)), f.title);
  });
});

describe('U9: v1 shapes with one v2 form', () => {
  it('the editor offers the same preferred fixes that --fix applies', () => {
    const text =
      'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n  threadTitleGeneration: true\n  featureFlags: [enable_automations]\n';
    const { fixes } = offered(text);
    assert.deepEqual(
      fixes.map((f) => [f.title, f.preferred]),
      [
        ["Write 'threadTitleGeneration: { enable: true }'", true],
        ["Make 'featureFlags' a mapping: each name listed set to true", true],
      ],
    );
    // (Any other mapping expected where a boolean stands gets no such fix: `llm: true`, `apiKey: true`.)
    const other = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: true\n  alwaysInclude: true\n';
    assert.ok(!offered(other).fixes.some((f) => f.title.startsWith('Write')));
  });
});

describe('U16: switching the provider of an anchored block says that it is shared', () => {
  const text = [
    'kind: AssistantConfig',
    'version: v2',
    'definition:',
    '  llm: &primary # the main model',
    '    provider: hosted',
    '    fallback: &fallback # everyone falls back to the same key',
    '      provider: vendor_a',
    '      model: small-model',
    '      apiKey: {valueFromEnv: SEARCH_VENDOR_A_KEY}',
    '  schemaSelector:',
    '    type: llm_selector',
    '    llm: *primary',
    '  aiPrimitivesLlm: *fallback',
    '  overrideAiPrimitivesLlm:',
    '    - primitiveName: summarize',
    '      llm:',
    '        <<: *fallback',
    '        model: tiny-model # overrides the merged model',
    '    - primitiveName: classify',
    '      llm:',
    '        provider: vendor_c',
    '        apiKey: {valueFromEnv: SEARCH_VENDOR_C_KEY}',
    '        fallback: *fallback',
    '',
  ].join('\n');
  const switches = (t: string, at: string): string[] => {
    const { doc, diagnostics } = analyze(t, 'yaml');
    const offset = t.indexOf(at);
    return getCodeActions(doc, diagnostics, { offset, length: 0 })
      .map((a) => a.title)
      .filter((title) => title.startsWith('Switch provider'));
  };
  for (const [eol, conv] of [
    ['LF', (t: string): string => t],
    ['CRLF', crlf],
  ] as const) {
    it(`the anchored fallback: 3 aliases (one reads it through *primary) and 1 merge (${eol})`, () => {
      const titles = switches(conv(text), 'vendor_a');
      assert.ok(titles.length > 0);
      for (const title of titles) assert.match(title, /shared by 3 aliases and 1 merge: all switch\)$/, title);
      // The block no alias reads says nothing of sharing.
      for (const title of switches(conv(text), 'vendor_c')) assert.doesNotMatch(title, /shared/, title);
    });
  }
});
