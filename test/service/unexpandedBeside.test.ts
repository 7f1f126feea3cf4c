// REVIEW10 L2: `value: "${VENDOR_A_API_KEY}"` beside `valueFromEnv` (a reference pasted from a compose
// file next to the name already written). The preferred fix of value-not-expanded renamed `value` to
// `valueFromEnv`: the key twice, a file strict YAML loaders reject (duplicate-key). And the conflict's
// only fix kept the unexpanded text. Now the reference goes (preferred when it names the variable
// `valueFromEnv` reads; a choice, none preferred, when the two name different variables).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze } from '../../server/src/service';
import type { Diagnostic } from '../../server/src/service';
import type { Language } from '../../server/src/parser';
import { getCodeActions } from '../../server/src/service/codeActions';
import { applyEdits } from '../../server/src/service/codeActions/edits';
import { fixAll } from '../../server/src/service/fixAll';

const HEAD = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
const yaml = (value: string, fromEnv: string): string =>
  `${HEAD}  llm:\n    provider: vendor_a   # main\n    apiKey:\n      # pasted from compose\n      value: "${value}"\n      valueFromEnv: ${fromEnv}   # CI secret\n`;
const json = (value: string, fromEnv: string): string =>
  `{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": {\n    "llm": {\n      "provider": "vendor_a",\n      "apiKey": {"value": "${value}", "valueFromEnv": "${fromEnv}"}\n    }\n  }\n}\n`;

const codes = (text: string, language: Language): string[] =>
  analyze(text, language)
    .diagnostics.map((d) => d.code)
    .filter((c) => c !== 'env-not-set');

function fixesOf(
  text: string,
  language: Language,
  code: string,
): { d: Diagnostic; titles: string[]; results: { title: string; preferred: boolean; text: string }[] } {
  const { doc, diagnostics } = analyze(text, language);
  const d = diagnostics.find((x) => x.code === code);
  assert.ok(d, `${code} in ${diagnostics.map((x) => x.code).join()}`);
  const actions = getCodeActions(doc, diagnostics, d).filter(
    (a) => a.kind === 'quickfix' && !a.title.startsWith('Ignore'),
  );
  return {
    d,
    titles: actions.map((a) => a.title),
    results: actions.map((a) => ({
      title: a.title,
      preferred: a.isPreferred === true,
      text: applyEdits(text, a.edits),
    })),
  };
}

test('the same variable written twice: the reference goes (preferred, and --fix), nothing else changes', () => {
  for (const eol of ['\n', '\r\n']) {
    for (const [language, make] of [
      ['yaml', yaml],
      ['json', json],
    ] as const) {
      const text = make('${VENDOR_A_API_KEY}', 'VENDOR_A_API_KEY').replace(/\n/g, eol);
      assert.deepEqual(codes(text, language), ['env-value-conflict', 'value-not-expanded'], language);
      for (const code of ['value-not-expanded', 'env-value-conflict']) {
        const { results } = fixesOf(text, language, code);
        const preferred = results.filter((r) => r.preferred);
        assert.equal(preferred.length, 1, `${language} ${code}: ${results.map((r) => r.title).join(' | ')}`);
        const out = preferred[0]!.text;
        assert.deepEqual(codes(out, language), [], `${language} ${code}:\n${out}`);
        assert.ok(!out.includes('${VENDOR_A_API_KEY}'));
        // Everything else is as written: comments, the name, the line ends.
        if (language === 'yaml') {
          assert.ok(
            out.includes(`# pasted from compose${eol}      valueFromEnv: VENDOR_A_API_KEY   # CI secret${eol}`),
            out,
          );
          assert.ok(out.includes(`provider: vendor_a   # main${eol}`));
        } else assert.match(out, /"apiKey": \{\s*"valueFromEnv": "VENDOR_A_API_KEY"\s*\}/);
        // No fix of either diagnostic writes the key twice.
        for (const r of results)
          assert.ok(!codes(r.text, language).includes('duplicate-key'), `${r.title}:\n${r.text}`);
      }
      const fixed = fixAll(text, language, (t, l) => analyze(t, l)).text;
      assert.deepEqual(codes(fixed, language), [], `--fix:\n${fixed}`);
    }
  }
});

test('two different variables: both kept as choices, none preferred, none --fix, never a duplicate key', () => {
  for (const [language, make] of [
    ['yaml', yaml],
    ['json', json],
  ] as const) {
    const text = make('$OPENAI_KEY', 'VENDOR_A_API_KEY');
    for (const code of ['value-not-expanded', 'env-value-conflict']) {
      const { results } = fixesOf(text, language, code);
      assert.ok(results.length >= 2, `${language} ${code}: ${results.map((r) => r.title).join(' | ')}`);
      assert.ok(!results.some((r) => r.preferred), `${language} ${code}: ${results.map((r) => r.title).join(' | ')}`);
      for (const r of results) assert.ok(!codes(r.text, language).includes('duplicate-key'), `${r.title}:\n${r.text}`);
    }
    const read = fixesOf(text, language, 'value-not-expanded').results.find((r) =>
      r.title.startsWith('Read the variable OPENAI_KEY'),
    );
    assert.ok(read, language);
    assert.deepEqual(codes(read.text, language), []);
    assert.match(read.text, /valueFromEnv"?: "?OPENAI_KEY/);
    assert.equal(
      fixAll(text, language, (t, l) => analyze(t, l)).text,
      text,
      `${language}: --fix leaves the choice to the user`,
    );
  }
});
