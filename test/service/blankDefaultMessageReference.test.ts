// `${OPENAI_KEY:- }` (a default of one blank) and `${OPENAI_KEY:?message}` (the shell's "error if
// unset" form, as docker-compose files write it: `${OPENAI_KEY:?set OPENAI_KEY in .env}`) read the
// variable and nothing else: a reference, no credential. Where `${X}` is value-not-expanded (in
// `value`), invalid-type (a plain string where the EnvironmentValue belongs) or invalid-env-name (in
// `valueFromEnv`), so are these: quoted, not masked, never literal-secret, with the fix to read X.
// A fix that drops a message the user wrote is the editor's only, never `lint --fix`'s. A message
// shaped like a credential (a key pasted there) stays a literal secret: reported and masked.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, DEFAULT_OPTIONS } from '../../server/src/service';
import { applyEdits, getCodeActions } from '../../server/src/service/codeActions';
import { fixAll } from '../../server/src/service/fixAll';
import { secretRanges } from '../../server/src/service/secretRanges';
import { shellDefault, shellReference } from '../../server/src/service/envNames';
import type { Language } from '../../server/src/parser';
import { fakeApiKey } from '../helpers';

const MESSAGE = '${OPENAI_KEY:?set OPENAI_KEY in .env, see README}';
const BLANK = '${OPENAI_KEY:- }';
const REFERENCES = [BLANK, '${OPENAI_KEY-  }', '${OPENAI_KEY:= }', MESSAGE, '${OPENAI_KEY?unset}'];
const lint = (text: string, language: Language) => analyze(text, language, DEFAULT_OPTIONS);
const lintFix = (text: string, language: Language) => fixAll(text, language, lint).text;
const crlf = (t: string): string => t.replace(/\n/g, '\r\n');

/** The one diagnostic of `text`, its preferred fix applied, and the result clean. */
function check(text: string, language: Language, code: string, message: RegExp, fixed: string) {
  const { doc, diagnostics } = lint(text, language);
  assert.deepEqual(
    diagnostics.map((d) => d.code),
    [code],
    text,
  );
  const d = diagnostics[0]!;
  assert.match(d.message, message);
  assert.doesNotMatch(d.message, /literal credential|not shown/);
  assert.deepEqual(secretRanges(doc), [], 'nothing masked: no secret');
  const fix = getCodeActions(doc, diagnostics, d, {}).find((a) => a.diagnostic === d && a.isPreferred);
  assert.ok(fix, 'a preferred fix');
  const out = applyEdits(text, fix.edits);
  assert.equal(out, fixed);
  assert.deepEqual(
    lint(out, language).diagnostics.map((x) => x.code),
    [],
  );
}

describe('${X:- } and ${X:?message} name the variable X', () => {
  it('shellReference reads them; a message or default shaped like a key does not make one', () => {
    for (const f of REFERENCES) assert.equal(shellReference(f), 'OPENAI_KEY', f);
    const key = fakeApiKey(1301);
    for (const not of [`\${OPENAI_KEY:?${key}}`, `\${OPENAI_KEY?${key}}`, '${OPENAI_KEY:-x }', '${OPENAI_KEY:+ }'])
      assert.equal(shellReference(not), undefined, not);
    // The key in a message is a literal credential, as in a default (its move, its mask).
    assert.deepEqual(shellDefault(`\${OPENAI_KEY:?${key}}`), {
      name: 'OPENAI_KEY',
      head: '${OPENAI_KEY:?',
      value: key,
    });
    assert.equal(shellDefault(MESSAGE), undefined);
  });

  it('value: in a block mapping with comments (YAML, LF and CRLF): value-not-expanded quoting it, fixed to valueFromEnv: OPENAI_KEY', () => {
    for (const form of [BLANK, MESSAGE])
      for (const eol of [(t: string) => t, crlf]) {
        const text = eol(
          `# compose-style\nkind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a # main\n    apiKey:\n      # from docker-compose\n      value: "${form}"  # keep\n`,
        );
        check(
          text,
          'yaml',
          'value-not-expanded',
          /sends the text '\$\{OPENAI_KEY:[-?][^']*\}' as the credential; use 'valueFromEnv: OPENAI_KEY'/,
          text.replace(`value: "${form}"`, 'valueFromEnv: "OPENAI_KEY"'),
        );
      }
  });

  it('apiKey: plain and quoted (YAML) and in JSON, formatted and on one line: invalid-type naming the variable, fixed to { valueFromEnv: OPENAI_KEY }', () => {
    const yaml = `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey: ${MESSAGE}\n  aiPrimitivesLlm:\n    provider: vendor_b\n    apiKey: '${BLANK}'\n`;
    const { diagnostics } = lint(yaml, 'yaml');
    assert.deepEqual(
      diagnostics.map((d) => d.code),
      ['invalid-type', 'invalid-type'],
    );
    for (const d of diagnostics)
      assert.match(d.message, /names a variable: write 'apiKey: \{ valueFromEnv: OPENAI_KEY \}'/);
    assert.deepEqual(secretRanges(lint(yaml, 'yaml').doc), []);
    for (const form of [BLANK, MESSAGE]) {
      const pretty = `{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": {\n    "llm": {\n      "provider": "vendor_a",\n      "apiKey": ${JSON.stringify(form)}\n    }\n  }\n}\n`;
      check(
        pretty,
        'json',
        'invalid-type',
        /names a variable: write '"apiKey": \{ "valueFromEnv": "OPENAI_KEY" \}'/,
        pretty.replace(JSON.stringify(form), '{ "valueFromEnv": "OPENAI_KEY" }'),
      );
      const compact = JSON.stringify({
        kind: 'AssistantConfig',
        version: 'v2',
        definition: { llm: { provider: 'vendor_a', apiKey: { value: form } } },
      });
      check(
        compact,
        'json',
        'value-not-expanded',
        /use 'valueFromEnv: OPENAI_KEY'/,
        compact.replace(`"value":${JSON.stringify(form)}`, '"valueFromEnv":"OPENAI_KEY"'),
      );
    }
  });

  it('valueFromEnv: the bare-name warning with its fix; --fix applies it for a blank default, not over a message', () => {
    for (const form of [BLANK, MESSAGE]) {
      const text = `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey: {valueFromEnv: "${form}"}\n`;
      check(text, 'yaml', 'invalid-env-name', /did you mean 'OPENAI_KEY'\?/, text.replace(`"${form}"`, '"OPENAI_KEY"'));
      assert.equal(lintFix(text, 'yaml'), form === BLANK ? text.replace(`"${form}"`, '"OPENAI_KEY"') : text, form);
    }
  });

  it('lint --fix drops no message: value and apiKey holding ${X:?message} are left for the editor; ${X:- } is fixed', () => {
    const text = `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey: "${MESSAGE}"\n  aiPrimitivesLlm:\n    provider: vendor_b\n    apiKey:\n      value: "${MESSAGE}"\n  threadTitleGeneration:\n    enable: true\n    llm:\n      provider: vendor_c\n      apiKey:\n        value: "${BLANK}"\n`;
    assert.equal(lintFix(text, 'yaml'), text.replace(`value: "${BLANK}"`, 'valueFromEnv: "OPENAI_KEY"'));
    // Beside valueFromEnv: OPENAI_KEY, removing the reference would drop the message too.
    const beside = `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey:\n      valueFromEnv: OPENAI_KEY\n      value: "${MESSAGE}"\n`;
    assert.equal(lintFix(beside, 'yaml'), beside);
    const blankBeside = beside.replace(MESSAGE, BLANK);
    assert.equal(lintFix(blankBeside, 'yaml'), blankBeside.replace(`      value: "${BLANK}"\n`, ''));
  });

  it('an anchor shared by two LLM blocks: one reference, quoted, nothing masked', () => {
    const text = `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey: &key\n      value: "${MESSAGE}"\n  aiPrimitivesLlm:\n    provider: vendor_a\n    apiKey: *key\n`;
    const { doc, diagnostics } = lint(text, 'yaml');
    assert.ok(diagnostics.length > 0);
    assert.ok(
      diagnostics.every((d) => d.code === 'value-not-expanded'),
      JSON.stringify(diagnostics),
    );
    assert.deepEqual(secretRanges(doc), []);
  });

  it('a key written as the message stays a literal secret: reported (value, apiKey, valueFromEnv; YAML and JSON), masked, never quoted', () => {
    const key = fakeApiKey(1302);
    const form = `\${OPENAI_KEY:?${key}}`;
    const cases: [string, Language, string[]][] = [
      [
        `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey:\n      value: "${form}"\n`,
        'yaml',
        ['value-not-expanded', 'literal-secret'],
      ],
      [
        `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey: "${form}"\n`,
        'yaml',
        ['literal-secret'],
      ],
      [
        JSON.stringify(
          {
            kind: 'AssistantConfig',
            version: 'v2',
            definition: { llm: { provider: 'vendor_a', apiKey: { valueFromEnv: form } } },
          },
          null,
          2,
        ),
        'json',
        ['literal-secret'],
      ],
    ];
    for (const [text, language, codes] of cases) {
      const { doc, diagnostics } = lint(text, language);
      assert.deepEqual(
        diagnostics.map((d) => d.code),
        codes,
        text,
      );
      for (const d of diagnostics) assert.ok(!d.message.includes(key.slice(3, 9)), d.message);
      const masked = secretRanges(doc).map((r) => text.slice(r.offset, r.offset + r.length));
      assert.ok(
        masked.some((m) => m.includes(key)),
        `masked: ${masked.length}`,
      );
      assert.equal(lintFix(text, language), text, 'no --fix writes or drops it');
    }
  });
});
