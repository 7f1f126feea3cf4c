// Verdicts that agree with the spec (issue 12): empty required strings, misspelt structural keys,
// duplicate keys (the last occurrence is read), secret names, aliased nodes checked in every
// context, JSON comments and trailing commas, YAML merge keys, and honest warnings. Each finding's
// fix is applied and the result re-validated.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, DEFAULT_OPTIONS, doHover } from '../../server/src/service';
import type { Diagnostic, ValidationOptions } from '../../server/src/service';
import { applyEdits, getCodeActions } from '../../server/src/service/codeActions';
import type { Language } from '../../server/src/parser';
import { definition, unionOf } from '../../server/src/model/schema';

const HEAD = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';

function diags(text: string, language: Language = 'yaml', options: ValidationOptions = DEFAULT_OPTIONS): Diagnostic[] {
  return analyze(text, language, options).diagnostics;
}

const summary = (ds: Diagnostic[], text: string): string[] =>
  ds.map((d) => `${d.code} ${JSON.stringify(text.slice(d.offset, d.offset + d.length))}`);

/** Applies the preferred fix of the one diagnostic with `code`, and returns the fixed text. */
function applyPreferred(text: string, code: string, language: Language = 'yaml'): string {
  const { doc, diagnostics } = analyze(text, language);
  const d = diagnostics.find((x) => x.code === code);
  assert.ok(d, `a ${code} diagnostic in ${JSON.stringify(text)}: ${summary(diagnostics, text).join(', ')}`);
  const preferred = getCodeActions(doc, diagnostics, d).filter((a) => a.diagnostic === d && a.isPreferred);
  assert.equal(preferred.length, 1, `one preferred fix for ${code}`);
  return applyEdits(text, preferred[0]!.edits);
}

describe('empty required strings', () => {
  it('an empty or blank required identifier gets its own diagnostic; an optional one a blank-string warning (REVIEW5 H12)', () => {
    const text = `${HEAD}  llm:\n    provider: cloud_c\n    modelId: ""\n    regionName: "  "\n    cloudAccessKeyId: { valueFromEnv: A }\n    cloudSecretAccessKey: { valueFromEnv: B }\n  aiPrimitivesLlm:\n    provider: vendor_a\n    model: ""\n    apiKey: { valueFromEnv: C }\n`;
    assert.deepEqual(summary(diags(text), text), [
      'empty-required "\\"\\""',
      'empty-required "\\"  \\""',
      'blank-string "\\"\\""',
    ]);
  });

  it('in JSON, in a fixed-schema table, and the `<field>` placeholder of the snippets', () => {
    const text =
      '{"kind":"AssistantConfig","version":"v2","definition":{"llm":{"provider":"cloud_a","endpoint":"","apiKey":{"valueFromEnv":"K"}},"schemaSelector":{"type":"fixed","tables":[{"schemaName":"<schemaName>","tableName":" ","columns":[]}]}}}';
    const found = diags(text, 'json');
    assert.deepEqual(
      found.map((d) => d.code),
      ['empty-required', 'empty-required', 'empty-required'],
    );
    assert.match(found[1]!.message, /still the placeholder '<schemaName>'/);
  });

  it('a snippet inserted as text by an editor without snippets (`${1:<modelId>}`) is reported until filled (REVIEW5 H4)', () => {
    // The reviewer's file: cloud_b's snippet written literally.
    const text = `${HEAD}  llm:\n    provider: cloud_b\n    modelId: \${1:<modelId>}\n    cloudProject: \${2:<cloudProject>}\n    cloudLocation: "\${3}"\n    cloudServiceAccountKeyJson:\n      valueFromEnv: \${4:CLOUD_B_SERVICE_ACCOUNT_KEY_JSON}\n`;
    const found = diags(text);
    assert.deepEqual(summary(found, text), [
      'empty-required "${1:<modelId>}"',
      'empty-required "${2:<cloudProject>}"',
      'empty-required "\\"${3}\\""',
      'invalid-env-name "${4:CLOUD_B_SERVICE_ACCOUNT_KEY_JSON}"',
    ]);
    assert.match(
      found[0]!.message,
      /'modelId' of provider 'cloud_b' is required and is still the snippet's placeholder '\$\{1:<modelId>\}'/,
    );
    assert.equal(found[3]!.severity, 'error');
    assert.match(found[3]!.message, /did you mean 'CLOUD_B_SERVICE_ACCOUNT_KEY_JSON'\?/);
    // The name's fix (also `lint --fix`: lossless) keeps the snippet's name; the placeholders stay reported.
    const fixed = applyPreferred(text, 'invalid-env-name');
    assert.match(fixed, /\n {6}valueFromEnv: CLOUD_B_SERVICE_ACCOUNT_KEY_JSON\n/);
    assert.deepEqual(
      diags(fixed).map((d) => d.code),
      ['empty-required', 'empty-required', 'empty-required'],
    );
    // A value that merely holds a `$` (a model id, a secret name of a store) is no snippet.
    const plain = `${HEAD}  llm:\n    provider: cloud_b\n    modelId: m$1x\n    cloudProject: p\n    cloudLocation: l\n    cloudServiceAccountKeyJson:\n      valueFromEnv: projects/p/secrets/k$1\n`;
    assert.deepEqual(summary(diags(plain), plain), []);
  });

  it('the fix that adds required fields leaves a diagnostic on each empty placeholder it inserts', () => {
    const text = `${HEAD}  llm:\n    provider: cloud_b\n`;
    const fixed = applyPreferred(text, 'missing-required');
    const after = diags(fixed);
    assert.deepEqual(
      after.map((d) => d.code),
      ['empty-required', 'empty-required', 'empty-required', 'empty-required'].slice(0, after.length),
    );
    assert.equal(after.filter((d) => d.code === 'empty-required').length, 3, fixed);
    assert.ok(!after.some((d) => d.code === 'missing-required'));
  });
});

describe('misspelt structural keys', () => {
  for (const [name, text, key, meant] of [
    ['provider', `${HEAD}  llm:\n    provder: hosted\n`, 'provder', 'provider'],
    [
      'definition',
      'kind: AssistantConfig\nversion: v2\ndefintion:\n  llm:\n    provider: hosted\n',
      'defintion',
      'definition',
    ],
    ['llm', `${HEAD}  lm:\n    provider: hosted\n`, 'lm', 'llm'],
    ['kind', 'knd: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hosted\n', 'knd', 'kind'],
    ['apiKey', `${HEAD}  llm:\n    provider: vendor_a\n    apiKy:\n      valueFromEnv: K\n`, 'apiKy', 'apiKey'],
  ] as const) {
    it(`'${key}' is one diagnostic on the key, whose preferred fix renames it to '${meant}'`, () => {
      const found = diags(text);
      assert.equal(found.length, 1, summary(found, text).join(', '));
      const d = found[0]!;
      assert.equal(d.code, 'unknown-property');
      assert.equal(text.slice(d.offset, d.offset + d.length), key);
      assert.match(d.message, new RegExp(`did you mean '${meant}'`));
      const { doc, diagnostics } = analyze(text, 'yaml');
      const actions = getCodeActions(doc, diagnostics, { offset: 0, length: text.length });
      // No fix anywhere adds a second copy of the key that is present under a misspelling.
      for (const a of actions) {
        const out = applyEdits(text, a.edits);
        assert.ok(
          !(new RegExp(`^\\s*${meant}:`, 'm').test(out) && new RegExp(`^\\s*${key}:`, 'm').test(out)),
          `"${a.title}" adds '${meant}' beside '${key}'`,
        );
      }
      const fixed = applyPreferred(text, 'unknown-property');
      assert.deepEqual(diags(fixed), [], name);
    });
  }
});

describe('duplicate keys: the last occurrence is read', () => {
  it('JSON: validation reads the last value, the diagnostic is on the ignored copy, a fix keeps the last (removes that copy)', () => {
    const text =
      '{"kind":"AssistantConfig","version":"v2","definition":{"llm":{"provider":"hosted"},"maxAssistantActions":"many","maxAssistantActions":5}}';
    const found = diags(text, 'json');
    assert.deepEqual(
      found.map((d) => d.code),
      ['duplicate-key'],
    );
    assert.equal(found[0]!.offset, text.indexOf('"maxAssistantActions"'));
    // The copies differ: keeping the last is offered, not preferred (the ignored copy may be the one meant: REVIEW6 I3).
    const { doc, diagnostics } = analyze(text, 'json');
    const removal = getCodeActions(doc, diagnostics, found[0]!).find((a) => /^Keep the last /.test(a.title));
    assert.ok(removal && !removal.isPreferred, removal?.title);
    const fixed = applyEdits(text, removal.edits);
    assert.deepEqual(JSON.parse(fixed).definition.maxAssistantActions, 5);
    assert.deepEqual(diags(fixed, 'json'), []);
  });

  it('YAML: the variant is the last provider; switching provider rewrites that one; hover says which is read', () => {
    const text = `${HEAD}  llm:\n    provider: vendor_a\n    provider: cloud_c\n    modelId: m\n    regionName: r\n    cloudAccessKeyId: { valueFromEnv: A }\n    cloudSecretAccessKey: { valueFromEnv: B }\n`;
    assert.deepEqual(
      diags(text).map((d) => d.code),
      ['duplicate-key'],
    );
    const { doc, diagnostics } = analyze(text, 'yaml');
    const first = text.indexOf('vendor_a');
    const switches = getCodeActions(doc, diagnostics, { offset: first, length: 0 }).filter(
      (a) => a.kind === 'refactor.rewrite',
    );
    assert.ok(!switches.some((a) => a.title.includes("to 'cloud_c'")), 'cloud_c is the variant in force');
    const toHosted = switches.find((a) => a.title.includes("'hosted'"));
    assert.ok(toHosted);
    const out = applyEdits(text, toHosted.edits);
    assert.match(out, /provider: vendor_a\n\s*provider: hosted/);
    const hover = doHover(doc, text.indexOf('provider'));
    assert.ok(hover);
    assert.match(hover.contents, /ignored/);
  });
});

describe('secret names', () => {
  const withName = (name: string): string =>
    `${HEAD}  llm:\n    provider: vendor_a\n    apiKey:\n      valueFromEnv: ${JSON.stringify(name)}\n`;
  it('ordinary secret names are not errors', () => {
    for (const name of ['vendor-a-api-key', 'projects/p/secrets/sa-key', 'VENDOR_A_API_KEY', '1PASSWORD_REF', 'a.b'])
      assert.deepEqual(diags(withName(name)), [], name);
  });
  it('a value that cannot name anything is an error', () => {
    for (const name of ['', '   ', 'A\u0001B', 'KEY\n'])
      assert.deepEqual(
        diags(withName(name)).map((d) => d.code),
        ['invalid-env-name'],
        JSON.stringify(name),
      );
  });
  it('where the environment lookup matters, a name a shell cannot export gets an information note', () => {
    const env = { isDefined: (n: string) => n === 'SET' };
    const found = diags(withName('vendor-a-api-key'), 'yaml', { ...DEFAULT_OPTIONS, env });
    assert.deepEqual(
      found.map((d) => `${d.severity} ${d.code}`),
      ['information env-not-set'],
    );
    assert.match(found[0]!.message, /shell cannot export/);
    assert.doesNotMatch(diags(withName('UNSET_NAME'), 'yaml', { ...DEFAULT_OPTIONS, env })[0]!.message, /shell/);
  });
  it('a variable read from a .env that git does not ignore gets one warning', () => {
    const env = { isDefined: () => true, exposedInDotenv: (n: string) => n.startsWith('K') };
    const text = `${HEAD}  llm:\n    provider: vendor_a\n    apiKey: { valueFromEnv: K1 }\n    fallback:\n      provider: vendor_a\n      apiKey: { valueFromEnv: K2 }\n`;
    assert.deepEqual(
      diags(text, 'yaml', { ...DEFAULT_OPTIONS, env }).map((d) => `${d.severity} ${d.code}`),
      ['warning dotenv-not-ignored'],
    );
    assert.deepEqual(
      diags(text, 'yaml', { ...DEFAULT_OPTIONS, env: { isDefined: () => true, exposedInDotenv: () => false } }),
      [],
    );
  });
});

describe('aliased nodes are checked in every context', () => {
  it('an EnvironmentValue whose anchor was first used elsewhere is checked where it is used as one', () => {
    for (const shared of ['{}', '{ value: x, valueFromEnv: Y }']) {
      const text = `${HEAD}  featureFlags:\n    shared: &k ${shared}\n  llm:\n    provider: vendor_a\n    apiKey: *k\n`;
      const found = diags(text).filter((d) => d.code === 'env-value-conflict');
      assert.equal(found.length, 1, `${shared}: ${summary(diags(text), text).join(', ')}`);
      assert.equal(text.slice(found[0]!.offset, found[0]!.offset + found[0]!.length), 'apiKey');
    }
  });
  it('a shared block reached from two contexts is checked in both, and an alias bomb stays bounded', () => {
    const text = `${HEAD}  llm: &l\n    provider: cloud_c\n    modelId: ""\n    regionName: r\n    cloudAccessKeyId: { valueFromEnv: A }\n    cloudSecretAccessKey: { valueFromEnv: B }\n  aiPrimitivesLlm: *l\n`;
    assert.deepEqual(
      diags(text).map((d) => d.code),
      ['empty-required'],
    );
    let bomb = `${HEAD}  featureFlags:\n    a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n`;
    for (let i = 1; i < 9; i++)
      bomb += `    a${i}: &a${i} [${Array(10)
        .fill(`*a${i - 1}`)
        .join(', ')}]\n`;
    bomb += '  llm: { provider: hosted }\n';
    assert.ok(
      diags(bomb, 'yaml', { ...DEFAULT_OPTIONS, maxAliasExpansion: 10_000 }).some((d) => d.code === 'resource-limit'),
    );
  });
});

describe('JSON with comments or trailing commas', () => {
  const text =
    '{\n  // the header\n  "kind": "AssistantConfig", /* v2 only */\n  "version": "v2",\n  "definition": { "llm": { "provider": "hosted", }, },\n}\n';
  it('each comment and trailing comma is an error', () => {
    assert.deepEqual(summary(diags(text, 'json'), text), [
      'json-not-strict "// the header"',
      'json-not-strict "/* v2 only */"',
      'json-not-strict ","',
      'json-not-strict ","',
      'json-not-strict ","',
    ]);
  });
  it('the fixes remove them, one by one, to strict JSON that keeps every value', () => {
    let cur = text;
    for (let i = 0; i < 5; i++) cur = applyPreferred(cur, 'json-not-strict', 'json');
    assert.deepEqual(diags(cur, 'json'), []);
    assert.deepEqual(JSON.parse(cur), {
      kind: 'AssistantConfig',
      version: 'v2',
      definition: { llm: { provider: 'hosted' } },
    });
    assert.equal(
      cur,
      '{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": { "llm": { "provider": "hosted" } }\n}\n',
    );
  });
  it('a comment marker inside a string is not a comment', () => {
    const t =
      '{"kind":"AssistantConfig","version":"v2","definition":{"llm":{"provider":"cloud_a","endpoint":"https://x.example/v1","apiKey":{"valueFromEnv":"K"}}}}';
    assert.deepEqual(diags(t, 'json'), []);
  });
});

describe('YAML merge keys are applied as YAML 1.1 loaders apply them', () => {
  it('merged keys count, own keys win, and the merged mapping is validated', () => {
    const text = `${HEAD}  llm: &base\n    provider: vendor_a\n    apiKey: { valueFromEnv: K }\n  aiPrimitivesLlm:\n    <<: *base\n    model: small\n  threadTitleGeneration:\n    enable: true\n    llm:\n      <<: [*base]\n      provider: vendor_c\n`;
    assert.deepEqual(diags(text), []);
  });
  it('a key merged in that the variant does not allow is reported on the `<<`', () => {
    const text = `${HEAD}  llm: &base\n    provider: vendor_a\n    apiKey: { valueFromEnv: K }\n  aiPrimitivesLlm:\n    <<: *base\n    provider: cloud_b\n    modelId: m\n    cloudProject: p\n    cloudLocation: l\n    cloudServiceAccountKeyJson: { valueFromEnv: J }\n`;
    assert.deepEqual(summary(diags(text), text), ['unknown-property "<<"']);
  });
  it('hover on `<<` says what it does', () => {
    const text = `${HEAD}  llm: &base\n    provider: hosted\n  aiPrimitivesLlm:\n    <<: *base\n`;
    const h = doHover(analyze(text, 'yaml').doc, text.indexOf('<<'));
    assert.ok(h);
    assert.match(h.contents, /YAML merge key/);
  });
  it('a quoted "<<" is an ordinary key', () => {
    const text = `${HEAD}  llm: &base\n    provider: hosted\n  aiPrimitivesLlm:\n    "<<": *base\n`;
    assert.ok(diags(text).some((d) => d.code === 'missing-discriminator'));
  });
});

describe('honest warnings', () => {
  const primitive = (name: string): string =>
    `${HEAD}  llm: { provider: hosted }\n  overrideAiPrimitivesLlm:\n    - primitiveName: ${name}\n      llm: { provider: hosted }\n`;
  it('unknown-primitive only for a name close to a named primitive, with a fix', () => {
    assert.deepEqual(diags(primitive('translate')), []);
    assert.deepEqual(
      diags(primitive('sumarize')).map((d) => d.code),
      ['unknown-primitive'],
    );
    assert.deepEqual(diags(applyPreferred(primitive('sumarize'), 'unknown-primitive')), []);
  });
  it('near-miss-key only for a custom key close to a named one that is not there, with a fix', () => {
    const flags = (body: string): string => `${HEAD}  llm: { provider: hosted }\n  featureFlags:\n${body}`;
    assert.deepEqual(diags(flags('    enable_team_dashboards: true\n    enable_automations: false\n')), []);
    const typo = flags('    enable_visualization: true\n');
    const found = diags(typo);
    assert.deepEqual(
      found.map((d) => d.code),
      ['near-miss-key'],
    );
    assert.match(found[0]!.message, /'enable_visualization'.*featureFlags.*did you mean 'enable_visualizations'/);
    assert.deepEqual(diags(applyPreferred(typo, 'near-miss-key')), []);
    // With the named key present as well, the near one is a custom key of its own.
    assert.deepEqual(diags(flags('    enable_visualization: true\n    enable_visualizations: true\n')), []);
  });
  it('non-positive-limit claims no effect the spec does not describe; .nan gets one diagnostic', () => {
    const zero = diags(`${HEAD}  llm: { provider: hosted }\n  contextWindowLimit: 0\n`);
    assert.deepEqual(
      zero.map((d) => d.code),
      ['non-positive-limit'],
    );
    assert.doesNotMatch(zero[0]!.message, /stops|disables/);
    assert.match(zero[0]!.message, /spec does not say/);
    for (const v of ['.nan', '-.inf', '.inf', '-2.5'])
      assert.equal(diags(`${HEAD}  llm: { provider: hosted }\n  maxAssistantActions: ${v}\n`).length, 1, v);
  });
});

describe('fixes never add a key present under a misspelling', () => {
  it('adding a provider and its required fields skips apiKey when apiKy is there', () => {
    const text = `${HEAD}  llm:\n    apiKy:\n      valueFromEnv: K\n`;
    const { doc, diagnostics } = analyze(text, 'yaml');
    const actions = getCodeActions(doc, diagnostics, { offset: 0, length: text.length });
    const add = actions.find((a) => a.title === "Add provider 'vendor_a' and its required fields");
    assert.ok(add, actions.map((a) => a.title).join(' | '));
    const out = applyEdits(text, add.edits);
    assert.doesNotMatch(out, /apiKey:/);
    // …and the rename is then the one preferred fix, after which the file is clean.
    assert.deepEqual(diags(applyPreferred(out, 'unknown-property')), []);
  });
});

describe('hover on a key the variant does not allow', () => {
  it('names the variants that allow it', () => {
    const text = `${HEAD}  llm:\n    provider: cloud_c\n    apiKey: { valueFromEnv: K }\n`;
    const { doc } = analyze(text, 'yaml');
    const h = doHover(doc, text.indexOf('apiKey'));
    assert.ok(h);
    assert.match(h.contents, /CloudCLlmConfig \(`provider: cloud_c`\) does not allow `apiKey`/);
    // Every variant with an apiKey field, read from the schema, and only those.
    const allowing = unionOf(definition('LlmConfig'))!
      .variants.filter((v) => v.schema.properties?.apiKey)
      .map((v) => v.value);
    assert.ok(allowing.includes('vendor_a') && !allowing.includes('cloud_c'));
    assert.ok(h.contents.includes(allowing.map((v) => `\`${v}\``).join(', ')), h.contents);
  });
});
