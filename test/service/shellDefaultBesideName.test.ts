// `value: "${OTHER:-<key>}"` pasted beside a `valueFromEnv: NAME` the file already has (an
// env-value-conflict too): both fixes that keep `valueFromEnv` (literal-secret's move and
// env-value-conflict's "Keep 'valueFromEnv'") store the default, the credential, in .env, never the
// `${OTHER:-…}` expression around it, and store it under NAME: the variable the file keeps reading
// (the fix removes `value` and leaves `valueFromEnv: NAME` as written; under OTHER nothing would read
// it). The literal-secret message says so rather than sending the user to `valueFromEnv: OTHER`.
// A different value for NAME in .env is never overwritten; the same one there is used. YAML (flow,
// block, block scalar, CRLF) and JSON. Fake keys made at run time.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, DEFAULT_OPTIONS } from '../../server/src/service';
import type { CodeActionEntry, DotenvFile, ServiceContext } from '../../server/src/service';
import { applyEdits, getCodeActions } from '../../server/src/service/codeActions';
import { parseDotenv } from '../../server/src/service/dotenv';
import type { Language } from '../../server/src/parser';
import { fakeApiKey, madeUpPasswords } from '../helpers';
import { leakedRuns } from '../cli/helpers';

const H = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
const KEY = ['sk', 'proj', fakeApiKey(3101).slice(3, 35)].join('-');
const OTHER = ['sk', 'proj', fakeApiKey(3102).slice(3, 35)].join('-');
const [PASSWORD] = madeUpPasswords(3103, 1) as [string];

function actionsFor(text: string, code: string, ctx: ServiceContext, language: Language = 'yaml') {
  const { doc, diagnostics } = analyze(text, language, DEFAULT_OPTIONS);
  const d = diagnostics.find((x) => x.code === code);
  assert.ok(d, `${code} in ${diagnostics.map((x) => x.code).join(', ')}`);
  return { d, diagnostics, actions: getCodeActions(doc, diagnostics, d, ctx).filter((a) => a.diagnostic === d) };
}

function apply(text: string, a: CodeActionEntry, dotenv: DotenvFile, language: Language = 'yaml') {
  const out = applyEdits(text, a.edits);
  const env = a.dotenv ? applyEdits(dotenv.text ?? '', a.dotenv.edits) : dotenv.text;
  const names = parseDotenv(env ?? '');
  const after = analyze(out, language, { ...DEFAULT_OPTIONS, env: { isDefined: (n) => names.has(n) } }).diagnostics;
  return { text: out, env, after };
}

const yaml = (value: string, nl = '\n'): string =>
  `${H}  llm:\n    provider: vendor_a\n    apiKey:\n      value: ${value}  # from docker-compose\n      valueFromEnv: VENDOR_A_API_KEY\n`.replace(
    /\n/g,
    nl,
  );
/** What the fixes leave of yaml(…): the comment on the removed line stays, above. */
const FIXED = `${H}  llm:\n    provider: vendor_a\n    apiKey:\n      # from docker-compose\n      valueFromEnv: VENDOR_A_API_KEY\n`;

describe('a shell default beside valueFromEnv', () => {
  for (const [label, code, title] of [
    [
      'literal-secret',
      'literal-secret',
      /^Move the default \(the credential\) of the literal 'value' to \.env as VENDOR_A_API_KEY and keep 'valueFromEnv'$/,
    ],
    [
      'env-value-conflict',
      'env-value-conflict',
      /^Keep 'valueFromEnv' \(move the default \(the credential\) of the literal 'value' to \.env as VENDOR_A_API_KEY\)$/,
    ],
  ] as const) {
    it(`${label}'s fix stores the default (not the expression) under the name valueFromEnv gives`, () => {
      for (const expr of [
        `\${OPENAI_KEY:-${KEY}}`,
        `\${OPENAI_KEY=${KEY}}`,
        `$\${OPENAI_KEY:-${KEY}}`,
        `\${VENDOR_A_API_KEY-${KEY}}`,
      ]) {
        const text = yaml(`"${expr}"`);
        const dotenv = { text: '# local\nDB_PASSWORD=x\n' };
        const { actions } = actionsFor(text, code, { dotenv });
        const a = actions.find((x) => x.isPreferred);
        assert.ok(a, `${expr.replace(KEY, '<key>')}: ${actions.map((x) => x.title).join(' | ')}`);
        assert.match(a.title, title);
        const r = apply(text, a, dotenv);
        assert.equal(r.env, `# local\nDB_PASSWORD=x\nVENDOR_A_API_KEY=${KEY}\n`, expr.replace(KEY, '<key>'));
        assert.equal(r.text, FIXED);
        assert.deepEqual(r.after, []);
      }
    });
  }

  it('the literal-secret message points at the variable beside it, not at the one the expression reads', () => {
    const { d } = actionsFor(yaml(`"\${OPENAI_KEY:-${KEY}}"`), 'literal-secret', {});
    assert.equal(
      d.message,
      "'apiKey' holds a literal credential as the default of '${OPENAI_KEY:-…}' (not shown): keep the credential in the variable that 'valueFromEnv' beside it names and remove 'value', so the secret stays out of the file.",
    );
    assert.equal(d.data?.suggestion, 'VENDOR_A_API_KEY');
    // Alone, it still names the expression's variable.
    const alone = analyze(
      `${H}  llm:\n    provider: vendor_a\n    apiKey: {value: "\${OPENAI_KEY:-${KEY}}"}\n`,
      'yaml',
      DEFAULT_OPTIONS,
    ).diagnostics.find((x) => x.code === 'literal-secret')!;
    assert.match(alone.message, /read the variable with 'valueFromEnv: OPENAI_KEY'/);
  });

  it('a made-up password as the default, CRLF, a flow mapping, a block scalar and JSON: the default is what moves', () => {
    const cases: [Language, string, string][] = [
      ['yaml', yaml(`"\${DB_PASSWORD:-${PASSWORD}}"`, '\r\n'), FIXED.replace(/\n/g, '\r\n')],
      [
        'yaml',
        `${H}  llm:\n    provider: vendor_a\n    apiKey: {value: '\${DB_PASSWORD:-${PASSWORD}}', valueFromEnv: VENDOR_A_API_KEY}\n`,
        `${H}  llm:\n    provider: vendor_a\n    apiKey: {valueFromEnv: VENDOR_A_API_KEY}\n`,
      ],
      [
        'yaml',
        `${H}  llm:\n    provider: vendor_a\n    apiKey:\n      value: >-\n        \${DB_PASSWORD:-${PASSWORD}}\n      valueFromEnv: VENDOR_A_API_KEY\n`,
        `${H}  llm:\n    provider: vendor_a\n    apiKey:\n      valueFromEnv: VENDOR_A_API_KEY\n`,
      ],
      [
        'json',
        `{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "vendor_a", "apiKey": {"value": "\${DB_PASSWORD:-${PASSWORD}}", "valueFromEnv": "VENDOR_A_API_KEY"}}}}\n`,
        `{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "vendor_a", "apiKey": {"valueFromEnv": "VENDOR_A_API_KEY"}}}}\n`,
      ],
    ];
    for (const [language, text, want] of cases) {
      for (const code of ['literal-secret', 'env-value-conflict']) {
        const dotenv = { text: undefined };
        const { d, actions } = actionsFor(text, code, { dotenv }, language);
        assert.deepEqual(leakedRuns(d.message + actions.map((x) => x.title).join('\n'), [PASSWORD], 6), []);
        const a = actions.find((x) => x.isPreferred);
        assert.ok(a, `${language} ${code}: ${actions.map((x) => x.title).join(' | ')}`);
        const r = apply(text, a, dotenv, language);
        assert.equal(r.env, `VENDOR_A_API_KEY=${PASSWORD}\n`, `${language} ${code}`);
        assert.equal(r.text, want, `${language} ${code}`);
      }
    }
  });

  it('.env holding the same credential under the name: the value is only removed; a different one: never overwritten, no move', () => {
    const text = yaml(`"\${OPENAI_KEY:-${KEY}}"`);
    const same = { text: `VENDOR_A_API_KEY=${KEY}\n` };
    const a = actionsFor(text, 'literal-secret', { dotenv: same }).actions.find((x) => x.isPreferred)!;
    assert.equal(a.title, "Remove the literal 'value' (.env holds its default as VENDOR_A_API_KEY)");
    assert.equal(a.dotenv, undefined);
    assert.equal(apply(text, a, same).text, FIXED);
    const b = actionsFor(text, 'env-value-conflict', { dotenv: same }).actions.find((x) => x.isPreferred)!;
    assert.equal(b.title, "Keep 'valueFromEnv' (remove 'value')");
    assert.equal(b.dotenv, undefined);

    const other = { text: `VENDOR_A_API_KEY=${OTHER}\n` };
    assert.deepEqual(
      actionsFor(text, 'literal-secret', { dotenv: other }).actions.map((x) => x.title),
      [],
    );
    assert.deepEqual(
      actionsFor(text, 'env-value-conflict', { dotenv: other }).actions.map((x) => x.title),
      ["Keep 'value' (remove 'valueFromEnv')"],
    );
    // Set in the environment (not .env): what it holds is unknown, so nothing is moved over it.
    const env = {
      names: () => ['VENDOR_A_API_KEY'],
      isDefined: (n: string) => n === 'VENDOR_A_API_KEY',
      sourceOf: () => 'environment' as const,
    };
    assert.deepEqual(
      actionsFor(text, 'literal-secret', { dotenv: { text: '' }, env }).actions.map((x) => x.title),
      [],
    );
  });
});
