// REVIEW5 H8: an indentation slip, `apiKey:` then `valueFromEnv: NAME` at apiKey's own column (or
// `llm:` then `provider: hosted`, `definition:` then `llm:` at column 0): one diagnostic saying to
// indent the lines under the key with the empty value, and a fix (also `--fix`) that indents them;
// never a "Remove" of the line the key above is waiting for.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, getCodeActions } from '../../server/src/service';
import { fixAll } from '../../server/src/service/fixAll';
import { parse } from '../../server/src/parser';
import { parse as parseYaml } from 'yaml';
import { fixesFor } from '../helpers';

const H = 'kind: AssistantConfig\nversion: v2\n';
const crlf = (s: string): string => s.replace(/\n/g, '\r\n');
const fix = (text: string): string => fixAll(text, 'yaml', (t, l) => analyze(t, l)).text;
const CASES: { name: string; before: string; after: string; message: RegExp; title: string }[] = [
  {
    name: 'valueFromEnv at apiKey’s column',
    before: `${H}definition:\n  llm:\n    provider: vendor_a\n    apiKey: # from the vault\n    valueFromEnv: VENDOR_A_API_KEY # ops\n  maxAssistantActions: 5\n`,
    after: `${H}definition:\n  llm:\n    provider: vendor_a\n    apiKey: # from the vault\n      valueFromEnv: VENDOR_A_API_KEY # ops\n  maxAssistantActions: 5\n`,
    message:
      /^'valueFromEnv' belongs under 'apiKey' \(its value is empty\), not beside it: indent this line under 'apiKey'\.$/,
    title: "Indent 'valueFromEnv' under 'apiKey'",
  },
  {
    name: 'the LLM’s keys at llm’s column',
    before: `${H}definition:\n  llm:\n  provider: vendor_a\n  # the key\n  apiKey:\n    valueFromEnv: K\n  schemaSelector: {type: all}\n`,
    after: `${H}definition:\n  llm:\n    provider: vendor_a\n    # the key\n    apiKey:\n      valueFromEnv: K\n  schemaSelector: {type: all}\n`,
    message: /^'provider' and 'apiKey' belong under 'llm' .*indent these lines under 'llm'\.$/,
    title: "Indent 'provider' and 'apiKey' under 'llm'",
  },
  {
    name: 'llm at column 0 under definition',
    before: `${H}definition:\nllm:\n  provider: hosted\n`,
    after: `${H}definition:\n  llm:\n    provider: hosted\n`,
    message: /^'llm' belongs under 'definition' .*indent these lines under 'definition'\.$/,
    title: "Indent 'llm' under 'definition'",
  },
];

test('H8: an indentation slip is one diagnostic, whose one fix indents the lines (never removes them)', () => {
  for (const c of CASES)
    for (const [before, after] of [
      [c.before, c.after],
      [crlf(c.before), crlf(c.after)],
    ] as const) {
      const ds = analyze(before, 'yaml').diagnostics;
      assert.equal(ds.length, 1, `${c.name}: ${JSON.stringify(ds)}`);
      const d = ds[0]!;
      assert.equal(d.code, 'unknown-property');
      assert.match(d.message, c.message);
      const fixes = fixesFor(before, d);
      assert.deepEqual(
        fixes.map((f) => [f.title, f.preferred]),
        [[c.title, true]],
        c.name,
      );
      assert.equal(fixes[0]!.result, after, c.name);
      assert.deepEqual(analyze(after, 'yaml').diagnostics, [], c.name);
      // `--fix` / Fix all on save: the same, then nothing more.
      assert.equal(fix(before), after, c.name);
      assert.equal(fix(after), after, c.name);
    }
});

test('H8: not a slip: a key the parent allows after an empty one, or a key the empty one does not have', () => {
  // `llm:` empty, then a key of the definition: the empty LLM alone is reported.
  const sibling = `${H}definition:\n  llm:\n  maxAssistantActions: 5\n`;
  assert.deepEqual(
    analyze(sibling, 'yaml').diagnostics.map((d) => d.code),
    ['invalid-type'],
  );
  // `apiKey:` empty, then a key EnvironmentValue does not have: the unknown key, as before.
  const other = `${H}definition:\n  llm:\n    provider: vendor_a\n    apiKey:\n    modle: x\n`;
  const ds = analyze(other, 'yaml').diagnostics;
  assert.ok(ds.some((d) => d.code === 'invalid-type'));
  assert.ok(!ds.some((d) => /indent/.test(d.message)));
});

// REVIEW6 I3 and I9: the slips H8's rule did not recognise. I3: keys that repeat the parent's
// (`fallback:` then `provider: vendor_a` at its column; an LLM's first key is always `provider`), whose
// duplicate-key "Remove the ignored duplicate" deleted the primary LLM's provider when preferred.
// I9: a slip followed by a key neither mapping has; slips under mappings with free keys
// (`featureFlags:`, `tables:`); an empty key carrying an anchor or a tag.
const LLM = `${H}definition:\n  llm:\n`;

interface SlipCase {
  name: string;
  before: string;
  /** The file the user meant. */
  after: string;
  /** The slips' messages, in order. */
  messages: RegExp[];
  /** Their one fix each (preferred). */
  titles: string[];
  /** The other codes reported before the fix, in order. */
  others?: string[];
  /** The codes left after the fix (the file's own, now said where they are). */
  left?: string[];
  /** The data the meant file holds where it matters (read by the `yaml` package). */
  meant?: (data: Record<string, unknown>) => unknown;
  meantValue?: unknown;
}

const SLIPS: SlipCase[] = [
  {
    name: 'I3: fallback then provider/apiKey, repeating the primary LLM’s, with comments',
    before: `${LLM}    provider: cloud_a # primary\n    endpoint: https://contoso.example.com/\n    apiKey:\n      valueFromEnv: AZURE_OPENAI_API_KEY\n    fallback: # when cloud_a is down\n    # the backup\n    provider: vendor_a\n    apiKey: # its own key\n      valueFromEnv: OPENAI_API_KEY\n  maxAssistantActions: 5\n`,
    after: `${LLM}    provider: cloud_a # primary\n    endpoint: https://contoso.example.com/\n    apiKey:\n      valueFromEnv: AZURE_OPENAI_API_KEY\n    fallback: # when cloud_a is down\n    # the backup\n      provider: vendor_a\n      apiKey: # its own key\n        valueFromEnv: OPENAI_API_KEY\n  maxAssistantActions: 5\n`,
    messages: [
      /^'provider' and 'apiKey' belong under 'fallback' \(its value is empty\), not beside it: indent these lines under 'fallback'\. As written, they replace the 'provider' and 'apiKey' above\.$/,
    ],
    titles: ["Indent 'provider' and 'apiKey' under 'fallback'"],
    meant: (d) => d,
    meantValue: {
      kind: 'AssistantConfig',
      version: 'v2',
      definition: {
        llm: {
          provider: 'cloud_a',
          endpoint: 'https://contoso.example.com/',
          apiKey: { valueFromEnv: 'AZURE_OPENAI_API_KEY' },
          fallback: { provider: 'vendor_a', apiKey: { valueFromEnv: 'OPENAI_API_KEY' } },
        },
        maxAssistantActions: 5,
      },
    },
  },
  {
    name: 'I3: specificLlm under hosted, the stray provider reading the LLM as vendor_b',
    before: `${LLM}    provider: hosted\n    specificLlm:\n    provider: vendor_b\n    model: claude-x\n    apiKey: {valueFromEnv: VENDOR_B_KEY}\n`,
    after: `${LLM}    provider: hosted\n    specificLlm:\n      provider: vendor_b\n      model: claude-x\n      apiKey: {valueFromEnv: VENDOR_B_KEY}\n`,
    messages: [
      /^'provider', 'model' and 'apiKey' belong under 'specificLlm' .*As written, it replaces the 'provider' above\.$/,
    ],
    titles: ["Indent 'provider', 'model' and 'apiKey' under 'specificLlm'"],
  },
  {
    name: 'I3: the fallback’s variant lacks a field: the slip alone before, the missing field said in the fallback after',
    before: `${LLM}    provider: vendor_c\n    apiKey: {valueFromEnv: C_KEY}\n    fallback:\n    provider: cloud_a\n    apiKey:\n      valueFromEnv: A_KEY\n`,
    after: `${LLM}    provider: vendor_c\n    apiKey: {valueFromEnv: C_KEY}\n    fallback:\n      provider: cloud_a\n      apiKey:\n        valueFromEnv: A_KEY\n`,
    messages: [/^'provider' and 'apiKey' belong under 'fallback' /],
    titles: ["Indent 'provider' and 'apiKey' under 'fallback'"],
    left: ['missing-required'],
  },
  {
    name: 'I3: a block scalar (with a line of spaces) under a slipped key, a key both have between repeats',
    before: `${LLM}    provider: cloud_a\n    endpoint: https://x.example.com/\n    apiKey: {valueFromEnv: A}\n    fallback:   # backup\n    provider: vendor_a # second\n    # its model\n    model: |-\n      gpt-4o\n          \n      mini\n    apiKey:\n      valueFromEnv: B\n  systemInstructions: >\n    Be brief.\n`,
    after: `${LLM}    provider: cloud_a\n    endpoint: https://x.example.com/\n    apiKey: {valueFromEnv: A}\n    fallback:   # backup\n      provider: vendor_a # second\n      # its model\n      model: |-\n        gpt-4o\n            \n        mini\n      apiKey:\n        valueFromEnv: B\n  systemInstructions: >\n    Be brief.\n`,
    messages: [
      /^'provider', 'model' and 'apiKey' belong under 'fallback' .*they replace the 'provider' and 'apiKey' above\.$/,
    ],
    titles: ["Indent 'provider', 'model' and 'apiKey' under 'fallback'"],
    meant: (d) => (d.definition as { llm: { fallback: unknown } }).llm.fallback,
    meantValue: { provider: 'vendor_a', model: 'gpt-4o\n    \nmini', apiKey: { valueFromEnv: 'B' } },
  },
  {
    name: 'I3: the repeated provider has the same value (its "Remove the repeated" was preferred and --fix applied it)',
    before: `${LLM}    provider: vendor_a\n    apiKey: {valueFromEnv: PRIMARY_KEY}\n    fallback:\n    provider: vendor_a\n    apiKey: {valueFromEnv: FALLBACK_KEY}\n`,
    after: `${LLM}    provider: vendor_a\n    apiKey: {valueFromEnv: PRIMARY_KEY}\n    fallback:\n      provider: vendor_a\n      apiKey: {valueFromEnv: FALLBACK_KEY}\n`,
    messages: [/^'provider' and 'apiKey' belong under 'fallback' /],
    titles: ["Indent 'provider' and 'apiKey' under 'fallback'"],
  },
  {
    name: 'I9: a key neither mapping has ends the slipped run',
    before: `${H}definition:\n  llm:\n    provider: vendor_c\n    apiKey: {valueFromEnv: K}\n  threadTitleGeneration:\n  enable: true\n  llm2: x\n`,
    after: `${H}definition:\n  llm:\n    provider: vendor_c\n    apiKey: {valueFromEnv: K}\n  threadTitleGeneration:\n    enable: true\n  llm2: x\n`,
    messages: [/^'enable' belongs under 'threadTitleGeneration' .*indent this line under 'threadTitleGeneration'\.$/],
    titles: ["Indent 'enable' under 'threadTitleGeneration'"],
    others: ['unknown-property'],
    left: ['unknown-property'],
  },
  {
    name: 'I9: featureFlags then a named flag and custom ones at its column',
    before: `${H}definition:\n  llm:\n    provider: hosted\n  featureFlags: # experiments\n  enable_automations: true\n  # ours\n  my_beta: true\n  team-x.preview: false\n  maxAssistantActions: 3\n`,
    after: `${H}definition:\n  llm:\n    provider: hosted\n  featureFlags: # experiments\n    enable_automations: true\n    # ours\n    my_beta: true\n    team-x.preview: false\n  maxAssistantActions: 3\n`,
    messages: [/^'enable_automations', 'my_beta' and 'team-x\.preview' belong under 'featureFlags' /],
    titles: ["Indent 'enable_automations', 'my_beta' and 'team-x.preview' under 'featureFlags'"],
  },
  {
    name: 'I9: tables under alwaysInclude then schema names at its column',
    before: `${H}definition:\n  llm:\n    provider: hosted\n  schemaSelector:\n    type: llm_selector\n    llm: {provider: hosted}\n    alwaysInclude:\n      tables:\n      sales: [orders]\n      hr:\n        - people # all of it\n      functions: [f]\n`,
    after: `${H}definition:\n  llm:\n    provider: hosted\n  schemaSelector:\n    type: llm_selector\n    llm: {provider: hosted}\n    alwaysInclude:\n      tables:\n        sales: [orders]\n        hr:\n          - people # all of it\n      functions: [f]\n`,
    messages: [/^'sales' and 'hr' belong under 'tables' /],
    titles: ["Indent 'sales' and 'hr' under 'tables'"],
  },
  {
    name: 'I9: an empty key with an anchor (used by an alias), and one with a tag',
    before: `${LLM}    provider: vendor_a\n    apiKey: &key   # shared\n    valueFromEnv: OPENAI_API_KEY\n    fallback:\n      provider: vendor_a\n      model: gpt-4o-mini\n      apiKey: *key\n  aiPrimitivesLlm:\n    provider: vendor_b\n    apiKey: !!map\n    valueFromEnv: B_KEY\n`,
    after: `${LLM}    provider: vendor_a\n    apiKey: &key   # shared\n      valueFromEnv: OPENAI_API_KEY\n    fallback:\n      provider: vendor_a\n      model: gpt-4o-mini\n      apiKey: *key\n  aiPrimitivesLlm:\n    provider: vendor_b\n    apiKey: !!map\n      valueFromEnv: B_KEY\n`,
    messages: [/^'valueFromEnv' belongs under 'apiKey' /, /^'valueFromEnv' belongs under 'apiKey' /],
    titles: ["Indent 'valueFromEnv' under 'apiKey'", "Indent 'valueFromEnv' under 'apiKey'"],
    meant: (d) => (d.definition as { llm: { fallback: unknown } }).llm.fallback,
    meantValue: { provider: 'vendor_a', model: 'gpt-4o-mini', apiKey: { valueFromEnv: 'OPENAI_API_KEY' } },
  },
  {
    name: 'I9: an anchor and a tag together on the empty key',
    before: `${LLM}    provider: vendor_a\n    apiKey: &k !!map # note\n    valueFromEnv: OPENAI_API_KEY\n    fallback: {provider: hosted, specificLlm: {provider: vendor_a, apiKey: *k}}\n`,
    after: `${LLM}    provider: vendor_a\n    apiKey: &k !!map # note\n      valueFromEnv: OPENAI_API_KEY\n    fallback: {provider: hosted, specificLlm: {provider: vendor_a, apiKey: *k}}\n`,
    messages: [/^'valueFromEnv' belongs under 'apiKey' /],
    titles: ["Indent 'valueFromEnv' under 'apiKey'"],
  },
  {
    name: 'I3 (i2): two slips in one LLM, the second repeating the provider',
    before: `${LLM}    provider: vendor_a\n    model: gpt-4o\n    apiKey:\n    valueFromEnv: OPENAI_API_KEY\n    fallback:\n    provider: hosted\n`,
    after: `${LLM}    provider: vendor_a\n    model: gpt-4o\n    apiKey:\n      valueFromEnv: OPENAI_API_KEY\n    fallback:\n      provider: hosted\n`,
    messages: [
      /^'valueFromEnv' belongs under 'apiKey' .*indent this line under 'apiKey'\.$/,
      /^'provider' belongs under 'fallback' .*As written, it replaces the 'provider' above\.$/,
    ],
    titles: ["Indent 'valueFromEnv' under 'apiKey'", "Indent 'provider' under 'fallback'"],
  },
];

/** Each line's quick fixes as VS Code asks for them there (the diagnostics on the line, the line's range). */
function preferredByLine(text: string): string[] {
  const doc = parse(text, 'yaml');
  const ds = analyze(text, 'yaml').diagnostics;
  const out: string[] = [];
  for (let from = 0; from < text.length;) {
    const nl = text.indexOf('\n', from);
    const to = nl < 0 ? text.length : nl;
    const here = ds.filter((d) => d.offset <= to && from <= d.offset + d.length);
    for (const a of getCodeActions(doc, here, { offset: from, length: to - from }))
      if (a.kind === 'quickfix' && a.isPreferred) out.push(a.title);
    from = to + 1;
  }
  return out;
}

test('REVIEW6 I3, I9: each slip is one diagnostic whose one fix (preferred, and --fix) writes the file meant', () => {
  for (const c of SLIPS)
    for (const [before, after] of [
      [c.before, c.after],
      [crlf(c.before), crlf(c.after)],
    ] as const) {
      const ds = analyze(before, 'yaml').diagnostics;
      const slips = ds.filter((d) => d.data?.indentUnder !== undefined);
      assert.equal(slips.length, c.messages.length, `${c.name}: ${JSON.stringify(ds)}`);
      slips.forEach((d, i) => {
        assert.equal(d.code, 'unknown-property');
        assert.match(d.message, c.messages[i]!, c.name);
        assert.deepEqual(
          fixesFor(before, d).map((f) => [f.title, f.preferred]),
          [[c.titles[i], true]],
          c.name,
        );
      });
      assert.deepEqual(
        ds.filter((d) => d.data?.indentUnder === undefined).map((d) => d.code),
        c.others ?? [],
        `${c.name}: ${JSON.stringify(ds)}`,
      );
      // VS Code's Auto Fix applies the preferred fix where the cursor is: on every line, only an indent.
      for (const t of preferredByLine(before)) assert.match(t, /^Indent /, `${c.name}: ${t}`);
      if (slips.length === 1) assert.equal(fixesFor(before, slips[0]!)[0]!.result, after, c.name);
      // `--fix` / Fix all on save: the same, then nothing more.
      assert.equal(fix(before), after, c.name);
      assert.equal(fix(after), after, c.name);
      assert.deepEqual(
        analyze(after, 'yaml').diagnostics.map((d) => d.code),
        c.left ?? [],
        c.name,
      );
      if (c.meant)
        assert.deepEqual(
          c.meant(parseYaml(after) as Record<string, unknown>),
          c.meantValue ?? parseYaml(after),
          c.name,
        );
    }
});

test('REVIEW6 I3: not a slip: an empty fallback, then a key of the LLM written once', () => {
  // `fallback:` left empty (null: no fallback), then the LLM's own `model`: as the loader reads it.
  const text = `${LLM}    provider: vendor_a\n    apiKey: {valueFromEnv: K}\n    fallback:\n    model: gpt-4o\n`;
  assert.deepEqual(analyze(text, 'yaml').diagnostics, []);
  assert.equal(fix(text), text);
  // A key repeated with no empty key above it: the duplicate, and its removal, as before.
  const dup = `${LLM}    provider: vendor_a\n    apiKey: {valueFromEnv: K}\n    model: gpt-4o\n    model: gpt-4o-mini\n`;
  const ds = analyze(dup, 'yaml').diagnostics;
  assert.deepEqual(
    ds.map((d) => d.code),
    ['duplicate-key'],
  );
  assert.deepEqual(
    fixesFor(dup, ds[0]!).map((f) => [f.title, f.preferred]),
    [
      ["Keep the first 'model: gpt-4o' (line 7; remove the copy on line 8)", false],
      ["Keep the last 'model: gpt-4o-mini' (line 8, the one read; remove the copy on line 7)", false],
    ],
  );
});

test('REVIEW6 I9: not a slip: an empty featureFlags then a misspelt key of the definition (its rename stays)', () => {
  const text = `${H}definition:\n  llm:\n    provider: hosted\n  featureFlags:\n  maxAssistantActons: 3\n`;
  const ds = analyze(text, 'yaml').diagnostics;
  assert.equal(ds.length, 1, JSON.stringify(ds));
  assert.match(ds[0]!.message, /Did you mean 'maxAssistantActions'\?/);
  assert.deepEqual(
    fixesFor(text, ds[0]!).map((f) => [f.title, f.preferred]),
    [["Rename 'maxAssistantActons' to 'maxAssistantActions'", true]],
  );
  // A custom flag whose value is not a list is not a schema name of `tables`.
  const tables = `${H}definition:\n  llm:\n    provider: hosted\n  schemaSelector:\n    type: llm_selector\n    llm: {provider: hosted}\n    alwaysInclude:\n      tables:\n      sales: orders\n`;
  assert.ok(!analyze(tables, 'yaml').diagnostics.some((d) => d.data?.indentUnder !== undefined));
});

test('REVIEW6 I9: thousands of flags at featureFlags’ column: one diagnostic naming a few, one fix indenting all', () => {
  const n = 3000;
  const flags = [...Array(n).keys()].map((i) => `flag_${i}: true\n`);
  const before = `${H}definition:\n  llm:\n    provider: hosted\n  featureFlags:\n${flags.map((f) => `  ${f}`).join('')}`;
  const after = `${H}definition:\n  llm:\n    provider: hosted\n  featureFlags:\n${flags.map((f) => `    ${f}`).join('')}`;
  const ds = analyze(before, 'yaml').diagnostics;
  assert.equal(ds.length, 1);
  assert.match(
    ds[0]!.message,
    /^'flag_0', 'flag_1', 'flag_2', 'flag_3' and 2996 more keys belong under 'featureFlags'/,
  );
  const fixes = fixesFor(before, ds[0]!);
  assert.deepEqual(
    fixes.map((f) => [f.title, f.preferred]),
    [["Indent 'flag_0', 'flag_1', 'flag_2', 'flag_3' and 2996 more keys under 'featureFlags'", true]],
  );
  assert.equal(fixes[0]!.result, after);
  assert.equal(fix(before), after);
});
