// REVIEW14-user U9: `valueFromEnv: "VENDOR_A_API_KEY "` (a space, a tab or a line break pasted inside
// the quotes, a `|` block's final line break) names a variable no shell can export: the service looks
// the name up as written. An `invalid-env-name` error on the name, whatever the environment says and
// under `--no-env-check` too, that names the blanks; its fix (also `--fix`) removes them, nothing else.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, DEFAULT_OPTIONS } from '../../server/src/service';
import type { Diagnostic, ValidationOptions } from '../../server/src/service';
import { applyEdits, getCodeActions } from '../../server/src/service/codeActions';
import { fixAll } from '../../server/src/service/fixAll';
import type { Language } from '../../server/src/parser';

const crlf = (s: string): string => s.replace(/\n/g, '\r\n');
const NAME = 'VENDOR_A_API_KEY';
const yaml = (written: string): string =>
  `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    model: m # the model\n    apiKey:\n      valueFromEnv: ${written}\n  maxAssistantActions: 3\n`;
const json = (written: string): string =>
  `{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": {\n    "llm": { "provider": "vendor_a", "model": "m", "apiKey": { "valueFromEnv": ${written} } }\n  }\n}\n`;

const OPTIONS: [string, ValidationOptions][] = [
  // The trimmed name set: still an error (the service looks up the name with its blanks).
  ['the name set', { ...DEFAULT_OPTIONS, env: { isDefined: (n) => n === NAME } }],
  ['nothing set', { ...DEFAULT_OPTIONS, env: { isDefined: () => false } }],
  // `lint --no-env-check`: every name counts as defined.
  ['--no-env-check', { ...DEFAULT_OPTIONS, env: { isDefined: () => true } }],
  ['no environment', DEFAULT_OPTIONS],
];

function envFindings(text: string, language: Language, options: ValidationOptions): Diagnostic[] {
  return analyze(text, language, options).diagnostics.filter((d) => /env/.test(d.code));
}

test('a name with blanks around it: one error naming them, whatever the environment; the fix trims it (LF, CRLF, JSON)', () => {
  // [language, as written, as fixed, what the message says]
  const cases: [Language, string, string, RegExp][] = [
    ['yaml', `"${NAME} " # pasted`, `"${NAME}" # pasted`, /has a trailing space,/],
    ['yaml', `' ${NAME}' # pasted`, `'${NAME}' # pasted`, /has a leading space,/],
    ['yaml', `"\\t${NAME}"`, `"${NAME}"`, /has a leading tab,/],
    ['yaml', `"${NAME}\\n" # pasted`, `"${NAME}" # pasted`, /has a trailing line break,/],
    ['yaml', `"  ${NAME}  "`, `"${NAME}"`, /has leading spaces and trailing spaces,/],
    // A line break pasted inside double quotes folds to a space.
    ['yaml', `"${NAME}\n        " # pasted`, `"${NAME}" # pasted`, /has a trailing space,/],
    // A block scalar keeps its final line break; the plain name in its place keeps the header's comment.
    ['yaml', `| # pasted\n        ${NAME}`, `${NAME} # pasted`, /has a trailing line break,/],
    ['json', `"${NAME} "`, `"${NAME}"`, /has a trailing space,/],
    ['json', `"${NAME}\\r\\n"`, `"${NAME}"`, /has a trailing line break,/],
  ];
  for (const [language, written, fixed, said] of cases)
    for (const conv of language === 'yaml' ? [(s: string): string => s, crlf] : [(s: string): string => s]) {
      const make = language === 'yaml' ? yaml : json;
      const text = conv(make(written));
      const want = conv(make(fixed));
      for (const [what, options] of OPTIONS) {
        const found = envFindings(text, language, options);
        assert.equal(found.length, 1, `${written} (${what}): ${JSON.stringify(found)}`);
        const d = found[0]!;
        assert.equal(d.code, 'invalid-env-name');
        assert.equal(d.severity, 'error');
        assert.match(d.message, said, written);
        assert.match(d.message, new RegExp(`Write '${NAME}'\\.$`));
        const { doc, diagnostics } = analyze(text, language, options);
        const fixes = getCodeActions(doc, diagnostics, { offset: d.offset, length: 0 }).filter(
          (a) => a.kind === 'quickfix' && a.diagnostic?.code === 'invalid-env-name',
        );
        assert.deepEqual(
          fixes.map((a) => [a.title, a.isPreferred === true]),
          [[`Remove the blanks around '${NAME}'`, true]],
        );
        // Only the blanks go: the comment, the other keys and the line endings stay as written.
        assert.equal(applyEdits(text, fixes[0]!.edits), want, `${written} (${what})`);
        assert.equal(fixAll(text, language, (t, l) => analyze(t, l, options)).text, want, `--fix ${written} (${what})`);
        assert.deepEqual(
          envFindings(want, language, options).filter((x) => x.code === 'invalid-env-name'),
          [],
        );
      }
    }
});

test('not this finding: a name with blanks inside, a blank name, a name written plainly', () => {
  const opts: ValidationOptions = { ...DEFAULT_OPTIONS, env: { isDefined: () => true } };
  // Blanks inside: not one name with blanks around it (no trim makes it a name).
  const inside = envFindings(yaml('"VENDOR A KEY "'), 'yaml', opts);
  assert.ok(!inside.some((d) => /trailing space/.test(d.message)), JSON.stringify(inside));
  // Blank: the finding of an empty name, as before.
  assert.match(envFindings(yaml('"  "'), 'yaml', opts)[0]!.message, /is only blanks/);
  assert.deepEqual(envFindings(yaml(NAME), 'yaml', opts), []);
});
