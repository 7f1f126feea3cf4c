// REVIEW8 K13l in the editor: `valueFromEnv: "${{ secrets.OPENAI_KEY }}"` (pasted from a workflow)
// is an `invalid-env-name` warning whose quick fix writes the name it holds; `lint --fix` (safe fixes
// only) leaves it, since the fix drops text the user wrote. A template `{{ … }}` or `${NAME:-x}` gets
// the warning with no fix (which name is meant is not certain). YAML and JSON.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, DEFAULT_OPTIONS } from '../../server/src/service';
import { applyEdits, getCodeActions } from '../../server/src/service/codeActions';
import { safeFixFor } from '../../server/src/service/fixAll';
import type { Language } from '../../server/src/parser';

const HEAD = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
const yaml = (name: string): string =>
  `${HEAD}  llm:\n    provider: vendor_a\n    # from the workflow\n    apiKey: {valueFromEnv: ${JSON.stringify(name)}}  # CI\n`;
const json = (name: string): string =>
  `{"kind":"AssistantConfig","version":"v2","definition":{"llm":{"provider":"vendor_a","apiKey":{"valueFromEnv":${JSON.stringify(name)}}}}}`;
/** As `lint --no-env-check`: every name counts as defined. */
const blind = { ...DEFAULT_OPTIONS, env: { isDefined: () => true } };
const run = (text: string, language: Language): ReturnType<typeof analyze> => analyze(text, language, blind);

/** The one finding of `text`, which must be the invalid-env-name warning, and its quick fixes (Ignore aside). */
function warningAndFixes(text: string, language: Language) {
  const a = run(text, language);
  assert.deepEqual(
    a.diagnostics.map((d) => `${d.severity} ${d.code}`),
    ['warning invalid-env-name'],
  );
  const d = a.diagnostics[0]!;
  const fixes = getCodeActions(a.doc, a.diagnostics, d, { dotenv: { text: '' } }).filter(
    (x) => x.diagnostic === d && !x.title.startsWith('Ignore'),
  );
  return { a, d, fixes };
}

describe('valueFromEnv holding a workflow or template expression', () => {
  for (const [language, make] of [
    ['yaml', yaml],
    ['json', json],
  ] as const) {
    it(`${language}: '\${{ secrets.X }}' is one warning; the quick fix writes X; no safe fix`, () => {
      const text = make('${{ secrets.OPENAI_KEY }}');
      const { a, d, fixes } = warningAndFixes(text, language);
      assert.deepEqual(
        fixes.map((f) => f.title),
        ["Change 'valueFromEnv' to 'OPENAI_KEY'"],
      );
      const after = applyEdits(text, fixes[0]!.edits);
      assert.equal(after, text.replace('${{ secrets.OPENAI_KEY }}', 'OPENAI_KEY'));
      assert.deepEqual(run(after, language).diagnostics, []);
      assert.equal(safeFixFor(a.doc, d), undefined);
    });
    for (const written of ['{{ .Values.apiKey }}', '${OPENAI_KEY:-x}', '${{ matrix.key }}']) {
      it(`${language}: '${written}' is the warning with no fix`, () => {
        assert.deepEqual(warningAndFixes(make(written), language).fixes, []);
      });
    }
  }
});
