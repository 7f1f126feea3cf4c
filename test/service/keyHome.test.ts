// A key written one level too high (`enable_automations` in `definition`, `valueFromEnv` beside
// `provider`, `tables` without its `schemaSelector`): the `unknown-property` message says where the
// key belongs, read from the schema (model/keyHome.ts), instead of a far-fetched "did you mean"; an
// editor fix moves the key's lines there (never `--fix`), losing nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze } from '../../server/src/service';
import type { Diagnostic } from '../../server/src/service';
import { fixAll } from '../../server/src/service/fixAll';
import { keyHomes } from '../../server/src/model/keyHome';
import { definition, rootSchema, unwrapNullable } from '../../server/src/model/schema';
import { mulberry32, fixesFor } from '../helpers';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const H = 'kind: AssistantConfig\nversion: v2\n';
const crlf = (s: string): string => s.replace(/\n/g, '\r\n');

function unknownAt(text: string, key: string): Diagnostic {
  const ds = analyze(text, 'yaml').diagnostics.filter((d) => d.code === 'unknown-property' && d.data?.key === key);
  assert.equal(ds.length, 1, `one unknown-property on '${key}': ${JSON.stringify(analyze(text, 'yaml').diagnostics)}`);
  return ds[0]!;
}

/** Every non-blank line of `before`, trimmed, is a line of `after` (what the user wrote is all still there). */
function keepsEveryLine(before: string, after: string, what: string): void {
  const left = new Map<string, number>();
  for (const l of after.split(/\r?\n/)) left.set(l.trim(), (left.get(l.trim()) ?? 0) + 1);
  for (const l of before.split(/\r?\n/)) {
    const t = l.trim();
    if (t === '') continue;
    const n = left.get(t) ?? 0;
    assert.ok(n > 0, `${what}: the line '${t}' was lost:\n${after}`);
    left.set(t, n - 1);
  }
}

test('the message says where a misplaced key belongs, and drops a far-fetched rename', () => {
  const cases: [string, string, RegExp][] = [
    [
      'enable_automations',
      `${H}definition:\n  llm:\n    provider: hosted\n  enable_automations: true\n`,
      /^AssistantConfigV2 does not allow 'enable_automations'\. 'enable_automations' belongs under 'featureFlags'\.$/,
    ],
    [
      'tables',
      `${H}definition:\n  llm:\n    provider: hosted\n  tables: []\n`,
      // (Not "Did you mean 'maxTableArtifactSampleRows'?": its letters spread over a longer name.)
      /^AssistantConfigV2 does not allow 'tables'\. 'tables' belongs under 'schemaSelector' \(type: fixed\)\.$/,
    ],
    [
      'columns',
      `${H}definition:\n  llm:\n    provider: hosted\n  columns: []\n`,
      /'columns' belongs in an item of 'tables' in 'schemaSelector' \(type: fixed\)\.$/,
    ],
    [
      'primitiveName',
      `${H}definition:\n  llm:\n    provider: hosted\n  primitiveName: classify\n`,
      /'primitiveName' belongs in an item of 'overrideAiPrimitivesLlm'\.$/,
    ],
    [
      'valueFromEnv',
      `${H}definition:\n  llm:\n    provider: vendor_a\n    model: m\n    valueFromEnv: VENDOR_A_KEY\n`,
      /^provider 'vendor_a' does not allow 'valueFromEnv'\. 'valueFromEnv' belongs under 'apiKey'\.$/,
    ],
    [
      'fallback',
      `${H}definition:\n  llm:\n    provider: hosted\n  fallback: null\n`,
      /'fallback' belongs under 'llm' or under 'aiPrimitivesLlm'\.$/,
    ],
    [
      // A likely typo keeps its rename; the place where the key is a field is said beside it.
      'instructions',
      `${H}definition:\n  llm:\n    provider: hosted\n  instructions: Be brief.\n`,
      /Did you mean 'systemInstructions'\? 'instructions' belongs under 'schemaSelector' \(type: llm_selector\)\.$/,
    ],
  ];
  for (const [key, text, message] of cases) {
    const d = unknownAt(text, key);
    assert.match(d.message, message, key);
    assert.match(unknownAt(crlf(text), key).message, message, `${key} (CRLF)`);
  }
  // A key that is a field nowhere near says nothing more.
  assert.equal(
    unknownAt(`${H}definition:\n  llm:\n    provider: hosted\n  colour: blue\n`, 'colour').message,
    "AssistantConfigV2 does not allow 'colour'.",
  );
});

const MOVES: { name: string; before: string; after: string; title: string }[] = [
  {
    name: 'into the block that is there, with its comments',
    before: `${H}definition:\n  llm:\n    provider: hosted\n  featureFlags:\n    enable_visualizations: true\n  # turn on the robots\n  enable_automations: true # ops asked\n  maxAssistantActions: 4\n`,
    after: `${H}definition:\n  llm:\n    provider: hosted\n  featureFlags:\n    enable_visualizations: true\n    # turn on the robots\n    enable_automations: true # ops asked\n  maxAssistantActions: 4\n`,
    title: "Move 'enable_automations' under 'featureFlags'",
  },
  {
    name: 'up into a block written after it',
    before: `${H}definition:\n  enable_automations: false\n  llm:\n    provider: hosted\n  featureFlags:\n      enable_visualizations: true\n`,
    after: `${H}definition:\n  llm:\n    provider: hosted\n  featureFlags:\n      enable_visualizations: true\n      enable_automations: false\n`,
    title: "Move 'enable_automations' under 'featureFlags'",
  },
  {
    name: 'under a new key, with the variant it needs',
    before: `${H}definition:\n  llm:\n    provider: hosted\n  tables:\n    - schemaName: s # main\n      tableName: t\n      columns: []\n  contextWindowLimit: 10\n`,
    after: `${H}definition:\n  llm:\n    provider: hosted\n  schemaSelector:\n    type: fixed\n    tables:\n      - schemaName: s # main\n        tableName: t\n        columns: []\n  contextWindowLimit: 10\n`,
    title: "Move 'tables' under a new 'schemaSelector' (type: fixed)",
  },
  {
    name: 'the credential reference beside provider',
    before: `${H}definition:\n  llm:\n    provider: vendor_a\n    model: m\n    valueFromEnv: VENDOR_A_KEY\n`,
    after: `${H}definition:\n  llm:\n    provider: vendor_a\n    model: m\n    apiKey:\n      valueFromEnv: VENDOR_A_KEY\n`,
    title: "Move 'valueFromEnv' under a new 'apiKey'",
  },
  {
    name: 'a block scalar keeps its text and blank lines',
    before: `${H}definition:\n  llm:\n    provider: hosted\n  threadTitleGeneration:\n    llm:\n      provider: hosted\n  enable: |\n    not a boolean\n\n    at all\n`,
    after: `${H}definition:\n  llm:\n    provider: hosted\n  threadTitleGeneration:\n    llm:\n      provider: hosted\n    enable: |\n      not a boolean\n\n      at all\n`,
    title: "Move 'enable' under 'threadTitleGeneration'",
  },
];

test('the move fix puts the lines where the key belongs, LF and CRLF, and the key is then allowed', () => {
  for (const c of MOVES)
    for (const [before, after] of [
      [c.before, c.after],
      [crlf(c.before), crlf(c.after)],
    ] as const) {
      const key = /does not allow '([^']+)'/.exec(
        analyze(before, 'yaml').diagnostics.find((d) => d.code === 'unknown-property')!.message,
      )![1]!;
      const fixes = fixesFor(before, unknownAt(before, key));
      const move = fixes.find((f) => f.title === c.title);
      assert.ok(move, `${c.name}: ${JSON.stringify(fixes.map((f) => f.title))}`);
      assert.equal(move.preferred, true, c.name);
      assert.equal(move.result, after, c.name);
      keepsEveryLine(before, move.result, c.name);
      assert.ok(
        !analyze(move.result, 'yaml').diagnostics.some((d) => d.code === 'unknown-property'),
        `${c.name}: still unknown after the move`,
      );
    }
});

test('a key written a level too deep: said to belong beside its holder, and moved out after its block', () => {
  const cases: { name: string; before: string; after: string; key: string; holder: string }[] = [
    {
      name: 'the instructions pasted with the LLM keys',
      before: `${H}definition:\n  llm:\n    provider: hosted\n    # for every thread\n    systemInstructions: |\n      Be brief.\n\n      Cite tables.\n    specificLlm: null\n  maxAssistantActions: 3\n`,
      after: `${H}definition:\n  llm:\n    provider: hosted\n    specificLlm: null\n  # for every thread\n  systemInstructions: |\n    Be brief.\n\n    Cite tables.\n  maxAssistantActions: 3\n`,
      key: 'systemInstructions',
      holder: 'llm',
    },
    {
      name: 'the last key of the file, no final line break',
      before: `${H}definition:\n  llm:\n    provider: hosted\n    contextWindowLimit: 8000 # tokens`,
      after: `${H}definition:\n  llm:\n    provider: hosted\n  contextWindowLimit: 8000 # tokens\n`,
      key: 'contextWindowLimit',
      holder: 'llm',
    },
  ];
  for (const c of cases)
    for (const [before, after] of [
      [c.before, c.after],
      [crlf(c.before), crlf(c.after)],
    ] as const) {
      const d = unknownAt(before, c.key);
      assert.match(d.message, new RegExp(`'${c.key}' belongs one level up, beside '${c.holder}'\\.$`), c.name);
      const move = fixesFor(before, d).find((f) => f.title === `Move '${c.key}' up, beside '${c.holder}'`);
      assert.ok(move, `${c.name}: ${JSON.stringify(fixesFor(before, d).map((f) => f.title))}`);
      assert.equal(move.result, after, c.name);
      keepsEveryLine(before, move.result, c.name);
      assert.deepEqual(analyze(move.result, 'yaml').diagnostics, [], c.name);
    }
  // A key merged in by `<<` (inline or from an anchor) has no holder of its own to go beside.
  for (const merged of [
    `${H}definition:\n  llm:\n    <<: {systemInstructions: hi}\n    provider: hosted\n`,
    `${H}base: &b\n  systemInstructions: hi\ndefinition:\n  llm:\n    <<: *b\n    provider: hosted\n`,
  ]) {
    const ds = analyze(merged, 'yaml').diagnostics.filter((x) => x.code === 'unknown-property');
    assert.ok(ds.length > 0, merged);
    for (const x of ds) {
      assert.doesNotMatch(x.message, /one level up/, merged);
      assert.ok(!fixesFor(merged, x).some((f) => f.title.startsWith('Move')), merged);
    }
  }
  // Not when the mapping above has the key already, nor when it is the mapping's only key.
  const twice = `${H}definition:\n  llm:\n    provider: hosted\n    systemInstructions: a\n  systemInstructions: b\n`;
  assert.doesNotMatch(unknownAt(twice, 'systemInstructions').message, /one level up/);
  const only = `${H}definition:\n  llm:\n    provider: hosted\n  threadTitleGeneration:\n    maxAssistantActions: 2\n`;
  const d = unknownAt(only, 'maxAssistantActions');
  assert.ok(!fixesFor(only, d).some((f) => f.title.startsWith('Move')), JSON.stringify(fixesFor(only, d)));
});

test('no move where the place is not certain; --fix moves only into the one place, written already (REVIEW16-user N2)', () => {
  const none: [string, string][] = [
    // The selector there is another variant.
    ['tables', `${H}definition:\n  llm:\n    provider: hosted\n  schemaSelector:\n    type: all\n  tables: []\n`],
    // (A block mapping going into a flow mapping is written there in flow style, the editor's:
    // test/service/keepsMoves.test.ts.)
    // The key is already there.
    [
      'enable_automations',
      `${H}definition:\n  llm:\n    provider: hosted\n  featureFlags:\n    enable_automations: false\n  enable_automations: true\n`,
    ],
    // The place's value is empty (an indentation slip's fix indents instead).
    [
      'valueFromEnv',
      `${H}definition:\n  llm:\n    provider: vendor_a\n    model: m\n    apiKey:\n    valueFromEnv: K\n`,
    ],
  ];
  for (const [key, text] of none) {
    const ds = analyze(text, 'yaml').diagnostics.filter((d) => d.code === 'unknown-property' && d.data?.key === key);
    for (const d of ds)
      assert.ok(
        !fixesFor(text, d).some((f) => f.title.startsWith('Move')),
        `${key}: ${JSON.stringify(fixesFor(text, d))}`,
      );
  }
  // `--fix` (and Fix all) moves a key into the block the schema says it belongs in when that block is
  // written (certain, and nothing is lost); under a new key (which the user may have meant to write
  // elsewhere, or misspelt) it leaves the key where it is: the editor shows the move.
  assert.equal(fixAll(MOVES[0]!.before, 'yaml', (t, l) => analyze(t, l)).text, MOVES[0]!.after);
  for (const c of MOVES.filter((m) => m.title.includes('a new')))
    assert.equal(fixAll(c.before, 'yaml', (t, l) => analyze(t, l)).text, c.before, c.name);
  // A misspelt home: its own rename (one clear match) is --fix's, and then the move is certain.
  const misspelt = `${H}definition:\n  llm:\n    provider: hosted\n  featurFlags:\n    a: true\n  enable_automations: true\n`;
  assert.equal(
    fixAll(misspelt, 'yaml', (t, l) => analyze(t, l)).text,
    `${H}definition:\n  llm:\n    provider: hosted\n  featureFlags:\n    a: true\n    enable_automations: true\n`,
  );
});

test('every key of an object right below `definition`, written in `definition`: said, and moved there losing nothing', () => {
  // Property test over the schema (seed printed): each field of each object one step below the
  // definition, written one level too high with a value and a comment, in a document that has (or
  // lacks) the block it belongs in.
  const seed = 4_812_207;
  console.log(`keyHome property test seed ${seed}`);
  const rand = mulberry32(seed);
  const def = unwrapNullable(definition('AssistantConfigV2'))!;
  const own = new Set(Object.keys(def.properties ?? {}));
  const keys = new Set<string>();
  for (const s of Object.values(rootSchema.definitions ?? {}))
    for (const k of Object.keys(unwrapNullable(s)?.properties ?? {})) if (!own.has(k)) keys.add(k);
  let said = 0;
  let moved = 0;
  for (const key of [...keys].sort()) {
    const homes = keyHomes(def, key);
    const value = rand() < 0.5 ? 'x1' : '[]';
    const text = `${H}definition:\n  llm:\n    provider: hosted\n  # about ${key}\n  ${key}: ${value} # note ${key}\n`;
    const ds = analyze(text, 'yaml').diagnostics.filter((d) => d.code === 'unknown-property' && d.data?.key === key);
    if (ds.length === 0) continue;
    const d = ds[0]!;
    if (homes.length === 0) {
      assert.doesNotMatch(d.message, /belongs/, key);
      continue;
    }
    said++;
    assert.match(
      d.message,
      new RegExp(`'${key}' belongs (under|in an item of) '${homes[0]!.path[homes[0]!.path.length - 1]}'`),
      key,
    );
    for (const f of fixesFor(text, d).filter((x) => x.title.startsWith('Move'))) {
      moved++;
      keepsEveryLine(text, f.result, `${key}: ${f.title}`);
      const after = analyze(f.result, 'yaml').diagnostics;
      assert.ok(
        !after.some((x) => x.code === 'unknown-property' && x.data?.key === key),
        `${key}: ${f.title}\n${f.result}\n${JSON.stringify(after)}`,
      );
      assert.ok(!after.some((x) => x.code === 'syntax-error'), `${key}: ${f.title}`);
    }
  }
  assert.ok(said >= 10, `homes said for ${said} keys`);
  assert.ok(moved >= 5, `moves offered for ${moved} keys`);
});

/** An example with its `definition:` line taken out and the lines under it moved two columns left. */
function withoutDefinition(example: string): string {
  const lines = example.split('\n');
  const at = lines.findIndex((l) => /^definition:\s*(#.*)?\r?$/.test(l));
  assert.ok(at >= 0, 'the example has a block definition');
  return [...lines.slice(0, at), ...lines.slice(at + 1).map((l) => (l.startsWith('  ') ? l.slice(2) : l))].join('\n');
}

test("the keys of 'definition' all written at the top level: one fix moves them all back, in their order", () => {
  const dir = join(__dirname, '../../../examples');
  let checked = 0;
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.assistant.yaml'))) {
    const example = readFileSync(join(dir, name), 'utf8');
    for (const original of [example, crlf(example)]) {
      const text = withoutDefinition(original);
      const strays = analyze(text, 'yaml').diagnostics.filter((d) => d.code === 'unknown-property');
      assert.ok(strays.length >= 1, `${name}: ${JSON.stringify(strays)}`);
      // (An example whose definition is only its `llm`: the single move, tested above.)
      if (strays.length === 1) continue;
      // From any of the stray keys, the same fix: all of them under a new 'definition', as the example had it.
      for (const d of strays) {
        const all = fixesFor(text, d).filter((f) => /^Move '.*' and .* under a new 'definition'$/.test(f.title));
        assert.equal(all.length, 1, `${name} ${d.data?.key}: ${JSON.stringify(fixesFor(text, d).map((f) => f.title))}`);
        assert.equal(all[0]!.result, original, `${name} ${d.data?.key}`);
        assert.ok(all[0]!.preferred, `${name}: the fix for all is the preferred one`);
      }
      checked++;
    }
  }
  assert.ok(checked >= 8, `${checked} examples`);
});

test('the keys of an existing block written beside it: one fix moves them all in, comments and block scalars with them', () => {
  const text = [
    H,
    'definition:',
    '  llm:',
    '    provider: hosted',
    '# the voice',
    'systemInstructions: |',
    '  Answer briefly.',
    '',
    '  Quote the table you used.',
    '  # (a line of the instructions, not a comment)',
    'maxTableArtifactSampleRows: 5 # small',
    '# last',
    'featureFlags:',
    '  enable_automations: true',
    '',
  ].join('\n');
  const want = [
    H,
    'definition:',
    '  llm:',
    '    provider: hosted',
    '  # the voice',
    '  systemInstructions: |',
    '    Answer briefly.',
    '',
    '    Quote the table you used.',
    '    # (a line of the instructions, not a comment)',
    '  maxTableArtifactSampleRows: 5 # small',
    '  # last',
    '  featureFlags:',
    '    enable_automations: true',
    '',
  ].join('\n');
  for (const [before, after] of [
    [text, want],
    [crlf(text), crlf(want)],
  ] as const) {
    const d = unknownAt(before, 'maxTableArtifactSampleRows');
    const fixes = fixesFor(before, d);
    const all = fixes.find(
      (f) =>
        f.title === "Move 'systemInstructions', 'maxTableArtifactSampleRows' and 'featureFlags' under 'definition'",
    );
    assert.ok(all, JSON.stringify(fixes.map((f) => f.title)));
    assert.equal(all.result, after);
    keepsEveryLine(before, all.result, 'move all');
    assert.ok(!analyze(all.result, 'yaml').diagnostics.some((x) => x.code === 'unknown-property'));
    // The single move stays, not preferred beside the fix for all.
    const one = fixes.find((f) => f.title === "Move 'maxTableArtifactSampleRows' under 'definition'");
    assert.ok(one && !one.preferred && all.preferred);
    // --fix moves them all too: into the block written, each key's one place (REVIEW16-user N2).
    assert.equal(fixAll(before, 'yaml', (t, l) => analyze(t, l)).text, after);
  }
});

test('a key alone in its place keeps the single move; keys an alias points into, or written twice, are not taken along', () => {
  const alone = `${H}definition:\n  llm:\n    provider: hosted\nsystemInstructions: hi\n`;
  const titles = fixesFor(alone, unknownAt(alone, 'systemInstructions')).map((f) => f.title);
  assert.deepEqual(
    titles.filter((t) => t.startsWith('Move')),
    ["Move 'systemInstructions' under 'definition'"],
  );
  const aliased = `${H}definition:\n  llm:\n    provider: hosted\n  aiPrimitivesLlm: *x\nsystemInstructions: hi\nfallbackLlm: &x\n  provider: hosted\n`;
  const ds = analyze(aliased, 'yaml').diagnostics.filter((d) => d.code === 'unknown-property');
  const d = ds.find((x) => x.data?.key === 'systemInstructions');
  if (d) {
    const moves = fixesFor(aliased, d).filter((f) => f.title.startsWith('Move'));
    assert.ok(!moves.some((f) => /fallbackLlm/.test(f.title)), JSON.stringify(moves.map((f) => f.title)));
  }
});

test('a key whose home is written under a misspelt name: renamed and moved under it, not under a second block', () => {
  const text = [
    H,
    'definition:',
    '  llm:',
    '    provider: hosted',
    '  featurFlags: # ours',
    '    enable_visualizations_v2: true',
    '  # on for the pilot',
    '  enable_automations: true',
    '',
  ].join('\n');
  const want = [
    H,
    'definition:',
    '  llm:',
    '    provider: hosted',
    '  featureFlags: # ours',
    '    enable_visualizations_v2: true',
    '    # on for the pilot',
    '    enable_automations: true',
    '',
  ].join('\n');
  for (const [before, after] of [
    [text, want],
    [crlf(text), crlf(want)],
  ] as const) {
    const fixes = fixesFor(before, unknownAt(before, 'enable_automations'));
    const moves = fixes.filter((f) => /^Move|and move/.test(f.title));
    assert.deepEqual(
      moves.map((f) => f.title),
      ["Rename 'featurFlags' to 'featureFlags' and move 'enable_automations' under it"],
    );
    assert.equal(moves[0]!.result, after);
    assert.deepEqual(
      analyze(moves[0]!.result, 'yaml').diagnostics.map((d) => d.code),
      [],
    );
  }
  // Two keys that could each be the slip: not certain, so the move under a new block stays the offer.
  const two = `${H}definition:\n  llm:\n    provider: hosted\n  featurFlags:\n    a: 1\n  featureFlag:\n    b: 2\n  enable_automations: true\n`;
  const titles = fixesFor(two, unknownAt(two, 'enable_automations')).map((f) => f.title);
  assert.ok(!titles.some((t) => t.startsWith('Rename')), JSON.stringify(titles));
});
