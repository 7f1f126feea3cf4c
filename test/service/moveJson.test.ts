// A key in the wrong mapping, in JSON and in YAML flow mappings (REVIEW16-user N2, REVIEW15-user U6):
// the move that YAML block mappings had, not only "Remove", which lost the value. Each slip is written
// the ways users and scripts write JSON (2 and 4 spaces, tabs, one line, CRLF), and the whole file as
// one YAML flow mapping; the move is applied as the service applies it and as Neovim applies the edits
// the server sends (LSP order: by position, at one position the inserts first). The result must parse,
// read exactly the config the user meant (every value as written), and have no unknown-property left.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse as parseYaml } from 'yaml';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyze } from '../../server/src/service/analyze';
import { applyEdits, getCodeActions } from '../../server/src/service/codeActions';
import { toLspEdits } from '../../server/src/lsp/convert';
import { neovimApply } from '../protocol/neovimApply';
import type { Diagnostic } from '../../server/src/service/codes';
import type { Language } from '../../server/src/parser/ast';
import type { CodeActionEntry, TextEdit } from '../../server/src/service/types';

type Obj = Record<string, unknown>;

/** Edits applied as Neovim's apply_text_edits applies the LSP edits the server sends for them. */
function neovimApplyFix(text: string, edits: readonly TextEdit[]): string {
  return neovimApply(text, toLspEdits(TextDocument.create('file:///x', 'json', 0, text), edits));
}

/** The value with every mapping's keys sorted (key order is the user's, not what the file means). */
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, canonical((v as Obj)[k])]),
    );
  return v;
}

const head = { kind: 'AssistantConfig', version: 'v2' };
const hosted = { provider: 'hosted' };
const instructions = 'Answer briefly.\n\tCite the "table" you used: \\ and \u00e9 as written.';

interface Slip {
  name: string;
  /** The file as the user wrote it (a key in the wrong mapping), in key order. */
  slipped: Obj;
  /** The config they meant. */
  meant: Obj;
  key: string;
  title: string;
}

const SLIPS: Slip[] = [
  {
    name: "a feature flag written in 'definition', beside 'featureFlags'",
    slipped: {
      ...head,
      definition: { llm: hosted, enable_automations: true, featureFlags: { enable_visualizations: false } },
    },
    meant: {
      ...head,
      definition: { llm: hosted, featureFlags: { enable_visualizations: false, enable_automations: true } },
    },
    key: 'enable_automations',
    title: "Move 'enable_automations' under 'featureFlags'",
  },
  {
    name: "a feature flag beside an empty 'featureFlags'",
    slipped: { ...head, definition: { llm: hosted, featureFlags: {}, enable_visualizations_v2: true } },
    meant: { ...head, definition: { llm: hosted, featureFlags: { enable_visualizations_v2: true } } },
    key: 'enable_visualizations_v2',
    title: "Move 'enable_visualizations_v2' under 'featureFlags'",
  },
  {
    name: "'valueFromEnv' beside 'provider' (a new 'apiKey')",
    slipped: {
      ...head,
      definition: { llm: { provider: 'vendor_a', model: 'm-1.5', valueFromEnv: 'VENDOR_A_API_KEY', baseUrl: 'x' } },
    },
    meant: {
      ...head,
      definition: {
        llm: { provider: 'vendor_a', model: 'm-1.5', apiKey: { valueFromEnv: 'VENDOR_A_API_KEY' }, baseUrl: 'x' },
      },
    },
    key: 'valueFromEnv',
    title: "Move 'valueFromEnv' under a new 'apiKey'",
  },
  {
    name: "'tables' without its 'schemaSelector' (a new one, type fixed)",
    slipped: {
      ...head,
      definition: {
        llm: hosted,
        tables: [{ schemaName: 'sales', tableName: 'orders', columns: ['id', 'total'] }],
        contextWindowLimit: 1.5e4,
      },
    },
    meant: {
      ...head,
      definition: {
        llm: hosted,
        schemaSelector: {
          type: 'fixed',
          tables: [{ schemaName: 'sales', tableName: 'orders', columns: ['id', 'total'] }],
        },
        contextWindowLimit: 1.5e4,
      },
    },
    key: 'tables',
    title: "Move 'tables' under a new 'schemaSelector' (type: fixed)",
  },
  {
    name: "'maxItems' beside the LLM selector it belongs to",
    slipped: {
      ...head,
      definition: { llm: hosted, maxItems: 40, schemaSelector: { type: 'llm_selector', llm: hosted } },
    },
    meant: {
      ...head,
      definition: { llm: hosted, schemaSelector: { type: 'llm_selector', llm: hosted, maxItems: 40 } },
    },
    key: 'maxItems',
    title: "Move 'maxItems' under 'schemaSelector'",
  },
  {
    name: "'systemInstructions' pasted into 'llm' (one level up)",
    slipped: {
      ...head,
      definition: {
        llm: { provider: 'hosted', systemInstructions: instructions, specificLlm: null },
        maxAssistantActions: 3,
      },
    },
    meant: {
      ...head,
      definition: {
        llm: { provider: 'hosted', specificLlm: null },
        systemInstructions: instructions,
        maxAssistantActions: 3,
      },
    },
    key: 'systemInstructions',
    title: "Move 'systemInstructions' up, beside 'llm'",
  },
  {
    name: "'llm' left at the top level beside a 'definition' without it (U6)",
    slipped: {
      ...head,
      llm: {
        provider: 'cloud_b',
        modelId: 'g',
        cloudProject: 'p',
        cloudLocation: 'eu',
        cloudServiceAccountKeyJson: { valueFromEnv: 'SA' },
      },
      definition: { systemInstructions: instructions },
    },
    meant: {
      ...head,
      definition: {
        systemInstructions: instructions,
        llm: {
          provider: 'cloud_b',
          modelId: 'g',
          cloudProject: 'p',
          cloudLocation: 'eu',
          cloudServiceAccountKeyJson: { valueFromEnv: 'SA' },
        },
      },
    },
    key: 'llm',
    title: "Move 'llm' under 'definition'",
  },
  {
    name: "every key of 'definition' at the top level (one move for all)",
    slipped: { ...head, llm: hosted, systemInstructions: instructions, featureFlags: { enable_automations: true } },
    meant: {
      ...head,
      definition: { llm: hosted, systemInstructions: instructions, featureFlags: { enable_automations: true } },
    },
    key: 'systemInstructions',
    title: "Move 'llm', 'systemInstructions' and 'featureFlags' under a new 'definition'",
  },
];

const LAYOUTS: { name: string; write: (o: Obj) => string }[] = [
  { name: '2 spaces', write: (o) => JSON.stringify(o, null, 2) + '\n' },
  { name: '4 spaces', write: (o) => JSON.stringify(o, null, 4) + '\n' },
  { name: 'tabs', write: (o) => JSON.stringify(o, null, '\t') + '\n' },
  { name: 'one line', write: (o) => JSON.stringify(o) },
  { name: 'CRLF', write: (o) => JSON.stringify(o, null, 2).replace(/\n/g, '\r\n') + '\r\n' },
  // Prettier's layout: short objects on one line.
  {
    name: 'one-line inner objects',
    write: (o) => JSON.stringify(o, null, 2).replace(/\{\n\s*("[^"]*": ("[^"]*"|\w+))\n\s*\}/g, '{ $1 }') + '\n',
  },
];

/** The quick fixes of the diagnostic at `d`'s place with `d`'s code and key, on a fresh analysis of `text`. */
function actionsFor(text: string, language: Language, d: Diagnostic): CodeActionEntry[] {
  const { doc, diagnostics } = analyze(text, language);
  const same = diagnostics.find((x) => x.code === d.code && x.offset === d.offset && x.message === d.message);
  assert.ok(same, d.message);
  // (An action that fixes several diagnostics is listed once, on the first, naming the others.)
  return getCodeActions(doc, diagnostics, same, { dotenv: { text: '' } }).filter(
    (a) => a.diagnostic === same || a.alsoFixes?.includes(same) === true,
  );
}

function readBack(text: string, language: Language): unknown {
  return language === 'json' ? JSON.parse(text) : parseYaml(text);
}

test('a key in the wrong mapping moves where it belongs, in every JSON layout and as a YAML flow mapping, value for value', () => {
  let checked = 0;
  for (const s of SLIPS)
    for (const layout of LAYOUTS)
      for (const language of ['json', 'yaml'] as const) {
        const text = layout.write(s.slipped);
        const where = `${s.name} (${layout.name}, ${language})`;
        const d = analyze(text, language).diagnostics.find(
          (x) => x.code === 'unknown-property' && x.data?.key === s.key,
        );
        assert.ok(d, `${where}: ${JSON.stringify(analyze(text, language).diagnostics)}`);
        const actions = actionsFor(text, language, d);
        const move = actions.find((a) => a.title === s.title);
        assert.ok(move, `${where}: ${actions.map((a) => a.title).join(' | ')}`);
        assert.equal(move.isPreferred, true, where);
        const fixed = applyEdits(text, move.edits);
        assert.equal(neovimApplyFix(text, move.edits), fixed, `${where}: Neovim gets another text`);
        assert.deepEqual(canonical(readBack(fixed, language)), canonical(s.meant), `${where}:\n${fixed}`);
        const after = analyze(fixed, language).diagnostics;
        assert.deepEqual(
          after.filter((x) => x.severity === 'error').map((x) => x.message),
          [],
          `${where}:\n${fixed}`,
        );
        // Line endings stay the file's; a one-line file stays on one line.
        if (text.includes('\r\n')) assert.doesNotMatch(fixed, /(^|[^\r])\n/, where);
        if (!text.includes('\n')) assert.ok(!fixed.includes('\n'), `${where}:\n${fixed}`);
        checked++;
      }
  assert.equal(checked, SLIPS.length * LAYOUTS.length * 2);
});

test('JSON: the moved value keeps its text byte for byte (escapes, number spelling, inner layout shifted with its key)', () => {
  const text = [
    '{',
    '  "kind": "AssistantConfig",',
    '  "version": "v2",',
    '  "definition": {',
    '    "llm": {',
    '      "provider": "hosted",',
    '      "contextWindowLimit": 1.0E4,',
    '      "systemInstructions": "caf\\u00e9 \\"quoted\\"\\n\\tnext"',
    '    },',
    '    "maxItems": [',
    '      40,   2',
    '    ],',
    '    "schemaSelector": {"type": "llm_selector", "llm": {"provider": "hosted"}}',
    '  }',
    '}',
    '',
  ].join('\n');
  const { doc, diagnostics } = analyze(text, 'json');
  const results = new Map<string, string>();
  for (const d of diagnostics.filter((x) => x.code === 'unknown-property')) {
    const move = getCodeActions(doc, diagnostics, d, {}).find((a) => a.diagnostic === d && a.title.startsWith('Move'));
    assert.ok(move, d.message);
    results.set(String(d.data?.key), applyEdits(text, move.edits));
  }
  assert.ok(
    results.get('contextWindowLimit')?.includes('\n    "contextWindowLimit": 1.0E4,\n'),
    results.get('contextWindowLimit'),
  );
  assert.ok(
    results.get('systemInstructions')?.includes('\n    "systemInstructions": "caf\\u00e9 \\"quoted\\"\\n\\tnext",\n'),
    results.get('systemInstructions'),
  );
  // (maxItems is no integer list: the move is offered, its own error said there, the text as written.)
  const items = results.get('maxItems');
  assert.ok(
    items?.includes('{"type": "llm_selector", "llm": {"provider": "hosted"}, "maxItems": [\n      40,   2\n    ]}'),
    items,
  );
});

test('JSON with comments (JSONC): every comment is still there after the move', () => {
  const text = [
    '{',
    '  "kind": "AssistantConfig",',
    '  "version": "v2",',
    '  "definition": {',
    '    "llm": { "provider": "hosted" },',
    '    // turned on for the pilot',
    '    "enable_automations": true, // ops asked',
    '    "featureFlags": {',
    '      "enable_visualizations": true /* v1 */',
    '    }',
    '  }',
    '}',
    '',
  ].join('\n');
  const d = analyze(text, 'json').diagnostics.find((x) => x.code === 'unknown-property');
  assert.ok(d);
  const move = actionsFor(text, 'json', d).find((a) => a.title === "Move 'enable_automations' under 'featureFlags'");
  assert.ok(move);
  const fixed = applyEdits(text, move.edits);
  for (const c of ['// turned on for the pilot', '// ops asked', '/* v1 */'])
    assert.ok(fixed.includes(c), `${c}:\n${fixed}`);
  assert.deepEqual(
    analyze(fixed, 'json').diagnostics.map((x) => x.code),
    ['json-not-strict', 'json-not-strict', 'json-not-strict'],
    fixed,
  );
});

test('no move where it cannot be certain and lossless', () => {
  const none: [string, Language, string][] = [
    // A YAML block mapping holding a block scalar cannot go into a flow mapping (a block mapping of
    // one-line scalars is written in flow style: test/service/keepsMoves.test.ts).
    [
      'llm',
      'yaml',
      'kind: AssistantConfig\nversion: v2\nllm:\n  provider: hosted\n  x: |\n    text\ndefinition: {systemInstructions: hi}\n',
    ],
    // A plain scalar with a comma would read differently in a flow mapping.
    [
      'systemInstructions',
      'yaml',
      'kind: AssistantConfig\nversion: v2\ndefinition: {llm: {provider: hosted}}\nsystemInstructions: be brief, cite\n',
    ],
    // The target has the key already.
    [
      'enable_automations',
      'json',
      '{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "hosted"}, "enable_automations": true, "featureFlags": {"enable_automations": false}}}',
    ],
    // An empty target holding a comment: where the key goes beside it is not certain.
    [
      'enable_automations',
      'json',
      '{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "hosted"}, "enable_automations": true, "featureFlags": { /* none yet */ }}}',
    ],
    // The target is another variant.
    [
      'tables',
      'json',
      '{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "hosted"}, "schemaSelector": {"type": "all"}, "tables": []}}',
    ],
  ];
  for (const [key, language, text] of none) {
    const ds = analyze(text, language).diagnostics.filter((d) => d.code === 'unknown-property' && d.data?.key === key);
    assert.ok(ds.length > 0, `${key}: ${JSON.stringify(analyze(text, language).diagnostics)}`);
    for (const d of ds) {
      const titles = actionsFor(text, language, d).map((a) => a.title);
      assert.ok(!titles.some((t) => /^Move|and move/.test(t)), `${key}: ${titles.join(' | ')}\n${text}`);
    }
  }
});

test('YAML flow with anchors: a move that would put an alias before its anchor is not offered (nor a removal of the anchor); one that keeps it after is', () => {
  const before =
    '{kind: AssistantConfig, version: v2, llm: &l {provider: hosted}, definition: {aiPrimitivesLlm: *l}}\n';
  const d = analyze(before, 'yaml').diagnostics.find((x) => x.code === 'unknown-property' && x.data?.key === 'llm');
  assert.ok(d);
  assert.deepEqual(
    actionsFor(before, 'yaml', d).map((a) => a.title),
    [],
  );
  const after =
    'kind: AssistantConfig\nversion: v2\ndefinition: {aiPrimitivesLlm: &l {provider: hosted}}\nllm: *l # shared\n';
  const e = analyze(after, 'yaml').diagnostics.find((x) => x.code === 'unknown-property' && x.data?.key === 'llm');
  assert.ok(e);
  const move = actionsFor(after, 'yaml', e).find((a) => a.title === "Move 'llm' under 'definition'");
  assert.ok(move);
  assert.equal(
    applyEdits(after, move.edits),
    // (Its comment goes with it: the one-line mapping is written over lines to hold it.)
    'kind: AssistantConfig\nversion: v2\ndefinition: {\n  aiPrimitivesLlm: &l {provider: hosted},\n  # shared\n  llm: *l\n}\n',
  );
});
