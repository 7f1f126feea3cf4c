// REVIEW7 J4: a bare `apiKey: PASSWORD_2024` is shaped like a variable's name, but it may be the
// credential itself. It is read as a name (and `--fix` writes `{ valueFromEnv: NAME }`) only when it
// certainly is one: `$NAME` / `${NAME}`, or a bare NAME that is set in the environment or the `.env`.
// Otherwise the editor offers the rewrite and the move to .env, neither preferred, `--fix` leaves the
// file as it is, and the string is never quoted in a message or a title.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, DEFAULT_OPTIONS } from '../../server/src/service';
import type { Diagnostic, DotenvFile, ValidationOptions } from '../../server/src/service';
import { getCodeActions } from '../../server/src/service/codeActions';
import { fixAll, safeFixFor } from '../../server/src/service/fixAll';
import { messageMasker, secretRanges, maskSecrets } from '../../server/src/service/secretRanges';
import type { Language } from '../../server/src/parser';

// Built at run time: a password that happens to look like a variable's name.
const PASSWORD = ['PASS', 'WORD'].join('') + '_' + String(2000 + 24);
const HEAD = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
const yaml = (written: string): string => `${HEAD}  llm:\n    provider: vendor_a\n    apiKey: ${written}\n`;
const json = (written: string): string =>
  `{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": {\n    "llm": { "provider": "vendor_a", "apiKey": ${written} }\n  }\n}\n`;

/** An environment check that knows `names` (as the editor's and the CLI's do). */
const withEnv = (...names: string[]): ValidationOptions => ({
  ...DEFAULT_OPTIONS,
  env: { isDefined: (n) => names.includes(n) },
});
/** `lint --no-env-check`: every name counts as defined, isSet tells the truth. */
const noEnvCheck = (...names: string[]): ValidationOptions => ({
  ...DEFAULT_OPTIONS,
  env: { isDefined: () => true, isSet: (n) => names.includes(n) },
});

function invalidType(
  text: string,
  language: Language,
  options: ValidationOptions,
): Diagnostic & { analysis: ReturnType<typeof analyze> } {
  const analysis = analyze(text, language, options);
  const ds = analysis.diagnostics;
  assert.deepEqual(
    ds.map((d) => d.code),
    ['invalid-type'],
  );
  return Object.assign(ds[0]!, { analysis });
}

const fixed = (text: string, language: Language, options: ValidationOptions): string =>
  fixAll(text, language, (t, l) => analyze(t, l, options)).text;

/** Every place a message, a title or a diagnostic's data could show the string. */
function shown(d: Diagnostic, titles: readonly string[]): string {
  return [d.message, ...titles].join('\n');
}

describe('a bare NAME where an EnvironmentValue belongs, no such variable set (REVIEW7 J4)', () => {
  const cases: [string, string, Language, ValidationOptions][] = [
    ['YAML, variable not set', yaml(PASSWORD), 'yaml', withEnv('OTHER_NAME')],
    ['YAML, no environment check at all', yaml(PASSWORD), 'yaml', DEFAULT_OPTIONS],
    ['YAML, --no-env-check (isDefined says yes to every name)', yaml(PASSWORD), 'yaml', noEnvCheck()],
    ['YAML, quoted, comment after', yaml(`"${PASSWORD}"  # the prod one`), 'yaml', withEnv()],
    ['YAML, CRLF', yaml(PASSWORD).replace(/\n/g, '\r\n'), 'yaml', withEnv()],
    ['JSON', json(JSON.stringify(PASSWORD)), 'json', withEnv()],
    ['JSON on one line', json(JSON.stringify(PASSWORD)).replace(/\n\s*/g, ''), 'json', withEnv()],
  ];
  for (const [what, text, language, options] of cases) {
    it(`${what}: reported without the string; --fix leaves the file; the editor offers both readings, neither preferred`, () => {
      const d = invalidType(text, language, options);
      assert.equal(d.data?.envNameUnsure, true);
      const { doc, diagnostics } = d.analysis;
      assert.equal(safeFixFor(doc, d), undefined);
      assert.equal(fixed(text, language, options), text, '--fix changes nothing');
      assert.equal(fixed(fixed(text, language, options), language, options), text, 'and again nothing');
      const dotenv: DotenvFile = { text: 'OTHER=1\n' };
      const actions = getCodeActions(doc, diagnostics, d, { dotenv }).filter((a) => a.diagnostic === d);
      assert.deepEqual(
        actions.map((a) => [a.isPreferred === true, a.dotenv !== undefined]),
        [
          [false, false],
          [false, true],
        ],
      );
      assert.match(actions[0]!.title, /^Read 'apiKey' from a variable of the name written here/);
      assert.match(actions[1]!.title, /^If it is the credential itself: move the secret to \.env as VENDOR_A_API_KEY/);
      // The rewrite keeps the string (as the variable's name); the move keeps it in .env.
      assert.ok(actions[0]!.edits.some((e) => e.newText.includes(PASSWORD)));
      assert.ok(actions[1]!.dotenv!.edits.some((e) => e.newText.includes(PASSWORD)));
      assert.ok(
        !shown(
          d,
          actions.map((a) => a.title),
        ).includes(PASSWORD),
        shown(d, []),
      );
      // Code frames and the messages of other rules mask it as a possible credential.
      assert.ok(!maskSecrets(text, doc).includes(PASSWORD));
      assert.ok(!messageMasker(doc)(`'${PASSWORD}'`).includes(PASSWORD));
    });
  }
  it('an anchored string shared by two LLM blocks: no fix edits the anchor through the alias, --fix changes nothing', () => {
    const text = `${HEAD}  llm:\n    provider: vendor_a\n    apiKey: &key ${PASSWORD}\n  aiPrimitivesLlm:\n    provider: vendor_b\n    apiKey: *key\n`;
    const options = withEnv();
    assert.equal(fixed(text, 'yaml', options), text);
    const { diagnostics } = analyze(text, 'yaml', options);
    assert.ok(diagnostics.length >= 1);
    for (const d of diagnostics) assert.ok(!d.message.includes(PASSWORD), d.message);
  });
});

describe('a bare NAME that is set, or a $NAME reference: certain, fixed by --fix', () => {
  const cases: [string, string, string, Language, ValidationOptions][] = [
    [
      'bare, set in the environment or .env',
      yaml(PASSWORD),
      yaml(`{ valueFromEnv: ${PASSWORD} }`),
      'yaml',
      withEnv(PASSWORD),
    ],
    ['bare, set, --no-env-check', yaml(PASSWORD), yaml(`{ valueFromEnv: ${PASSWORD} }`), 'yaml', noEnvCheck(PASSWORD)],
    ['bare, set, JSON', json(`"${PASSWORD}"`), json(`{ "valueFromEnv": "${PASSWORD}" }`), 'json', withEnv(PASSWORD)],
    ['$NAME, not set', yaml(`$${PASSWORD}`), yaml(`{ valueFromEnv: ${PASSWORD} }`), 'yaml', withEnv()],
    [
      '${NAME}, no environment check',
      yaml(`\${${PASSWORD}}`),
      yaml(`{ valueFromEnv: ${PASSWORD} }`),
      'yaml',
      DEFAULT_OPTIONS,
    ],
  ];
  for (const [what, text, want, language, options] of cases) {
    it(`${what}: the rewrite is preferred and --fix applies it, once`, () => {
      const d = invalidType(text, language, options);
      assert.equal(d.data?.envNameUnsure, undefined);
      const { doc, diagnostics } = d.analysis;
      const actions = getCodeActions(doc, diagnostics, d, { dotenv: { text: '' } }).filter((a) => a.diagnostic === d);
      assert.equal(actions.length, 1);
      assert.ok(actions[0]!.isPreferred);
      assert.ok(!actions[0]!.dotenv);
      const once = fixed(text, language, options);
      assert.equal(once, want);
      assert.equal(fixed(once, language, options), once, 'idempotent');
    });
  }
  it('a bare name that is set is not quoted either (code frames mask it, env-blind)', () => {
    const d = invalidType(yaml(PASSWORD), 'yaml', withEnv(PASSWORD));
    assert.ok(!d.message.includes(PASSWORD));
    assert.match(d.message, /is the name of a variable that is set/);
  });
  it('a $NAME reference is quoted and shown in code frames (it is no secret)', () => {
    const text = yaml(`$${PASSWORD}`);
    const d = invalidType(text, 'yaml', withEnv());
    assert.match(d.message, new RegExp(`'\\$${PASSWORD}' names a variable`));
    const { doc } = analyze(text, 'yaml');
    assert.deepEqual(secretRanges(doc), []);
  });
});
