// `${OPENAI_KEY:-}` (also `${X-}`, `${X:=}`, `${X=}`, `${X:?}`, `${X?}`): a shell default with an empty
// default, a compose file's habit for an optional variable, is a reference to that variable and
// nothing else: no credential. Where `${X}` is value-not-expanded (in `value`), invalid-type (a plain
// string where the EnvironmentValue belongs) or invalid-env-name (in `valueFromEnv`), so is this,
// quoted (no secret to hide) and with the same fix to `valueFromEnv: X`; never literal-secret, never
// masked. A default that holds text stays what it was (a credential: shellDefaultSecret.test.ts).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, DEFAULT_OPTIONS } from '../../server/src/service';
import { applyEdits, getCodeActions } from '../../server/src/service/codeActions';
import { secretRanges } from '../../server/src/service/secretRanges';
import { shellReference } from '../../server/src/service/envNames';
import type { Language } from '../../server/src/parser';
import { madeUpPasswords } from '../helpers';

const H = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
const FORMS = [
  '${OPENAI_KEY:-}',
  '${OPENAI_KEY-}',
  '${OPENAI_KEY:=}',
  '${OPENAI_KEY=}',
  '${OPENAI_KEY:?}',
  '${OPENAI_KEY?}',
];
const [PASSWORD] = madeUpPasswords(3201, 1) as [string];

function check(
  text: string,
  language: Language,
  want: { code: string; severity: string; message: RegExp },
  fixed: string,
) {
  const { doc, diagnostics } = analyze(text, language, DEFAULT_OPTIONS);
  assert.deepEqual(
    diagnostics.map((d) => `${d.severity} ${d.code}`),
    [`${want.severity} ${want.code}`],
    text,
  );
  const d = diagnostics[0]!;
  assert.match(d.message, want.message);
  assert.deepEqual(secretRanges(doc), [], 'nothing to mask');
  const fix = getCodeActions(doc, diagnostics, d, {}).find((a) => a.diagnostic === d && a.isPreferred);
  assert.ok(fix, 'a preferred fix');
  const out = applyEdits(text, fix.edits);
  assert.equal(out, fixed);
  assert.deepEqual(
    analyze(out, language, DEFAULT_OPTIONS).diagnostics.map((x) => x.code),
    [],
  );
}

describe('a shell default with an empty default names a variable', () => {
  it('shellReference reads the six forms (and $NAME, ${NAME}); a default with text is not one', () => {
    for (const f of FORMS) assert.equal(shellReference(f), 'OPENAI_KEY', f);
    assert.equal(shellReference('$OPENAI_KEY'), 'OPENAI_KEY');
    assert.equal(shellReference('${OPENAI_KEY}'), 'OPENAI_KEY');
    for (const not of ['${OPENAI_KEY:-x}', '${OPENAI_KEY:+}', '${OPENAI_KEY::-}', '${1:-}'])
      assert.equal(shellReference(not), undefined, not);
  });

  for (const f of FORMS) {
    it(`value: "${f}": value-not-expanded, quoted, fixed to valueFromEnv: OPENAI_KEY; no literal-secret`, () => {
      check(
        `${H}  llm:\n    provider: vendor_a\n    apiKey:\n      value: "${f}"  # from docker-compose\n`,
        'yaml',
        {
          code: 'value-not-expanded',
          severity: 'error',
          message: new RegExp(
            `sends the text '${f.replace(/[$?{}]/g, '\\$&')}' as the credential; use 'valueFromEnv: OPENAI_KEY'`,
          ),
        },
        `${H}  llm:\n    provider: vendor_a\n    apiKey:\n      valueFromEnv: "OPENAI_KEY"  # from docker-compose\n`,
      );
    });
  }

  it('apiKey: ${OPENAI_KEY:-} (plain, CRLF) and in JSON: invalid-type naming the variable, fixed to { valueFromEnv: OPENAI_KEY }', () => {
    const crlf = (t: string): string => t.replace(/\n/g, '\r\n');
    check(
      crlf(`${H}  llm:\n    provider: vendor_a\n    apiKey: \${OPENAI_KEY:-}\n`),
      'yaml',
      {
        code: 'invalid-type',
        severity: 'error',
        message: /'\$\{OPENAI_KEY:-\}' names a variable: write 'apiKey: \{ valueFromEnv: OPENAI_KEY \}'/,
      },
      crlf(`${H}  llm:\n    provider: vendor_a\n    apiKey: { valueFromEnv: OPENAI_KEY }\n`),
    );
    check(
      `{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": {\n    "llm": {"provider": "vendor_a", "apiKey": "\${OPENAI_KEY-}"}\n  }\n}\n`,
      'json',
      {
        code: 'invalid-type',
        severity: 'error',
        message: /names a variable: write '"apiKey": \{ "valueFromEnv": "OPENAI_KEY" \}'/,
      },
      `{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": {\n    "llm": {"provider": "vendor_a", "apiKey": { "valueFromEnv": "OPENAI_KEY" }}\n  }\n}\n`,
    );
  });

  it('valueFromEnv: ${OPENAI_KEY:=}: the bare name, as for ${OPENAI_KEY}', () => {
    check(
      `${H}  llm:\n    provider: vendor_a\n    apiKey: {valueFromEnv: "\${OPENAI_KEY:=}"}\n`,
      'yaml',
      { code: 'invalid-env-name', severity: 'warning', message: /did you mean 'OPENAI_KEY'\?/ },
      `${H}  llm:\n    provider: vendor_a\n    apiKey: {valueFromEnv: "OPENAI_KEY"}\n`,
    );
  });

  it('a default with text is still a credential there, masked, not quoted', () => {
    const text = `${H}  llm:\n    provider: vendor_a\n    apiKey: "\${OPENAI_KEY:-${PASSWORD}}"\n`;
    const { doc, diagnostics } = analyze(text, 'yaml', DEFAULT_OPTIONS);
    assert.deepEqual(
      diagnostics.map((d) => d.code),
      ['literal-secret'],
    );
    assert.ok(!diagnostics[0]!.message.includes(PASSWORD.slice(0, 6)));
    assert.ok(secretRanges(doc).length > 0);
  });
});
