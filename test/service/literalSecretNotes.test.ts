// REVIEW8 K13o, K13h: what a literal-secret finding says beyond "move it". Blanks or line breaks
// around the key are named (the service sends them), and the move to .env keeps them, quoted, and
// says so (moving it without them is offered beside, told); a block scalar `|` that keeps a final line
// break is named as the bug it is, with a fix that writes `|-` and changes nothing else; a credential
// the quick fix cannot move (a ' in it, an alias sharing it) says why instead of offering nothing.
// Fake keys are built at run time; no message or title holds any piece of one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse as parseYaml } from 'yaml';
import { parse as npmDotenv } from 'dotenv';
import { analyze, DEFAULT_OPTIONS } from '../../server/src/service';
import type { CodeActionEntry, Diagnostic } from '../../server/src/service';
import type { Language } from '../../server/src/parser';
import { applyEdits, getCodeActions } from '../../server/src/service/codeActions';
import { parseDotenv } from '../../server/src/service/dotenv';
import { leakedRuns } from '../cli/helpers';
import { mulberry32 } from '../helpers';

const H = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
const SEED = 0x13a0;
/** A fake key: a prefix and 28 seeded letters and digits. */
const KEY = ((): string => {
  const r = mulberry32(SEED);
  const abc = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  let s = ['pw', ''].join('-');
  for (let i = 0; i < 28; i++) s += abc[Math.floor(r() * abc.length)];
  return s;
})();

function secretFinding(
  text: string,
  language: Language = 'yaml',
): { d: Diagnostic; actions: CodeActionEntry[]; all: Diagnostic[] } {
  const { doc, diagnostics } = analyze(text, language, DEFAULT_OPTIONS);
  const found = diagnostics.filter((x) => x.code === 'literal-secret');
  assert.equal(found.length, 1, JSON.stringify(diagnostics.map((x) => x.code)));
  const d = found[0]!;
  const actions = getCodeActions(doc, diagnostics, d, { dotenv: { text: '' } }).filter((a) => a.diagnostic === d);
  const shown = [d.message, ...(d.related ?? []).map((r) => r.message), ...actions.map((a) => a.title)].join('\n');
  assert.deepEqual(leakedRuns(shown, [KEY], 6), [], shown);
  return { d, actions, all: diagnostics };
}

/** The value a move writes to .env, as npm dotenv and our reader read it back. */
function moved(a: CodeActionEntry): string {
  const env = applyEdits('', a.dotenv!.edits);
  const ours = parseDotenv(env).get('VENDOR_A_API_KEY');
  assert.equal(npmDotenv(env).VENDOR_A_API_KEY, ours, env.replace(KEY, '<key>'));
  return ours!;
}

test(`K13o: blanks around a literal key are named, and the move keeps them, quoted, or drops them, told (seed ${SEED.toString(16)})`, () => {
  console.log(`literalSecretNotes: seed ${SEED.toString(16)}`);
  const cases: { text: string; value: string; said: RegExp; language?: Language }[] = [
    {
      text: `${H}  llm:\n    provider: vendor_a\n    apiKey: {value: " ${KEY} "}\n`,
      value: ` ${KEY} `,
      said: /The value has a space at its start and a space at its end, which the service sends as part of the credential/,
    },
    {
      text: `${H}  llm:\n    provider: vendor_a\n    apiKey: {value: "${KEY}\\n"}\n`,
      value: `${KEY}\n`,
      said: /The value has a line break at its end, which the service sends/,
    },
    {
      text: `${H}  llm:\n    provider: vendor_a\n    apiKey: "  ${KEY}"\n`,
      value: `  ${KEY}`,
      said: /this string is a literal credential: .* The value has blanks at its start, which the service sends/,
    },
    {
      text: `{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "vendor_a", "apiKey": {"value": "${KEY}\\t"}}}}\n`,
      value: `${KEY}\t`,
      said: /The value has a tab at its end/,
      language: 'json',
    },
  ];
  for (const c of cases) {
    const { d, actions } = secretFinding(c.text, c.language);
    assert.match(d.message, c.said);
    const keep = actions.find((a) => a.isPreferred)!;
    assert.match(
      keep.title,
      /^Move the secret to \.env as VENDOR_A_API_KEY .*, keeping the whitespace around it as written \(the service sends it\)$/,
    );
    assert.equal(moved(keep), c.value, 'the preferred move writes the value as it was');
    const trim = actions.find((a) => a.title.includes('without the whitespace around it'))!;
    assert.ok(trim && !trim.isPreferred, actions.map((a) => a.title).join(' | '));
    assert.equal(moved(trim), KEY);
  }
  // A key as written: no note, one move.
  const plain = secretFinding(`${H}  llm:\n    provider: vendor_a\n    apiKey: {value: ${KEY}}\n`);
  assert.match(plain.d.message, /stays out of the file\.$/);
  assert.deepEqual(
    plain.actions.map((a) => a.title),
    ["Move the secret to .env as VENDOR_A_API_KEY ('valueFromEnv: VENDOR_A_API_KEY')"],
  );
});

test('K13h: `value: |` keeps a final line break the service sends; the |- fix changes only that', () => {
  for (const [indicator, eol] of [
    ['|', '\n'],
    ['>', '\n'],
    ['|2', '\r\n'],
  ] as const) {
    const text =
      `${H}  llm:\n    provider: vendor_a\n    apiKey:\n      value: ${indicator}\n        ${KEY}\n    model: m # after\n`.replace(
        /\n/g,
        eol,
      );
    const { d, actions } = secretFinding(text);
    assert.match(
      d.message,
      new RegExp(
        `The block scalar '${indicator[0]}' keeps the line break at the end of the key, .*: write '\\${indicator[0]}-'\\.$`,
      ),
    );
    const chomp = actions.find((a) => a.title.startsWith(`Write '${indicator[0]}-'`))!;
    assert.ok(chomp, actions.map((a) => a.title).join(' | '));
    assert.ok(!chomp.isPreferred);
    const out = applyEdits(text, chomp.edits);
    // One character inserted, and the data differs only by the key's final line break.
    assert.equal(out.length, text.length + 1);
    const before = parseYaml(text) as { definition: { llm: Record<string, unknown> } };
    const after = parseYaml(out) as { definition: { llm: Record<string, unknown> } };
    assert.deepEqual(after.definition.llm.apiKey, { value: KEY });
    assert.deepEqual({ ...after.definition.llm, apiKey: null }, { ...before.definition.llm, apiKey: null });
    assert.deepEqual(before.definition.llm.apiKey, { value: `${KEY}\n` });
    // After it, the finding is a plain literal-secret again (no note, no |- fix).
    const again = secretFinding(out);
    assert.doesNotMatch(again.d.message, /block scalar|line break/);
    assert.ok(!again.actions.some((a) => a.title.startsWith('Write')));
    // The move keeps the line break unless told otherwise.
    assert.equal(moved(actions.find((a) => a.isPreferred)!), `${KEY}\n`);
  }
  // Not offered: already stripped or kept on purpose, a key of two lines, a JSON key (its reader ignores it).
  for (const value of [
    `|-\n        ${KEY}\n`,
    `|+\n        ${KEY}\n`,
    `|\n        ${KEY}\n        ${KEY.slice(3)}\n`,
  ]) {
    const { actions } = secretFinding(`${H}  llm:\n    provider: vendor_a\n    apiKey:\n      value: ${value}`);
    assert.ok(!actions.some((a) => a.title.startsWith('Write')), value);
  }
  const json = secretFinding(
    `${H}  llm:\n    provider: cloud_b\n    modelId: m\n    cloudProject: p\n    cloudLocation: l\n    cloudServiceAccountKeyJson:\n      value: |\n        {"type": "service_account", "private_key": "${KEY}"}\n`,
  );
  assert.doesNotMatch(json.d.message, /line break|block scalar/);
  assert.ok(!json.actions.some((a) => a.title.startsWith('Write')));
  // A value there that is no JSON document is sent as it is: its line break is named.
  const notJson = secretFinding(
    `${H}  llm:\n    provider: cloud_b\n    modelId: m\n    cloudProject: p\n    cloudLocation: l\n    cloudServiceAccountKeyJson: {value: "${KEY}\\n"}\n`,
  );
  assert.match(notJson.d.message, /The value has a line break at its end, which the service sends/);
});

test('K13h: a credential the quick fix cannot move says why (a quote in it; an alias that shares it)', () => {
  const quoted = secretFinding(
    `${H}  llm:\n    provider: vendor_a\n    apiKey:\n      value: "${KEY.slice(0, 10)}'\\"\`${KEY.slice(10)}"\n`,
  );
  assert.match(
    quoted.d.message,
    /The quick fix cannot move it to \.env: it holds a single quote \('\), and no \.env line reads such a value back as written in every reader/,
  );
  assert.deepEqual(quoted.actions, []);

  const anchored = `${H}  llm:\n    provider: vendor_a\n    apiKey:\n      value: &s ${KEY}\n    fallback:\n      provider: vendor_b\n      apiKey:\n        value: *s\n`;
  const shared = secretFinding(anchored);
  assert.match(
    shared.d.message,
    /The quick fix cannot move it to \.env: its anchor '&s' is also used by the alias '\*s', which would then hold the variable's name/,
  );
  assert.deepEqual(
    shared.d.related?.map((r) => [anchored.slice(r.offset, r.offset + r.length), r.message]),
    [['*s', "'*s' uses this credential"]],
  );
  // No move: it wrote `valueFromEnv: &s VENDOR_A_API_KEY`, and the fallback's key became that name.
  assert.deepEqual(shared.actions, []);
  // Unshared, the anchored key moves as before.
  const alone = secretFinding(`${H}  llm:\n    provider: vendor_a\n    apiKey:\n      value: &s ${KEY}\n`);
  assert.doesNotMatch(alone.d.message, /cannot move/);
  assert.equal(alone.actions.length, 1);
});
