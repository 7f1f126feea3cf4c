// A real key inside a shell-style default, `value: "${OPENAI_KEY:-sk-…}"`, pasted from a docker-compose
// file or a .env template (also `${VAR-key}`, `${VAR:=key}`, `${VAR=key}`, compose's escaped
// `$${VAR:-key}`): the service expands none of it (value-not-expanded, as before), and the default is
// a literal credential in the file, as `value: sk-…` is: literal-secret, masked wherever the file
// holds it, and moved by the quick fix to .env under the variable the expression names
// (`valueFromEnv: OPENAI_KEY`), a different value already there for that name never overwritten.
// The same for `apiKey: "${OPENAI_KEY:-…}"` written where the EnvironmentValue belongs, and for a
// credential-shaped default in `valueFromEnv`. Fake keys made at run time.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, DEFAULT_OPTIONS } from '../../server/src/service';
import type { CodeActionEntry, DotenvFile, ServiceContext } from '../../server/src/service';
import { applyEdits, getCodeActions } from '../../server/src/service/codeActions';
import { parseDotenv } from '../../server/src/service/dotenv';
import { messageMasker, secretRanges } from '../../server/src/service/secretRanges';
import { shellDefault } from '../../server/src/service/envNames';
import type { Language } from '../../server/src/parser';
import { fakeApiKey, madeUpPasswords } from '../helpers';
import { leakedRuns } from '../cli/helpers';

const H = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
const KEY = ['sk', 'proj', fakeApiKey(2601).slice(3, 35)].join('-');
const OTHER = ['sk', 'proj', fakeApiKey(2602).slice(3, 35)].join('-');
// Not shaped like a credential: only where it stands makes it one.
const [PASSWORD] = madeUpPasswords(2603, 1) as [string];

const FORMS = (key: string): string[] => [
  `\${OPENAI_KEY:-${key}}`,
  `\${OPENAI_KEY-${key}}`,
  `\${OPENAI_KEY:=${key}}`,
  `\${OPENAI_KEY=${key}}`,
  `$\${OPENAI_KEY:-${key}}`,
];

const inValue = (expr: string): string =>
  `${H}  llm:\n    provider: vendor_a\n    apiKey:\n      value: "${expr}"  # from docker-compose\n`;

function analyzed(text: string, language: Language = 'yaml', env?: (n: string) => boolean) {
  return analyze(text, language, env ? { ...DEFAULT_OPTIONS, env: { isDefined: env } } : DEFAULT_OPTIONS);
}

function actionsFor(text: string, code: string, ctx: ServiceContext, language: Language = 'yaml') {
  const { doc, diagnostics } = analyzed(text, language);
  const d = diagnostics.find((x) => x.code === code);
  assert.ok(d, `${code} in ${diagnostics.map((x) => x.code).join(', ')}`);
  return { d, actions: getCodeActions(doc, diagnostics, d, ctx).filter((a) => a.diagnostic === d) };
}

/** Applies an action to the file and the .env; the result re-analysed with the .env's names set. */
function apply(text: string, a: CodeActionEntry, dotenv: DotenvFile, language: Language = 'yaml') {
  const out = applyEdits(text, a.edits);
  const env = a.dotenv ? applyEdits(dotenv.text ?? '', a.dotenv.edits) : dotenv.text;
  const names = parseDotenv(env ?? '');
  return { text: out, env, after: analyzed(out, language, (n) => names.has(n)).diagnostics };
}

const noLeak = (text: string, key: string): void => assert.deepEqual(leakedRuns(text, [key], 6), [], text);

describe('a credential in a shell-style default', () => {
  it('shellDefault reads the five forms, and no empty, blank or reference default', () => {
    for (const expr of FORMS(KEY)) assert.deepEqual(shellDefault(expr)?.value, KEY, expr);
    assert.equal(shellDefault(`  \${OPENAI_KEY:-${KEY}}\n`)?.name, 'OPENAI_KEY');
    for (const none of ['${OPENAI_KEY:-}', '${OPENAI_KEY:-  }', '${A:-$B}', '${A:-${B}}', '${A}', '${A:?err}']) {
      assert.equal(shellDefault(none), undefined, none);
    }
    assert.equal(shellDefault(`Bearer \${A:-${KEY}}`), undefined, 'only a whole value');
  });

  for (const expr of FORMS(KEY)) {
    it(`value: "${expr.replace(KEY, '<key>')}": value-not-expanded and literal-secret, neither quoting the key`, () => {
      const { diagnostics } = analyzed(inValue(expr));
      assert.deepEqual(
        diagnostics.map((d) => `${d.severity} ${d.code}`),
        ['error value-not-expanded', 'warning literal-secret'],
      );
      const secret = diagnostics[1]!;
      assert.match(
        secret.message,
        /^'apiKey' holds a literal credential as the default of '\$?\$\{OPENAI_KEY:?[-=]…\}'/,
      );
      assert.match(secret.message, /'valueFromEnv: OPENAI_KEY'/);
      assert.equal(secret.data?.suggestion, 'OPENAI_KEY');
      noLeak(JSON.stringify(diagnostics), KEY.slice(8));
    });
  }

  it('the move puts the default in a new .env as OPENAI_KEY and writes valueFromEnv: OPENAI_KEY; nothing is left', () => {
    const text = inValue(`\${OPENAI_KEY:-${KEY}}`);
    const dotenv = { text: undefined };
    const { actions } = actionsFor(text, 'literal-secret', { dotenv });
    const a = actions.find((x) => x.isPreferred);
    assert.ok(a, actions.map((x) => x.title).join(' | '));
    assert.equal(
      a.title,
      "Move the default (the credential) to a new .env file as OPENAI_KEY ('valueFromEnv: OPENAI_KEY')",
    );
    const r = apply(text, a, dotenv);
    assert.equal(r.env, `OPENAI_KEY=${KEY}\n`);
    assert.equal(
      r.text,
      `${H}  llm:\n    provider: vendor_a\n    apiKey:\n      valueFromEnv: OPENAI_KEY  # from docker-compose\n`,
    );
    assert.deepEqual(r.after, []);
  });

  it('an existing .env is appended to (CRLF kept); the same value already there is used, not written twice', () => {
    const text = inValue(`\${OPENAI_KEY-${KEY}}`);
    const dotenv = { text: '# local\r\nDB_PASSWORD=x\r\n' };
    const a = actionsFor(text, 'literal-secret', { dotenv }).actions[0]!;
    assert.equal(apply(text, a, dotenv).env, `# local\r\nDB_PASSWORD=x\r\nOPENAI_KEY=${KEY}\r\n`);
    const same = { text: `OPENAI_KEY=${KEY}\n` };
    const b = actionsFor(text, 'literal-secret', { dotenv: same }).actions[0]!;
    assert.equal(b.title, "Use OPENAI_KEY from .env (same value) instead of the default ('valueFromEnv: OPENAI_KEY')");
    assert.equal(b.dotenv, undefined);
    assert.deepEqual(apply(text, b, same).after, []);
  });

  it('a different value for OPENAI_KEY in .env is never overwritten: OPENAI_KEY_2, said, not preferred', () => {
    const text = inValue(`\${OPENAI_KEY:-${KEY}}`);
    const dotenv = { text: `OPENAI_KEY=${OTHER}\n` };
    const { actions } = actionsFor(text, 'literal-secret', { dotenv });
    assert.equal(actions.length, 1);
    const a = actions[0]!;
    assert.ok(!a.isPreferred);
    assert.equal(
      a.title,
      "Move the default (the credential) to .env as OPENAI_KEY_2 ('valueFromEnv: OPENAI_KEY_2') (.env gives OPENAI_KEY another value, kept; the file then reads OPENAI_KEY_2, not OPENAI_KEY)",
    );
    const r = apply(text, a, dotenv);
    assert.equal(r.env, `OPENAI_KEY=${OTHER}\nOPENAI_KEY_2=${KEY}\n`);
    assert.match(r.text, /valueFromEnv: OPENAI_KEY_2 {2}# from docker-compose/);
  });

  it('OPENAI_KEY set in the environment, or read elsewhere in the file, is still the name (the expression reads it first)', () => {
    const text = `${H}  llm:\n    provider: vendor_a\n    apiKey: {value: "\${OPENAI_KEY:-${KEY}}"}\n  aiPrimitivesLlm:\n    provider: vendor_a\n    apiKey: {valueFromEnv: OPENAI_KEY}\n`;
    const { doc, diagnostics } = analyzed(text);
    const d = diagnostics.find((x) => x.code === 'literal-secret')!;
    const env = {
      names: () => ['OPENAI_KEY'],
      isDefined: (n: string) => n === 'OPENAI_KEY',
      sourceOf: () => 'environment',
    };
    const ctx: ServiceContext = { dotenv: { text: '' }, env };
    const a = getCodeActions(doc, diagnostics, d, ctx).find((x) => x.diagnostic === d && x.isPreferred);
    assert.ok(a);
    assert.match(a.title, /as OPENAI_KEY \('valueFromEnv: OPENAI_KEY'\)$/);
  });

  it('two uses of the same default share the one variable', () => {
    const expr = `\${OPENAI_KEY:-${KEY}}`;
    const text = `${H}  llm:\n    provider: vendor_a\n    apiKey: {value: "${expr}"}\n  aiPrimitivesLlm:\n    provider: vendor_a\n    apiKey: {value: "${expr}"}\n`;
    const { doc, diagnostics } = analyzed(text);
    const found = diagnostics.filter((x) => x.code === 'literal-secret');
    assert.equal(found.length, 2);
    const titles = found.map(
      (d) => getCodeActions(doc, diagnostics, d, { dotenv: { text: undefined } }).find((a) => a.isPreferred)?.title,
    );
    assert.deepEqual(titles, [
      "Move the default (the credential) to a new .env file as OPENAI_KEY ('valueFromEnv: OPENAI_KEY')",
      "Move the default (the credential) to a new .env file as OPENAI_KEY ('valueFromEnv: OPENAI_KEY')",
    ]);
  });

  it('apiKey: "${OPENAI_KEY:-…}" where the EnvironmentValue belongs: an error, fixed to { valueFromEnv: OPENAI_KEY }', () => {
    for (const [language, text, want] of [
      [
        'yaml',
        `${H}  llm:\n    provider: vendor_a\n    apiKey: "\${OPENAI_KEY:-${PASSWORD}}"\n`,
        `${H}  llm:\n    provider: vendor_a\n    apiKey: { valueFromEnv: OPENAI_KEY }\n`,
      ],
      [
        'json',
        `{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "vendor_a", "apiKey": "\${OPENAI_KEY:-${PASSWORD}}"}}}\n`,
        `{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "vendor_a", "apiKey": { "valueFromEnv": "OPENAI_KEY" }}}}\n`,
      ],
    ] as const) {
      const { d, actions } = actionsFor(text, 'literal-secret', { dotenv: { text: undefined } }, language);
      assert.equal(d.severity, 'error');
      assert.match(d.message, /shell-style default \('\$\{OPENAI_KEY:-…\}'\).*'valueFromEnv: OPENAI_KEY'/);
      noLeak(d.message, PASSWORD);
      const a = actions.find((x) => x.isPreferred)!;
      const r = apply(text, a, { text: undefined }, language);
      assert.equal(r.text, want);
      assert.equal(r.env, `OPENAI_KEY=${PASSWORD}\n`);
      assert.deepEqual(r.after, []);
    }
  });

  it('valueFromEnv: ${OPENAI_KEY:-sk-…}: the credential goes to .env as OPENAI_KEY, the name stays', () => {
    const text = `${H}  llm:\n    provider: vendor_a\n    apiKey:\n      valueFromEnv: \${OPENAI_KEY:-${KEY}}\n`;
    const { d, actions } = actionsFor(text, 'literal-secret', { dotenv: { text: undefined } });
    assert.match(d.message, /whose default looks like the credential itself \(not shown\).*'OPENAI_KEY'\.$/);
    const a = actions.find((x) => x.isPreferred)!;
    assert.match(a.title, /^Move the default \(the credential\) to a new \.env file as OPENAI_KEY/);
    const r = apply(text, a, { text: undefined });
    assert.equal(r.text, `${H}  llm:\n    provider: vendor_a\n    apiKey:\n      valueFromEnv: OPENAI_KEY\n`);
    assert.equal(r.env, `OPENAI_KEY=${KEY}\n`);
    assert.deepEqual(r.after, []);
  });

  it('valueFromEnv: ${DB_PASSWORD:-<a made-up password>}: no variable is named that; a credential, masked and moved', () => {
    const text = `${H}  llm:\n    provider: vendor_a\n    apiKey: {valueFromEnv: "\${OPENAI_KEY:-${PASSWORD}}"}\n`;
    const { doc, diagnostics } = analyzed(text);
    assert.deepEqual(
      diagnostics.map((d) => `${d.severity} ${d.code}`),
      ['error literal-secret'],
    );
    const masked = secretRanges(doc).map((r) => text.slice(r.offset, r.offset + r.length));
    assert.ok(masked.includes(PASSWORD), JSON.stringify(masked.length));
    const a = actionsFor(text, 'literal-secret', { dotenv: { text: '' } }).actions.find((x) => x.isPreferred)!;
    const r = apply(text, a, { text: '' });
    assert.equal(r.text, `${H}  llm:\n    provider: vendor_a\n    apiKey: {valueFromEnv: OPENAI_KEY}\n`);
    assert.equal(r.env, `OPENAI_KEY=${PASSWORD}\n`);
    // A default shaped like a variable's name is a name: the pasted expression's warning, shown.
    const named = `${H}  llm:\n    provider: vendor_a\n    apiKey: {valueFromEnv: "\${OPENAI_KEY:-FALLBACK_KEY}"}\n`;
    const parsed = analyzed(named);
    assert.deepEqual(
      parsed.diagnostics.map((d) => d.code),
      ['invalid-env-name'],
    );
    assert.deepEqual(secretRanges(parsed.doc), []);
  });

  it('no credential: an empty default or one that names a variable is only value-not-expanded', () => {
    for (const expr of ['${OPENAI_KEY:-}', '${OPENAI_KEY:-$FALLBACK_KEY}']) {
      assert.deepEqual(
        analyzed(inValue(expr)).diagnostics.map((d) => d.code),
        ['value-not-expanded'],
        expr,
      );
    }
  });

  it('the default is masked as a literal key: alone in a message, and where the file holds it again', () => {
    const text = `${H}  # the old fallback was ${PASSWORD}\n  llm:\n    provider: vendor_a\n    apiKey:\n      value: \${DB_PASSWORD:-${PASSWORD}}\n`;
    const doc = analyzed(text).doc;
    const masked = secretRanges(doc).map((r) => text.slice(r.offset, r.offset + r.length));
    assert.equal(masked.filter((m) => m === PASSWORD).length, 2, 'the default and its copy in the comment');
    const mask = messageMasker(doc);
    noLeak(mask(`a message that quotes '${PASSWORD}' alone`), PASSWORD);
    noLeak(mask(`or the whole \${DB_PASSWORD:-${PASSWORD}}`), PASSWORD);
    assert.equal(mask("the name 'DB_PASSWORD' stays"), "the name 'DB_PASSWORD' stays");
  });
});
