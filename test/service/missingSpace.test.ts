// REVIEW5 H19: `key:value` without the space, or with a no-break space after the colon, in a flow
// mapping (`llm: {provider:vendor_a, …}`), the commonest flow typo and wiki paste. It used to be
// `unknown-property … did you mean 'provider'` with a preferred rename to `provider` that deleted
// the value. Now: one clear diagnostic (a missing space; `irregular-whitespace` for the Unicode
// space) whose fix, in the editor and in `--fix`, writes the space and keeps the value; and no
// rename is ever offered for a key that holds more than a key.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze } from '../../server/src/service';
import { fixAll } from '../../server/src/service/fixAll';
import { fixesFor } from '../helpers';

const H = 'kind: AssistantConfig\nversion: v2\n';
const NBSP = '\u00a0';
const crlf = (s: string): string => s.replace(/\n/g, '\r\n');
const fix = (text: string): string => fixAll(text, 'yaml', (t, l) => analyze(t, l)).text;
const codes = (text: string): string[] =>
  analyze(text, 'yaml').diagnostics.map(
    (d) => `${d.code} ${JSON.stringify(text.slice(d.offset, d.offset + d.length))}`,
  );
/** Each quick fix for `d` (Ignore aside): its title, whether preferred, and the text it makes. */
const GLUED = `${H}definition:\n  llm: {provider:vendor_a, apiKey: {valueFromEnv:VENDOR_A_API_KEY}} # main\n  schemaSelector:\n    type:all\n`;
const MEANT = `${H}definition:\n  llm: {provider: vendor_a, apiKey: {valueFromEnv: VENDOR_A_API_KEY}} # main\n  schemaSelector:\n    type: all\n`;

test('H19: `{provider:vendor_a}` and `type:all` where a mapping belongs: a missing space, said once each; the fix writes it', () => {
  for (const [text, meant] of [
    [GLUED, MEANT],
    [crlf(GLUED), crlf(MEANT)],
  ] as const) {
    const ds = analyze(text, 'yaml').diagnostics;
    assert.deepEqual(
      ds.map((d) => `${d.code} ${text.slice(d.offset, d.offset + d.length)}`),
      ['unknown-property provider:vendor_a', 'invalid-type type:all'],
    );
    for (const d of ds) {
      assert.match(d.message, /A space is missing after '(provider|type):'|a space is missing after 'type:'/);
      // The value is not repeated (it may be a credential).
      assert.doesNotMatch(d.message, /vendor_a|all'/);
      const fixes = fixesFor(text, d);
      assert.equal(fixes.length, 1, JSON.stringify(fixes));
      assert.equal(fixes[0]!.preferred, true);
      assert.match(fixes[0]!.title, /^Insert a space after '(provider|type):'$/);
      // Nothing the user wrote is lost: the fixed text is the original with one more space.
      assert.equal(fixes[0]!.result.length, text.length + 1);
      assert.ok(!fixes.some((f) => /Rename|Remove/.test(f.title)));
    }
    // `--fix` (Fix all): every space written (the nested `valueFromEnv:` one on the next pass), then nothing more.
    const fixed = fix(text);
    assert.equal(fixed, meant);
    assert.deepEqual(codes(fixed), []);
    assert.equal(fix(fixed), fixed);
  }
});

test('H19: the nested glued key is reported once the LLM is read, with no "has neither" beside it', () => {
  const text = `${H}definition:\n  llm: {provider: vendor_a, apiKey: {valueFromEnv:VENDOR_A_API_KEY}}\n`;
  assert.deepEqual(codes(text), ['unknown-property "valueFromEnv:VENDOR_A_API_KEY"']);
});

test('H19: `schemaSelector: type:all` on the key line: the pair is put in braces, the value kept', () => {
  const text = `${H}definition:\n  llm: {provider: hosted}\n  schemaSelector: type:all # wiki\n`;
  const d = analyze(text, 'yaml').diagnostics;
  assert.deepEqual(
    d.map((x) => x.code),
    ['invalid-type'],
  );
  assert.equal(
    fixesFor(text, d[0]!)[0]!.result,
    `${H}definition:\n  llm: {provider: hosted}\n  schemaSelector: {type: all} # wiki\n`,
  );
  assert.equal(fix(text), `${H}definition:\n  llm: {provider: hosted}\n  schemaSelector: {type: all} # wiki\n`);
});

test('H19: a feature flag glued to its value: said as a missing space, the fix writes it (not a rename)', () => {
  const text = `${H}definition:\n  llm: {provider: hosted}\n  featureFlags: {enable_visualizations_v2:true}\n`;
  const d = analyze(text, 'yaml').diagnostics;
  assert.deepEqual(
    d.map((x) => x.code),
    ['near-miss-key'],
  );
  assert.match(d[0]!.message, /A space is missing after 'enable_visualizations_v2:'/);
  const fixes = fixesFor(text, d[0]!);
  assert.deepEqual(
    fixes.map((f) => [f.title, f.preferred]),
    [["Insert a space after 'enable_visualizations_v2:'", true]],
  );
  assert.match(fixes[0]!.result, /\{enable_visualizations_v2: true\}/);
});

test('H19: a no-break space after `key:` in flow mappings (nested too) is irregular-whitespace, fixed in place', () => {
  const text = `${H}definition:\n  llm: {provider:${NBSP}vendor_a, apiKey: {valueFromEnv:${NBSP}VENDOR_A_API_KEY}}\n  schemaSelector: {type:${NBSP}all}\n`;
  const meant = text.replace(/\u00a0/g, ' ');
  for (const [t, m] of [
    [text, meant],
    [crlf(text), crlf(meant)],
  ] as const) {
    const ds = analyze(t, 'yaml').diagnostics;
    assert.deepEqual(
      ds.map((d) => `${d.code} ${JSON.stringify(t.slice(d.offset, d.offset + d.length))}`),
      Array(3).fill(`irregular-whitespace "${NBSP}"`),
    );
    for (const d of ds) {
      assert.match(d.message, /U\+00A0 no-break space between the key and its value/);
      const fixes = fixesFor(t, d);
      assert.equal(fixes.length, 1);
      assert.ok(fixes[0]!.preferred);
      assert.equal(fixes[0]!.result.length, t.length);
    }
    assert.equal(fix(t), m);
    assert.equal(fix(m), m);
  }
});

test('H19: related pastes: a no-break space after a list dash, after a comma in a flow list', () => {
  const dash = `${H}definition:\n  llm: {provider: hosted}\n  overrideAiPrimitivesLlm:\n    -${NBSP}primitiveName: summarize\n      llm: {provider: hosted}\n`;
  assert.deepEqual(codes(dash), [`irregular-whitespace "${NBSP}"`]);
  assert.equal(fix(dash), dash.replace(NBSP, ' '));
  const list = `${H}definition:\n  llm: {provider: hosted}\n  schemaSelector: {type: fixed, tables: [{schemaName: s, tableName: t, columns: [id,${NBSP}name]}]}\n`;
  assert.deepEqual(codes(list), [`irregular-whitespace "${NBSP}"`]);
  assert.equal(fix(list), list.replace(NBSP, ' '));
  // Inside quotes and comments it is text: nothing said.
  const quoted = `${H}definition:\n  llm: {provider: vendor_a, apiKey: {valueFromEnv: K}, model: "a:${NBSP}b"} # c:${NBSP}d\n  schemaSelector: {type: fixed, tables: [{schemaName: s, tableName: t, columns: ["id,${NBSP}name"]}]}\n`;
  assert.deepEqual(codes(quoted), []);
});

test('H19: no rename is offered for a key that holds more than a key', () => {
  // A quoted `"model: fast"` is one key: never renamed to `model` (that drops `fast`). (`modle:fast`
  // unquoted is a misspelt key glued to its value: its fix keeps the value, see below.)
  for (const text of [`${H}definition:\n  llm: {provider: vendor_a, apiKey: {valueFromEnv: K}, "model: fast": 1}\n`]) {
    const ds = analyze(text, 'yaml').diagnostics.filter((d) => d.code === 'unknown-property');
    assert.equal(ds.length, 1, text);
    assert.doesNotMatch(ds[0]!.message, /did you mean/i);
    assert.ok(!fixesFor(text, ds[0]!).some((f) => f.title.startsWith('Rename') || f.preferred));
    // `--fix` leaves it for the user.
    assert.equal(fix(text), text);
  }
  const glued = `${H}definition:\n  llm: {provider: vendor_a, apiKey: {valueFromEnv: K}, modle:fast}\n`;
  const d = analyze(glued, 'yaml').diagnostics.find((x) => x.code === 'unknown-property')!;
  assert.ok(fixesFor(glued, d).every((f) => f.result.includes('model: fast')));
});

// fix7 leftover: a glued key that is also misspelt (`{modle:gpt-4o}`, one plain scalar to YAML) is
// recognised as `{provider:hostd}` is: one diagnostic, a fix that renames and writes the space, in
// --fix only when the rename is certain (one clear match, no other key claiming it).
test('glued + misspelt key: `{modle:gpt-4o}` becomes `{model: gpt-4o}`, in the editor and with --fix', () => {
  const text = `${H}definition:\n  llm: {provider: vendor_a, modle:gpt-4o, apiKey: {valueFromEnv: K}}  # main\n`;
  const want = `${H}definition:\n  llm: {provider: vendor_a, model: gpt-4o, apiKey: {valueFromEnv: K}}  # main\n`;
  for (const [t, w] of [
    [text, want],
    [crlf(text), crlf(want)],
  ] as const) {
    const ds = analyze(t, 'yaml').diagnostics;
    assert.deepEqual(codes(t), ['unknown-property "modle:gpt-4o"']);
    assert.match(ds[0]!.message, /A space is missing after 'modle:'.*Did you mean 'model: …'\?/);
    assert.doesNotMatch(ds[0]!.message, /gpt-4o/);
    const fixes = fixesFor(t, ds[0]!);
    assert.deepEqual(
      fixes.map((f) => [f.title, f.preferred, f.result]),
      [["Rename 'modle' to 'model' and insert a space after the colon", true, w]],
    );
    assert.equal(fix(t), w);
    assert.equal(fix(w), w);
  }
  // Glued, misspelt key and misspelt value: both repaired, in two passes.
  assert.equal(fix(`${H}definition:\n  llm: {provder:hostd}\n`), `${H}definition:\n  llm: {provider: hosted}\n`);
});

test('glued + misspelt key: unsure renames stay editor fixes (two keys claiming one name); a credential is not repeated', () => {
  const two = `${H}definition:\n  llm: {provider: vendor_a, modle:a, mdoel:b, apiKey: {valueFromEnv: K}}\n`;
  assert.equal(fix(two), two);
  const ds = analyze(two, 'yaml').diagnostics;
  assert.ok(
    ds.every((d) => d.data?.unsafeRename === true && d.data.gluedAs !== undefined),
    JSON.stringify(ds),
  );
  const secret = ['sk', 'live', '0123456789abcdefABCDEF'].join('-');
  const cred = `${H}definition:\n  llm: {provider: vendor_a, apiKy:${secret}}\n`;
  const d = analyze(cred, 'yaml').diagnostics.find((x) => x.data?.gluedAs === 'apiKy');
  assert.ok(d);
  assert.ok(!d.message.includes(secret.slice(8)));
  // --fix would write the credential into apiKey as a literal: not applied.
  assert.equal(fix(cred), cred);
});

test('glued + misspelt named feature flag: near-miss-key, the editor renames and writes the space; --fix does not', () => {
  const text = `${H}definition:\n  llm: {provider: hosted}\n  featureFlags: {enable_visualisations:true}\n`;
  const ds = analyze(text, 'yaml').diagnostics;
  assert.deepEqual(codes(text), ['near-miss-key "enable_visualisations:true"']);
  const fixes = fixesFor(text, ds[0]!);
  assert.equal(fixes.length, 1);
  assert.equal(
    fixes[0]!.result,
    `${H}definition:\n  llm: {provider: hosted}\n  featureFlags: {enable_visualizations: true}\n`,
  );
  assert.equal(fix(text), text);
});
