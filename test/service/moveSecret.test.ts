// Moving a secret never loses it (issue 12, item 2): the literal goes into the workspace .env
// (created when missing, appended to, an existing different value never overwritten) under a name
// no other secret uses; without a reachable .env no fix takes the literal out of the file. Each fix
// is applied to both files and the result re-validated against the new .env.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, DEFAULT_OPTIONS } from '../../server/src/service';
import type { CodeActionEntry, Diagnostic, DotenvFile, ServiceContext } from '../../server/src/service';
import { applyEdits, getCodeActions } from '../../server/src/service/codeActions';
import { dotenvLine, parseDotenv } from '../../server/src/service/dotenv';
import type { Language } from '../../server/src/parser';
import { fakeApiKey } from '../helpers';

const HEAD = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
// Fake keys made at run time (never a literal secret in the repository), shaped like a live key.
const SECRET = ['sk', 'live', fakeApiKey(1001).slice(3, 19)].join('-');
const OTHER = ['sk', 'live', fakeApiKey(1002).slice(3, 19)].join('-');

function fixesFor(
  text: string,
  code: string,
  ctx: ServiceContext,
  language: Language = 'yaml',
  nth = 0,
): { d: Diagnostic; actions: CodeActionEntry[] } {
  const { doc, diagnostics } = analyze(text, language);
  const d = diagnostics.filter((x) => x.code === code)[nth];
  assert.ok(d, `${code} #${nth} in ${diagnostics.map((x) => x.code).join(', ')}`);
  return { d, actions: getCodeActions(doc, diagnostics, d, ctx).filter((a) => a.diagnostic === d) };
}

/** Applies an action to the document and the .env; re-validates with the new .env's names. */
function apply(
  text: string,
  a: CodeActionEntry,
  dotenv: DotenvFile | undefined,
  language: Language = 'yaml',
): { text: string; env: string | undefined; after: Diagnostic[] } {
  const out = applyEdits(text, a.edits);
  let env = dotenv?.text;
  if (a.dotenv) {
    assert.ok(dotenv, 'a .env edit only when a .env was given');
    assert.equal(a.dotenv.create, dotenv.text === undefined, 'create exactly when the file is missing');
    env = applyEdits(dotenv.text ?? '', a.dotenv.edits);
  }
  const names = parseDotenv(env ?? '');
  const after = analyze(out, language, { ...DEFAULT_OPTIONS, env: { isDefined: (n) => names.has(n) } }).diagnostics;
  return { text: out, env, after };
}

const vendorA = (value: string): string =>
  `${HEAD}  llm:\n    provider: vendor_a\n    apiKey:\n      value: ${value}\n`;

describe('moving a literal secret into .env', () => {
  it('creates .env when missing; the reference finds the value there; the title says so', () => {
    const dotenv = { text: undefined };
    const { actions } = fixesFor(vendorA(SECRET), 'literal-secret', { dotenv });
    assert.equal(actions.length, 1);
    const a = actions[0]!;
    assert.equal(a.title, "Move the secret to a new .env file as VENDOR_A_API_KEY ('valueFromEnv: VENDOR_A_API_KEY')");
    assert.ok(a.isPreferred);
    assert.ok(!a.title.includes(SECRET));
    const r = apply(vendorA(SECRET), a, dotenv);
    assert.equal(r.env, `VENDOR_A_API_KEY=${SECRET}\n`);
    assert.match(r.text, /valueFromEnv: VENDOR_A_API_KEY\n/);
    assert.ok(!r.text.includes(SECRET));
    assert.deepEqual(r.after, []);
  });

  it('appends to an existing .env (its line ending kept, a missing final newline added), never rewriting other lines', () => {
    const dotenv = { text: '# local secrets\r\nDB_PASSWORD=x' };
    const { actions } = fixesFor(vendorA(SECRET), 'literal-secret', { dotenv });
    const r = apply(vendorA(SECRET), actions[0]!, dotenv);
    assert.equal(r.env, `# local secrets\r\nDB_PASSWORD=x\r\nVENDOR_A_API_KEY=${SECRET}\r\n`);
    assert.match(actions[0]!.title, /^Move the secret to \.env as VENDOR_A_API_KEY/);
  });

  it('never overwrites a different value: the next free name is used', () => {
    const dotenv = { text: `VENDOR_A_API_KEY=${OTHER}\n` };
    const { actions } = fixesFor(vendorA(SECRET), 'literal-secret', { dotenv });
    const r = apply(vendorA(SECRET), actions[0]!, dotenv);
    assert.equal(r.env, `VENDOR_A_API_KEY=${OTHER}\nVENDOR_A_API_KEY_2=${SECRET}\n`);
    assert.match(r.text, /valueFromEnv: VENDOR_A_API_KEY_2/);
    assert.deepEqual(r.after, []);
  });

  it('a name set in the environment (value unknown) or already read by the document is not reused', () => {
    const dotenv = { text: '' };
    const env = {
      names: () => ['VENDOR_A_API_KEY'],
      isDefined: (n: string) => n === 'VENDOR_A_API_KEY',
      sourceOf: () => 'environment',
    };
    assert.match(
      fixesFor(vendorA(SECRET), 'literal-secret', { dotenv, env }).actions[0]!.title,
      /as VENDOR_A_API_KEY_2 /,
    );
    const used = `${HEAD}  llm:\n    provider: vendor_a\n    apiKey:\n      value: ${SECRET}\n    fallback:\n      provider: vendor_a\n      apiKey: { valueFromEnv: VENDOR_A_API_KEY }\n`;
    assert.match(fixesFor(used, 'literal-secret', { dotenv }).actions[0]!.title, /as VENDOR_A_API_KEY_2 /);
  });

  it('the same value already in .env is reused without writing', () => {
    const dotenv = { text: `VENDOR_A_API_KEY=${SECRET}\n` };
    const { actions } = fixesFor(vendorA(SECRET), 'literal-secret', { dotenv });
    assert.equal(actions[0]!.dotenv, undefined);
    assert.match(actions[0]!.title, /^Use VENDOR_A_API_KEY from \.env \(same value\)/);
    assert.deepEqual(apply(vendorA(SECRET), actions[0]!, dotenv).after, []);
  });

  it('two different secrets of one file get two variables; the same secret twice shares one', () => {
    const two = (fb: string): string =>
      `${HEAD}  llm:\n    provider: vendor_a\n    apiKey: { value: ${SECRET} }\n    fallback:\n      provider: vendor_a\n      apiKey: { value: ${fb} }\n`;
    const dotenv = { text: '' };
    const names = (text: string): string[] =>
      [0, 1].map(
        (i) => /as (\w+)/.exec(fixesFor(text, 'literal-secret', { dotenv }, 'yaml', i).actions[0]!.title)![1]!,
      );
    assert.deepEqual(names(two(OTHER)), ['VENDOR_A_API_KEY', 'VENDOR_A_API_KEY_2']);
    assert.deepEqual(names(two(SECRET)), ['VENDOR_A_API_KEY', 'VENDOR_A_API_KEY']);
    // Applied one after the other, the second sees the first in .env and both secrets survive.
    let text = two(OTHER);
    let env: string | undefined = '';
    for (let i = 0; i < 2; i++) {
      const r = apply(text, fixesFor(text, 'literal-secret', { dotenv: { text: env } }).actions[0]!, { text: env });
      text = r.text;
      env = r.env;
    }
    assert.deepEqual(Object.fromEntries(parseDotenv(env ?? '')), {
      VENDOR_A_API_KEY: SECRET,
      VENDOR_A_API_KEY_2: OTHER,
    });
    assert.deepEqual(analyze(text, 'yaml').diagnostics, []);
  });

  it('a plain string where an EnvironmentValue belongs is a literal secret with the same fix (YAML and JSON)', () => {
    const yaml = `${HEAD}  llm:\n    provider: cloud_c\n    modelId: m\n    regionName: r\n    cloudAccessKeyId: { valueFromEnv: CLOUD_C_ACCESS_KEY_ID }\n    cloudSecretAccessKey: ${SECRET} # from the console\n`;
    const found = analyze(yaml, 'yaml').diagnostics;
    assert.deepEqual(
      found.map((d) => `${d.severity} ${d.code}`),
      ['error literal-secret'],
    );
    const dotenv = { text: 'CLOUD_C_ACCESS_KEY_ID=a\n' };
    const r = apply(yaml, fixesFor(yaml, 'literal-secret', { dotenv }).actions[0]!, dotenv);
    assert.match(r.text, /cloudSecretAccessKey: \{ valueFromEnv: CLOUD_C_SECRET_ACCESS_KEY \} # from the console\n/);
    assert.deepEqual(r.after, []);
    const json = JSON.stringify(
      { kind: 'AssistantConfig', version: 'v2', definition: { llm: { provider: 'vendor_b', apiKey: SECRET } } },
      null,
      2,
    );
    const rj = apply(
      json,
      fixesFor(json, 'literal-secret', { dotenv: { text: undefined } }, 'json').actions[0]!,
      { text: undefined },
      'json',
    );
    assert.deepEqual(JSON.parse(rj.text).definition.llm.apiKey, { valueFromEnv: 'VENDOR_B_API_KEY' });
    assert.equal(parseDotenv(rj.env ?? '').get('VENDOR_B_API_KEY'), SECRET);
  });

  it('a block-scalar secret (a service-account JSON) round-trips through .env exactly', () => {
    const key =
      '{\n  "type": "service_account",\n  "private_key": "-----BEGIN KEY-----\\nabc\\n-----END KEY-----\\n"\n}\n';
    const text = `${HEAD}  llm:\n    provider: cloud_b\n    modelId: m\n    cloudProject: p\n    cloudLocation: l\n    cloudServiceAccountKeyJson:\n      value: |\n${key
      .split('\n')
      .filter(Boolean)
      .map((l) => `        ${l}`)
      .join('\n')}\n`;
    const r = apply(text, fixesFor(text, 'literal-secret', { dotenv: { text: undefined } }).actions[0]!, {
      text: undefined,
    });
    assert.equal(parseDotenv(r.env ?? '').get('CLOUD_B_SERVICE_ACCOUNT_KEY_JSON'), key);
    assert.deepEqual(r.after, []);
    for (const v of ['a b', 'x#y', '"q"', 'a\\nb', ''])
      assert.equal(parseDotenv(dotenvLine('N', v) ?? '').get('N'), v, v);
    assert.equal(dotenvLine('N', "it's"), undefined);
  });

  it('warns in the title when git does not ignore .env', () => {
    const { actions } = fixesFor(vendorA(SECRET), 'literal-secret', { dotenv: { text: '', gitIgnored: false } });
    assert.match(actions[0]!.title, /git does not ignore \.env/);
    assert.doesNotMatch(
      fixesFor(vendorA(SECRET), 'literal-secret', { dotenv: { text: '', gitIgnored: true } }).actions[0]!.title,
      /ignore/,
    );
  });

  it('a .env that git tracks: the title says so (rotate, git rm --cached) and the move is not preferred (REVIEW7 J8)', () => {
    const tracked = { dotenv: { text: 'OTHER=1\n', gitIgnored: false, gitTracked: true } };
    const move = fixesFor(vendorA(SECRET), 'literal-secret', tracked).actions[0]!;
    assert.match(move.title, /^Move the secret to \.env as /);
    assert.match(move.title, /git tracks \.env/);
    assert.match(move.title, /rotate/);
    assert.match(move.title, /git rm --cached \.env/);
    assert.ok(!move.title.includes(SECRET), 'the secret never appears in a title');
    assert.notEqual(move.isPreferred, true);
    // Only ignored-but-untracked keeps the move preferred, with the milder note.
    const untracked = fixesFor(vendorA(SECRET), 'literal-secret', { dotenv: { text: '', gitIgnored: false } })
      .actions[0]!;
    assert.equal(untracked.isPreferred, true);
    assert.doesNotMatch(untracked.title, /tracks/);
  });
});

describe('no fix loses a secret where .env cannot be reached', () => {
  it('without a .env, literal-secret offers nothing', () => {
    assert.deepEqual(fixesFor(vendorA(SECRET), 'literal-secret', {}).actions, []);
  });

  it('value beside valueFromEnv: the literal is removed only when .env holds it (or gets it)', () => {
    const both = `${HEAD}  llm:\n    provider: vendor_a\n    apiKey:\n      value: ${SECRET}\n      valueFromEnv: VENDOR_A_API_KEY\n`;
    const titles = (ctx: ServiceContext): string[] =>
      fixesFor(both, 'env-value-conflict', ctx).actions.map((a) => a.title);
    assert.deepEqual(titles({}), ["Keep 'value' (remove 'valueFromEnv')"]);
    assert.deepEqual(titles({ dotenv: { text: `VENDOR_A_API_KEY=${OTHER}\n` } }), [
      "Keep 'value' (remove 'valueFromEnv')",
    ]);
    assert.deepEqual(titles({ dotenv: { text: `VENDOR_A_API_KEY=${SECRET}\n` } }), [
      "Keep 'valueFromEnv' (remove 'value')",
      "Keep 'value' (remove 'valueFromEnv')",
    ]);
    const dotenv = { text: 'A=1\n' };
    const move = fixesFor(both, 'env-value-conflict', { dotenv }).actions[0]!;
    assert.equal(move.title, "Keep 'valueFromEnv' (move the literal 'value' to .env as VENDOR_A_API_KEY)");
    const r = apply(both, move, dotenv);
    assert.equal(parseDotenv(r.env ?? '').get('VENDOR_A_API_KEY'), SECRET);
    assert.deepEqual(r.after, []);
    assert.deepEqual(fixesFor(both, 'literal-secret', {}).actions, []);
  });
});

// REVIEW2 E11: `apiKey: $VENDOR_KEY` or `${VENDOR_KEY}` names a variable; moving that name into .env
// as the secret would make the config look done with the name as the key. (A bare VENDOR_C_API_KEY
// is a name only when that variable is set, REVIEW7 J4: test/service/bareEnvName.test.ts.)
describe('a variable reference written where an EnvironmentValue belongs is no credential', () => {
  const dotenv: DotenvFile = { text: `VENDOR_KEY=${['sk', 'real', 'key', fakeApiKey(1003).slice(3, 18)].join('-')}\n` };
  for (const [written, name] of [
    ['$VENDOR_KEY', 'VENDOR_KEY'],
    ['${VENDOR_KEY}', 'VENDOR_KEY'],
    ['"$VENDOR_KEY"', 'VENDOR_KEY'],
  ] as const) {
    it(`apiKey: ${written} → invalid-type, fixed as { valueFromEnv: ${name} }, nothing written to .env`, () => {
      const text = `${HEAD}  llm:\n    provider: vendor_a\n    apiKey: ${written}\n`;
      const { diagnostics } = analyze(text, 'yaml');
      assert.deepEqual(
        diagnostics.map((d) => d.code),
        ['invalid-type'],
      );
      assert.match(diagnostics[0]!.message, new RegExp(`write 'apiKey: \\{ valueFromEnv: ${name} \\}'`));
      const { actions } = fixesFor(text, 'invalid-type', { dotenv });
      assert.ok(
        actions.every((a) => !a.dotenv),
        'no action writes the name into .env',
      );
      const preferred = actions.filter((a) => a.isPreferred);
      assert.equal(preferred.length, 1);
      const r = apply(text, preferred[0]!, dotenv);
      assert.equal(r.text, `${HEAD}  llm:\n    provider: vendor_a\n    apiKey: { valueFromEnv: ${name} }\n`);
      assert.deepEqual(
        r.after.filter((d) => d.severity === 'error'),
        [],
      );
    });
  }
  for (const secret of [SECRET, 'AKIAIOSFODNN7EXAMPLE', 'Xk9_qA2_mZ7_Lp4_Rt8_Wv3', 'hunter2hunter2']) {
    it(`apiKey: ${secret.slice(0, 4)}… is still a literal credential`, () => {
      const text = `${HEAD}  llm:\n    provider: vendor_a\n    apiKey: ${secret}\n`;
      const { diagnostics } = analyze(text, 'yaml');
      assert.deepEqual(
        diagnostics.map((d) => d.code),
        ['literal-secret'],
      );
    });
  }
  it('valueFromEnv: $VENDOR_KEY → a warning naming the bare name, and the fix writes it (REVIEW2 E13)', () => {
    for (const written of ['$VENDOR_KEY', '${VENDOR_KEY}']) {
      const text = `${HEAD}  llm:\n    provider: vendor_a\n    apiKey:\n      valueFromEnv: ${written}\n`;
      const { diagnostics } = analyze(text, 'yaml', { ...DEFAULT_OPTIONS, env: { isDefined: () => false } });
      assert.deepEqual(
        diagnostics.map((d) => [d.code, d.severity]),
        [['invalid-env-name', 'warning']],
      );
      assert.match(diagnostics[0]!.message, /did you mean 'VENDOR_KEY'\?/);
      const { actions } = fixesFor(text, 'invalid-env-name', {});
      const r = apply(
        text,
        actions.find((a) => a.isPreferred)!,
        undefined,
      );
      assert.equal(r.text, `${HEAD}  llm:\n    provider: vendor_a\n    apiKey:\n      valueFromEnv: VENDOR_KEY\n`);
    }
  });
});

describe('REVIEW8 K15: a move into a .env git does not ignore also adds .env to .gitignore', () => {
  const exposed = (gitignore: string | undefined, env = 'OTHER=1\n'): DotenvFile => ({
    text: env,
    gitIgnored: false,
    gitignore: { text: gitignore },
  });
  const shapes: [string, string, string][] = [
    // The literal beside valueFromEnv (literal-secret and env-value-conflict both move it).
    [
      'literal-secret',
      `${HEAD}  llm:\n    provider: vendor_a\n    apiKey: {value: ${SECRET}, valueFromEnv: VENDOR_A_API_KEY}\n`,
      "Move the literal 'value' to .env as VENDOR_A_API_KEY and keep 'valueFromEnv'",
    ],
    [
      'env-value-conflict',
      `${HEAD}  llm:\n    provider: vendor_a\n    apiKey: {value: ${SECRET}, valueFromEnv: VENDOR_A_API_KEY}\n`,
      "Keep 'valueFromEnv' (move the literal 'value' to .env as VENDOR_A_API_KEY)",
    ],
    // The credential pasted as the variable's name.
    [
      'literal-secret',
      `${HEAD}  llm:\n    provider: vendor_a\n    apiKey: {valueFromEnv: ${SECRET}}\n`,
      "Move the credential to .env as VENDOR_A_API_KEY and name it here ('valueFromEnv: VENDOR_A_API_KEY')",
    ],
    [
      'literal-secret',
      vendorA(SECRET),
      "Move the secret to .env as VENDOR_A_API_KEY ('valueFromEnv: VENDOR_A_API_KEY')",
    ],
  ];
  for (const [code, text, title] of shapes)
    it(`${code}: ${title}`, () => {
      const dotenv = exposed('dist\r\n*.log');
      const { actions } = fixesFor(text, code, { dotenv });
      const moving = actions.filter((a) => a.title.startsWith(title));
      assert.deepEqual(
        moving.map((a) => [a.title.slice(title.length), a.isPreferred === true]),
        [
          [" and add '.env' to .gitignore (git does not ignore .env yet)", true],
          [' (note: git does not ignore .env)', false],
        ],
      );
      const [withIgnore, plain] = moving as [CodeActionEntry, CodeActionEntry];
      assert.deepEqual(withIgnore.gitignore, {
        create: false,
        edits: [{ offset: 'dist\r\n*.log'.length, length: 0, newText: '\r\n.env\r\n' }],
      });
      assert.equal(plain.gitignore, undefined);
      // Both keep the secret: the same .env edit and document edits.
      assert.deepEqual(plain.dotenv, withIgnore.dotenv);
      assert.deepEqual(plain.edits, withIgnore.edits);
      assert.equal(apply(text, withIgnore, dotenv).env, `OTHER=1\nVENDOR_A_API_KEY=${SECRET}\n`);
    });

  it('JSON: the same two fixes; a missing .gitignore is created', () => {
    const json = `{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "vendor_a", "apiKey": {"value": "${SECRET}"}}}}`;
    const { actions } = fixesFor(json, 'literal-secret', { dotenv: exposed(undefined, undefined) }, 'json');
    assert.equal(actions[0]!.isPreferred, true);
    assert.deepEqual(actions[0]!.gitignore, { create: true, edits: [{ offset: 0, length: 0, newText: '.env\n' }] });
    assert.equal(actions[1]!.gitignore, undefined);
  });

  it('no variant when .gitignore already ends by ignoring .env, or when git ignores or tracks .env', () => {
    for (const gitignore of ['.env\n', '!.env\n**/.env\n', '  .env  ']) {
      const { actions } = fixesFor(vendorA(SECRET), 'literal-secret', { dotenv: exposed(gitignore) });
      assert.deepEqual(
        actions.filter((a) => a.title.startsWith('Move')).map((a) => a.gitignore === undefined),
        [true],
        gitignore,
      );
    }
    const negated = fixesFor(vendorA(SECRET), 'literal-secret', { dotenv: exposed('.env\n!.env') });
    assert.ok(negated.actions[0]!.gitignore, 'a .gitignore that takes .env back gets the line again');
    for (const dotenv of [
      { text: '', gitIgnored: true, gitignore: { text: '' } },
      { text: '', gitIgnored: false, gitTracked: true, gitignore: { text: '' } },
      { text: '', gitIgnored: false },
    ]) {
      const { actions } = fixesFor(vendorA(SECRET), 'literal-secret', { dotenv });
      assert.equal(actions.filter((a) => a.gitignore).length, 0, JSON.stringify(dotenv));
    }
  });
});
