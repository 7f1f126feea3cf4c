// REVIEW8 J5: a key (or a list item) indented a column or two off its block, inside a list item above
// all (`- schemaName: a` then `tableName` one column short): one `misaligned-indent` diagnostic that
// names the key and the key it belongs with, never the `yaml` package's own wording; the rest read as
// meant (no "requires llm" for an item whose `llm` is one line down, no fix that adds one); a fix (and
// `--fix`) that moves the lines and nothing else.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml, parseDocument } from 'yaml';
import { analyze, applyEdits, getCodeActions } from '../../server/src/service';
import type { Diagnostic } from '../../server/src/service';
import { fixAll } from '../../server/src/service/fixAll';
import { toValue } from '../../server/src/model/value';
import { mulberry32, ROOT } from '../helpers';

const H = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
const crlf = (s: string): string => s.replace(/\n/g, '\r\n');
const fix = (text: string): string => fixAll(text, 'yaml', (t, l) => analyze(t, l)).text;
/** The parser's own words, which a slip must not show. */
const RAW =
  /All mapping items|All sequence items|Implicit keys need|Nested mappings are not allowed|Sequence item without|Unexpected .* (token|at node end)|Implicit map keys/;
const TABLES = `  llm:\n    provider: hosted\n  schemaSelector:\n    type: fixed\n    tables:\n`;
const PRIMS = `  llm:\n    provider: hosted\n  overrideAiPrimitivesLlm:\n`;

/** What matters: errors and warnings (a variable not set is information). */
const shown = (ds: Diagnostic[]): Diagnostic[] => ds.filter((d) => d.severity === 'error' || d.severity === 'warning');

function quickFixes(text: string, d: Diagnostic): { title: string; preferred: boolean; result: string }[] {
  const { doc, diagnostics } = analyze(text, 'yaml');
  return getCodeActions(doc, diagnostics, { offset: d.offset, length: d.length })
    .filter((a) => a.kind === 'quickfix' && !a.title.startsWith('Ignore'))
    .map((a) => ({ title: a.title, preferred: a.isPreferred === true, result: applyEdits(text, a.edits) }));
}

interface Case {
  name: string;
  before: string;
  after: string;
  /** One per slip, in order. */
  messages: RegExp[];
  title: string;
}

const CASES: Case[] = [
  {
    name: 'a list item key one column short of the first key (the dash line holds it)',
    before: `${H}${TABLES}      - schemaName: public\n       tableName: orders\n        columns: [id]\n`,
    after: `${H}${TABLES}      - schemaName: public\n        tableName: orders\n        columns: [id]\n`,
    messages: [
      /^'tableName' belongs with 'schemaName' in this item of 'tables', but is indented 1 column less: indent this line by 1 space\.$/,
    ],
    title: "Align 'tableName' with 'schemaName'",
  },
  {
    name: 'a list item key two columns past the first (read as part of its value by YAML)',
    before: `${H}${TABLES}      - schemaName: public\n          tableName: orders\n        columns: [id]\n`,
    after: `${H}${TABLES}      - schemaName: public\n        tableName: orders\n        columns: [id]\n`,
    messages: [
      /^'tableName' belongs with 'schemaName' in this item of 'tables', but is indented 2 columns more: unindent/,
    ],
    title: "Align 'tableName' with 'schemaName'",
  },
  {
    name: 'the last key of an item, one column short',
    before: `${H}${TABLES}      - schemaName: public\n        tableName: orders\n       columns: [id]\n      - schemaName: s\n        tableName: t\n        columns: []\n`,
    after: `${H}${TABLES}      - schemaName: public\n        tableName: orders\n        columns: [id]\n      - schemaName: s\n        tableName: t\n        columns: []\n`,
    messages: [/^'columns' belongs with 'schemaName' in this item of 'tables'/],
    title: "Align 'columns' with 'schemaName'",
  },
  {
    name: 'the first key on the line after the dash',
    before: `${H}${TABLES}      -\n        schemaName: public\n       tableName: orders\n        columns: [id]\n`,
    after: `${H}${TABLES}      -\n        schemaName: public\n        tableName: orders\n        columns: [id]\n`,
    messages: [/^'tableName' belongs with 'schemaName' in this item of 'tables'/],
    title: "Align 'tableName' with 'schemaName'",
  },
  {
    name: 'two keys slipped alike: one diagnostic',
    before: `${H}${TABLES}      - schemaName: public\n       tableName: orders\n       columns: [id]\n`,
    after: `${H}${TABLES}      - schemaName: public\n        tableName: orders\n        columns: [id]\n`,
    messages: [
      /^'tableName' and 'columns' belong with 'schemaName' in this item of 'tables', but are indented 1 column less: indent these lines by 1 space\.$/,
    ],
    title: "Align 'tableName' and 'columns' with 'schemaName'",
  },
  {
    name: 'an item’s llm one column short, its provider where it was',
    before: `${H}${PRIMS}    - primitiveName: classify\n     llm:\n        provider: hosted\n`,
    after: `${H}${PRIMS}    - primitiveName: classify\n      llm:\n        provider: hosted\n`,
    messages: [/^'llm' belongs with 'primitiveName' in this item of 'overrideAiPrimitivesLlm'/],
    title: "Align 'llm' with 'primitiveName'",
  },
  {
    name: 'an item’s llm at the dash’s column: its lines move with it (definition has an llm too)',
    before: `${H}${PRIMS}    - primitiveName: classify\n    llm:\n      provider: hosted\n`,
    after: `${H}${PRIMS}    - primitiveName: classify\n      llm:\n        provider: hosted\n`,
    messages: [
      /^'llm' belongs with 'primitiveName' in this item of 'overrideAiPrimitivesLlm', but is indented 2 columns less: indent these lines by 2 spaces\.$/,
    ],
    title: "Align 'llm' with 'primitiveName' (with the lines under it)",
  },
  {
    name: 'four-space indentation, `-   ` items, one slip each way',
    before:
      'kind: AssistantConfig\nversion: v2\ndefinition:\n    llm:\n        provider: hosted\n    schemaSelector:\n        type: fixed\n        tables:\n            -   schemaName: public\n               tableName: orders\n                columns: [id]\n            -   schemaName: public\n                tableName: customers\n                 columns: []\n',
    after:
      'kind: AssistantConfig\nversion: v2\ndefinition:\n    llm:\n        provider: hosted\n    schemaSelector:\n        type: fixed\n        tables:\n            -   schemaName: public\n                tableName: orders\n                columns: [id]\n            -   schemaName: public\n                tableName: customers\n                columns: []\n',
    messages: [
      /^'tableName' belongs with 'schemaName'.*1 column less/,
      /^'columns' belongs with 'schemaName'.*1 column more/,
    ],
    title: "Align 'tableName' with 'schemaName'",
  },
  {
    name: 'four-space indentation, an item’s llm at the dash’s column',
    before:
      'kind: AssistantConfig\nversion: v2\ndefinition:\n    llm:\n        provider: hosted\n    overrideAiPrimitivesLlm:\n        - primitiveName: classify\n          llm:\n              provider: hosted\n        - primitiveName: summarize\n        llm:\n            provider: hosted\n',
    after:
      'kind: AssistantConfig\nversion: v2\ndefinition:\n    llm:\n        provider: hosted\n    overrideAiPrimitivesLlm:\n        - primitiveName: classify\n          llm:\n              provider: hosted\n        - primitiveName: summarize\n          llm:\n              provider: hosted\n',
    messages: [/^'llm' belongs with 'primitiveName' in this item of 'overrideAiPrimitivesLlm'/],
    title: "Align 'llm' with 'primitiveName' (with the lines under it)",
  },
  {
    name: 'a list item one column right of the items above: its lines go with it',
    before: `${H}${TABLES}      - schemaName: public\n        tableName: orders\n        columns: [id]\n       - schemaName: public\n         tableName: customers\n         columns: []\n`,
    after: `${H}${TABLES}      - schemaName: public\n        tableName: orders\n        columns: [id]\n      - schemaName: public\n        tableName: customers\n        columns: []\n`,
    messages: [
      /^This item of 'tables' is indented 1 column more than the items above it: unindent these lines by 1 space\.$/,
    ],
    title: 'Align this item with the items above it',
  },
  {
    name: 'anchored LLMs shared by two blocks, comments between the lines',
    before: `${H}  llm: &shared # the main one\n    provider: vendor_a\n     model: small # cheap\n    # from the vault\n    apiKey:\n      valueFromEnv: VENDOR_A_API_KEY\n  aiPrimitivesLlm: *shared\n  overrideAiPrimitivesLlm:\n    - primitiveName: classify\n      llm: &p\n        provider: vendor_b\n       model: m\n        apiKey: {valueFromEnv: VENDOR_B_API_KEY}\n    - primitiveName: summarize\n      llm: *p\n`,
    after: `${H}  llm: &shared # the main one\n    provider: vendor_a\n    model: small # cheap\n    # from the vault\n    apiKey:\n      valueFromEnv: VENDOR_A_API_KEY\n  aiPrimitivesLlm: *shared\n  overrideAiPrimitivesLlm:\n    - primitiveName: classify\n      llm: &p\n        provider: vendor_b\n        model: m\n        apiKey: {valueFromEnv: VENDOR_B_API_KEY}\n    - primitiveName: summarize\n      llm: *p\n`,
    messages: [
      /^'model' belongs with 'provider' in 'llm', but is indented 1 column more/,
      /^'model' belongs with 'provider' in 'llm', but is indented 1 column less/,
    ],
    title: "Align 'model' with 'provider'",
  },
  {
    name: 'a block scalar above (its text is left), a comment among the moved lines (moved with them)',
    before: `${H}  llm:\n    provider: hosted\n  systemInstructions: |\n    You answer.\n     - indented text: stays\n  overrideAiPrimitivesLlm:\n    - primitiveName: classify\n    llm:\n      provider: hosted\n      # note\n      specificLlm: {provider: hosted}\n    - primitiveName: extract\n      llm: {provider: hosted}\n`,
    after: `${H}  llm:\n    provider: hosted\n  systemInstructions: |\n    You answer.\n     - indented text: stays\n  overrideAiPrimitivesLlm:\n    - primitiveName: classify\n      llm:\n        provider: hosted\n        # note\n        specificLlm: {provider: hosted}\n    - primitiveName: extract\n      llm: {provider: hosted}\n`,
    messages: [/^'llm' belongs with 'primitiveName'/],
    title: "Align 'llm' with 'primitiveName' (with the lines under it)",
  },
  {
    name: 'a mapping’s key one column past the one above (YAML reads a two-line key)',
    before: `${H}  llm:\n    provider: vendor_a\n     model: x\n    apiKey:\n      valueFromEnv: K\n`,
    after: `${H}  llm:\n    provider: vendor_a\n    model: x\n    apiKey:\n      valueFromEnv: K\n`,
    messages: [
      /^'model' belongs with 'provider' in 'llm', but is indented 1 column more: unindent this line by 1 space\.$/,
    ],
    title: "Align 'model' with 'provider'",
  },
  {
    name: 'between two blocks equally near: the one whose schema takes the key (llm takes model)',
    before: `${H}  llm:\n    provider: vendor_a\n   model: x\n    apiKey:\n      valueFromEnv: K\n`,
    after: `${H}  llm:\n    provider: vendor_a\n    model: x\n    apiKey:\n      valueFromEnv: K\n`,
    messages: [/^'model' belongs with 'provider' in 'llm'/],
    title: "Align 'model' with 'provider'",
  },
  {
    name: 'between two blocks equally near: definition takes maxAssistantActions, the llm does not',
    before: `${H}  llm:\n    provider: vendor_a\n    apiKey:\n      valueFromEnv: K\n   maxAssistantActions: 3\n`,
    after: `${H}  llm:\n    provider: vendor_a\n    apiKey:\n      valueFromEnv: K\n  maxAssistantActions: 3\n`,
    messages: [/^'maxAssistantActions' belongs with 'llm' in 'definition', but is indented 1 column more/],
    title: "Align 'maxAssistantActions' with 'llm'",
  },
];

test('J5: a misaligned key or item is one misaligned-indent diagnostic, naming the key and where it belongs (LF and CRLF)', () => {
  for (const c of CASES)
    for (const [before, after] of [
      [c.before, c.after],
      [crlf(c.before), crlf(c.after)],
    ] as const) {
      const ds = shown(analyze(before, 'yaml').diagnostics);
      assert.deepEqual(
        ds.map((d) => d.code),
        c.messages.map(() => 'misaligned-indent'),
        `${c.name}: ${JSON.stringify(ds.map((d) => d.message))}`,
      );
      ds.forEach((d, i) => {
        assert.match(d.message, c.messages[i]!, c.name);
        assert.doesNotMatch(d.message, RAW, c.name);
      });
      // The text as meant has no problem at all: the slip was the only one.
      assert.deepEqual(shown(analyze(after, 'yaml').diagnostics), [], `${c.name}: the intended text is clean`);
    }
});

test('J5: the fix moves the lines and nothing else; no fix adds a key that is there; --fix reaches the same text and a second run changes nothing', () => {
  for (const c of CASES)
    for (const [before, after] of [
      [c.before, c.after],
      [crlf(c.before), crlf(c.after)],
    ] as const) {
      const ds = shown(analyze(before, 'yaml').diagnostics);
      const fixes = quickFixes(before, ds[0]!);
      assert.equal(fixes[0]?.title, c.title, `${c.name}: ${JSON.stringify(fixes.map((f) => f.title))}`);
      assert.equal(fixes[0]!.preferred, true);
      // Nothing is added or removed but spaces at the start of lines.
      const squeeze = (s: string): string => s.replace(/^ +/gm, '');
      assert.equal(squeeze(fixes[0]!.result), squeeze(before), c.name);
      if (c.messages.length === 1) assert.equal(fixes[0]!.result, after, c.name);
      // No diagnostic anywhere offers to add a key (the slipped one is there).
      for (const d of analyze(before, 'yaml').diagnostics)
        for (const f of quickFixes(before, d)) assert.doesNotMatch(f.title, /^Add /, `${c.name}: ${f.title}`);
      assert.equal(fix(before), after, c.name);
      assert.equal(fix(after), after, `${c.name}: a second run changes nothing`);
    }
});

test('J5: the tree is read as meant: its data is what the yaml package reads from the fixed text', () => {
  for (const c of CASES) {
    const { doc } = analyze(c.before, 'yaml');
    assert.deepEqual(toValue(doc.root, 1e6).value, parseYaml(c.after), c.name);
  }
});

test('J5: a line no block near it takes is left to the parser; text that reads no better is not repaired', () => {
  // A value's second line, indented under its key: plain YAML (a multi-line scalar), nothing to say.
  const folded = `${H}  llm:\n    provider: hosted\n  systemInstructions: You answer questions\n    about sales, never others.\n`;
  assert.deepEqual(shown(analyze(folded, 'yaml').diagnostics), []);
  // The same with a colon: YAML refuses it, and no mapping there takes 'about sales' as a key. The
  // parser's words stay (nothing better to say), and no fix turns the text into a key.
  const colon = `${H}  llm:\n    provider: hosted\n  systemInstructions: You answer questions\n    about sales: never others.\n`;
  const cds = analyze(colon, 'yaml').diagnostics;
  assert.ok(cds.some((d) => d.code === 'syntax-error'));
  assert.ok(!cds.some((d) => d.code === 'misaligned-indent'));
  assert.equal(fix(colon), colon);
  // An unclosed flow mapping: a syntax error the slip does not explain.
  const flow = `${H}  llm: { provider: hosted\n  maxAssistantActions: 3\n`;
  const ds = analyze(flow, 'yaml').diagnostics;
  assert.ok(ds.some((d) => d.code === 'syntax-error'));
  assert.ok(!ds.some((d) => d.code === 'misaligned-indent'));
});

/** Every key and scalar of a value, sorted (what a fix must keep, wherever it moves them). */
function keysAndValues(v: unknown, out: string[] = []): string[] {
  if (Array.isArray(v)) for (const x of v) keysAndValues(x, out);
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      out.push(`key ${k}`);
      keysAndValues(x, out);
    }
  else out.push(`value ${String(v)}`);
  return out.sort();
}

test('J5 property: a key or item line of the examples moved 1 or 2 columns either way is one slip whose --fix loses nothing (seeded)', () => {
  const seed = Number(process.env.FUZZ_SEED ?? 8505);
  console.log(`misaligned-indent property: seed ${seed} (replay or change with FUZZ_SEED=<seed>)`);
  const rand = mulberry32(seed);
  const dir = join(ROOT, 'examples');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .map((f) => readFileSync(join(dir, f), 'utf8'));
  let tried = 0;
  let recognised = 0;
  let restored = 0;
  for (let n = 0; n < 400; n++) {
    const base = files[Math.floor(rand() * files.length)]!;
    const text = rand() < 0.3 ? crlf(base) : base;
    const lines = text.split('\n');
    // Key and item lines outside block scalars (the yaml package's tokens say where those are).
    const candidates = lines
      .map((l, i) => ({ l, i }))
      .filter(({ l, i }) => i > 0 && /^ +(- |[A-Za-z_][\w]*:)/.test(l) && !insideBlockScalar(lines, i));
    if (candidates.length === 0) continue;
    const { l, i } = candidates[Math.floor(rand() * candidates.length)]!;
    const indent = l.length - l.trimStart().length;
    const delta = [-2, -1, 1, 2][Math.floor(rand() * 4)]!;
    if (indent + delta < 1) continue;
    const mutated = [...lines];
    mutated[i] = delta > 0 ? ' '.repeat(delta) + l : l.slice(-delta);
    const before = mutated.join('\n');
    // Only a mutant YAML refuses: one that reads as other valid YAML is another document, not a slip
    // (a key moved under an empty `key:`, into a mapping that has it: a duplicate, not a syntax error).
    if (parseDocument(before, { uniqueKeys: false }).errors.length === 0) continue;
    tried++;
    const ds = analyze(before, 'yaml').diagnostics;
    const slips = ds.filter((d) => d.code === 'misaligned-indent');
    if (slips.length === 0) continue;
    recognised++;
    const what = `seed ${seed}, mutant ${n}: line ${i + 1} moved ${delta}\n${before}`;
    for (const d of ds) if (d.code !== 'syntax-error') assert.doesNotMatch(d.message, RAW, what);
    const fixed = fix(before);
    const read = parseDocument(fixed);
    assert.deepEqual(read.errors, [], `${what}\n--- fixed:\n${fixed}`);
    // Every key and value is kept (where it went aside).
    assert.deepEqual(keysAndValues(read.toJS()), keysAndValues(parseYaml(text)), what);
    assert.equal(fix(fixed), fixed, `${what}: a second --fix changes nothing`);
    if (fixed === text) restored++;
  }
  console.log(
    `misaligned-indent property: ${tried} mutants YAML refuses, ${recognised} recognised, ${restored} restored exactly`,
  );
  assert.ok(tried >= 150, `enough mutants (${tried})`);
  // (Measured at seed 8505: 224 of 224 recognised, 220 restored exactly; the other 4 are read another
  // valid way, a first item at its list key's column or a first key two columns past an empty `llm:`.)
  assert.ok(recognised / tried >= 0.95, `recognised ${recognised} of ${tried}`);
  assert.ok(restored / recognised >= 0.9, `restored ${restored} of ${recognised}`);
});

/** Whether line `i` is inside a block scalar (`|`, `>`) opened above it. */
function insideBlockScalar(lines: readonly string[], i: number): boolean {
  for (let j = i - 1; j >= 0; j--) {
    const l = lines[j]!.replace(/\r$/, '');
    if (l.trim() === '') continue;
    const ind = l.length - l.trimStart().length;
    const mine = lines[i]!.length - lines[i]!.trimStart().length;
    if (ind < mine) return /:\s*[|>][0-9+-]*\s*(#.*)?$/.test(l);
  }
  return false;
}

// REVIEW15-user U20: a key one column from two blocks, one of them a mapping of the user's own keys
// (`featureFlags`, `alwaysInclude.tables`: any key is allowed there), went to that deeper one: `--fix`
// made `contextWindowLimit` a custom feature flag and `functions` a schema name, and the file linted
// clean with the setting gone. The block whose schema names the key wins the tie.
test('U20: a slip between a block that names the key and a map of custom keys goes to the one that names it', () => {
  const example = readFileSync(join(ROOT, 'examples/everything.assistant.yaml'), 'utf8');
  const slips: [RegExp, string, RegExp][] = [
    [/^ {2}contextWindowLimit/m, '   contextWindowLimit', /^'contextWindowLimit' belongs with '\w+' in 'definition'/],
    [/^ {6}functions: /m, '       functions: ', /^'functions' belongs with 'tables' in 'alwaysInclude'/],
  ];
  for (const eol of [(s: string) => s, crlf]) {
    for (const [at, slipped, said] of slips) {
      assert.match(example, at);
      const original = eol(example);
      const text = eol(example.replace(at, slipped));
      const ds = shown(analyze(text, 'yaml').diagnostics);
      assert.deepEqual(
        ds.map((d) => d.code),
        ['misaligned-indent'],
      );
      assert.match(ds[0]!.message, said);
      assert.equal(fix(text), original, 'the fix puts the line back where the example has it');
    }
  }
});
