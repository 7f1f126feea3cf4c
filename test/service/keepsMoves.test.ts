// The moves that keep what the user wrote where only "Remove" was offered (keep18): a block key beside
// the flow mapping it belongs in (`llm:` and its lines beside `definition: {…}`), written into it in flow
// style; a top-level key that is a field of `definition` written in snake_case (`system_instructions`,
// `schema_selector`: the spec has only v2's `systemInstructions` and `schemaSelector`, under
// `definition`), renamed as it moves; and the comments of the lines a JSON (JSONC) or YAML flow move
// takes, written above the key where it goes instead of left behind. Each applied as the service applies
// it and as Neovim applies the LSP edits; the result must read as the config meant, every comment kept.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse as parseYaml } from 'yaml';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { analyze } from '../../server/src/service/analyze';
import { applyEdits, getCodeActions } from '../../server/src/service/codeActions';
import { toLspEdits } from '../../server/src/lsp/convert';
import { safeFixFor } from '../../server/src/service/fixAll';
import { neovimApply } from '../protocol/neovimApply';
import type { Language } from '../../server/src/parser/ast';
import type { CodeActionEntry } from '../../server/src/service/types';

/** The code actions on the unknown-property of `key`. */
function movesOf(text: string, language: Language, key: string): CodeActionEntry[] {
  const { doc, diagnostics } = analyze(text, language);
  const d = diagnostics.find((x) => x.code === 'unknown-property' && x.data?.key === key);
  assert.ok(d, `${key}: ${diagnostics.map((x) => `${x.code}: ${x.message}`).join(' | ')}`);
  return getCodeActions(doc, diagnostics, d).filter((a) => a.diagnostic === d);
}

/** The action titled `title` applied by the service and by Neovim (the same text), read back. */
function applied(text: string, language: Language, key: string, title: string): { fixed: string; read: unknown } {
  const actions = movesOf(text, language, key);
  const a = actions.find((x) => x.title === title);
  assert.ok(a, `${title}: ${actions.map((x) => x.title).join(' | ')}\n${text}`);
  const fixed = applyEdits(text, a.edits);
  const lsp = toLspEdits(TextDocument.create('file:///x', language, 0, text), a.edits);
  assert.equal(neovimApply(text, lsp), fixed, `${title}: Neovim gets another text`);
  if (text.includes('\r\n')) assert.doesNotMatch(fixed, /(^|[^\r])\n/, `${title}: a bare line feed`);
  // (Errors of other keys written out of place stay theirs.)
  const after = analyze(fixed, language).diagnostics.filter(
    (x) =>
      x.severity === 'error' &&
      x.code !== 'json-not-strict' &&
      !(x.code === 'unknown-property' && x.data?.key !== key && text.includes(String(x.data?.key))),
  );
  assert.deepEqual(
    after.map((x) => `${x.code}: ${x.message}`),
    [],
    fixed,
  );
  const clean = language === 'json' ? fixed.replace(/\/\/[^\r\n]*|\/\*[\s\S]*?\*\//g, '') : fixed;
  return { fixed, read: language === 'json' ? JSON.parse(clean) : parseYaml(clean) };
}

/** The fix lint --fix would apply for the unknown-property of `key`, if any. */
function safeFix(text: string, language: Language, key: string): string | undefined {
  const { doc, diagnostics } = analyze(text, language);
  const d = diagnostics.find((x) => x.code === 'unknown-property' && x.data?.key === key);
  assert.ok(d);
  return safeFixFor(doc, d)?.title;
}

const crlf = (t: string): string => t.replace(/\n/g, '\r\n');

test("a block 'llm:' beside a flow 'definition: {…}' moves into it, in flow style, every value and comment kept", () => {
  const meant = {
    kind: 'AssistantConfig',
    version: 'v2',
    definition: {
      systemInstructions: 'Be brief, cite tables',
      maxAssistantActions: 5,
      llm: {
        provider: 'vendor_a',
        model: 'm-1, large',
        apiKey: { valueFromEnv: 'VENDOR_A_API_KEY' },
        fallback: { provider: 'hosted' },
      },
    },
  };
  const llm = [
    '# the model we use',
    'llm:',
    '  provider: vendor_a # cheapest',
    '  model: "m-1, large"',
    '  apiKey:',
    '    valueFromEnv: VENDOR_A_API_KEY',
    '  fallback: {provider: hosted}',
  ];
  const layouts: [string, string][] = [
    [
      'one line',
      [
        'kind: AssistantConfig',
        'version: v2',
        'definition: {systemInstructions: "Be brief, cite tables", maxAssistantActions: 5}',
        ...llm,
        '',
      ].join('\n'),
    ],
    [
      'over lines, llm first',
      [
        'kind: AssistantConfig',
        'version: v2',
        ...llm,
        'definition: {',
        '  systemInstructions: "Be brief, cite tables",',
        '  maxAssistantActions: 5',
        '}',
        '',
      ].join('\n'),
    ],
  ];
  for (const [name, text] of layouts)
    for (const t of [text, crlf(text)]) {
      const { fixed, read } = applied(t, 'yaml', 'llm', "Move 'llm' under 'definition'");
      assert.deepEqual(read, meant, `${name}:\n${fixed}`);
      for (const c of ['# the model we use', '# cheapest']) assert.ok(fixed.includes(c), `${name}: ${c}\n${fixed}`);
      assert.ok(fixed.includes('model: "m-1, large"'), fixed);
    }
  // Over lines, the comments go with the key, on lines above it in the mapping.
  const { fixed } = applied(layouts[1]![1], 'yaml', 'llm', "Move 'llm' under 'definition'");
  assert.equal(
    fixed,
    [
      'kind: AssistantConfig',
      'version: v2',
      'definition: {',
      '  systemInstructions: "Be brief, cite tables",',
      '  maxAssistantActions: 5,',
      '  # the model we use',
      '  # cheapest',
      '  llm: {provider: vendor_a, model: "m-1, large", apiKey: {valueFromEnv: VENDOR_A_API_KEY}, fallback: {provider: hosted}}',
      '}',
      '',
    ].join('\n'),
  );
  // Not lint --fix's: the editor shows the new form (and where the comments go).
  assert.equal(safeFix(layouts[0]![1], 'yaml', 'llm'), undefined);
});

test("'system_instructions' and 'schema_selector' at the top level: renamed to the fields of 'definition' they are and moved there, text kept", () => {
  const yaml = [
    'kind: AssistantConfig',
    'version: v2',
    '# written for v1',
    'system_instructions: |',
    '  Be brief.',
    '',
    '  Cite the tables: sales, refunds.',
    'schema_selector:',
    '  type: fixed # only these',
    '  tables:',
    '    - {schemaName: sales, tableName: orders, columns: []}',
    'definition:',
    '  llm:',
    '    provider: hosted',
    '',
  ].join('\n');
  const json = [
    '{',
    '  "kind": "AssistantConfig",',
    '  "version": "v2",',
    '  "system_instructions": "Be brief.\\n\\nCite the tables: sales, refunds.\\n",',
    '  "schema_selector": { "type": "fixed", "tables": [{ "schemaName": "sales", "tableName": "orders", "columns": [] }] },',
    '  "definition": {',
    '    "llm": { "provider": "hosted" }',
    '  }',
    '}',
    '',
  ].join('\n');
  const instructions = 'Be brief.\n\nCite the tables: sales, refunds.\n';
  const selector = { type: 'fixed', tables: [{ schemaName: 'sales', tableName: 'orders', columns: [] }] };
  for (const [language, text] of [
    ['yaml', yaml],
    ['json', json],
    ['yaml', crlf(yaml)],
  ] as const) {
    const d = analyze(text, language).diagnostics.find((x) => x.data?.key === 'system_instructions');
    assert.match(
      d?.message ?? '',
      /It is 'systemInstructions' written in snake_case: 'systemInstructions' belongs under 'definition'\./,
    );
    const a = applied(
      text,
      language,
      'system_instructions',
      "Rename 'system_instructions' to 'systemInstructions' and move it under 'definition'",
    );
    const def = (a.read as { definition: Record<string, unknown> }).definition;
    assert.equal(def.systemInstructions, instructions, a.fixed);
    const b = applied(
      text,
      language,
      'schema_selector',
      "Rename 'schema_selector' to 'schemaSelector' and move it under 'definition'",
    );
    assert.deepEqual((b.read as { definition: Record<string, unknown> }).definition.schemaSelector, selector, b.fixed);
    if (language === 'yaml') {
      assert.ok(a.fixed.includes('  # written for v1\n') || a.fixed.includes('  # written for v1\r\n'), a.fixed);
      assert.ok(b.fixed.includes('type: fixed # only these'), b.fixed);
    }
  }
  // Not when 'definition' has the field already (the value would be a duplicate): "Remove" is not the
  // only offer either way, the user's text is theirs to merge.
  const both = yaml.replace('    provider: hosted\n', '    provider: hosted\n  systemInstructions: Answer.\n');
  const titles = movesOf(both, 'yaml', 'system_instructions').map((a) => a.title);
  // A rename is the user's to confirm: not lint --fix's.
  assert.equal(safeFix(yaml, 'yaml', 'system_instructions'), undefined);
  assert.ok(!titles.some((t) => t.includes('and move')), titles.join(' | '));
});

test('JSON (JSONC) and YAML flow moves take the comments above the key and on its lines with it', () => {
  const cases: { name: string; language: Language; text: string; key: string; title: string; expect: string }[] = [
    {
      name: 'JSON, into a mapping over lines',
      language: 'json',
      key: 'enable_automations',
      title: "Move 'enable_automations' under 'featureFlags'",
      text: [
        '{',
        '  "kind": "AssistantConfig",',
        '  "version": "v2",',
        '  "definition": {',
        '    "llm": { "provider": "hosted" },',
        '    // turned on for the pilot',
        '    "enable_automations": true, // ops asked',
        '    /* the flags */',
        '    "featureFlags": {',
        '      "enable_visualizations": false',
        '    }',
        '  }',
        '}',
        '',
      ].join('\n'),
      expect: [
        '{',
        '  "kind": "AssistantConfig",',
        '  "version": "v2",',
        '  "definition": {',
        '    "llm": { "provider": "hosted" },',
        '    /* the flags */',
        '    "featureFlags": {',
        '      "enable_visualizations": false,',
        '      // turned on for the pilot',
        '      // ops asked',
        '      "enable_automations": true',
        '    }',
        '  }',
        '}',
        '',
      ].join('\n'),
    },
    {
      name: 'JSON, into a one-line mapping (written over lines to hold the comments)',
      language: 'json',
      key: 'enable_automations',
      title: "Move 'enable_automations' under 'featureFlags'",
      text: [
        '{',
        '  "kind": "AssistantConfig",',
        '  "version": "v2",',
        '  "definition": {',
        '    "llm": { "provider": "hosted" },',
        '    "enable_automations": true, // ops asked',
        '    "featureFlags": { "enable_visualizations": false }',
        '  }',
        '}',
        '',
      ].join('\n'),
      expect: [
        '{',
        '  "kind": "AssistantConfig",',
        '  "version": "v2",',
        '  "definition": {',
        '    "llm": { "provider": "hosted" },',
        '    "featureFlags": {',
        '      "enable_visualizations": false,',
        '      // ops asked',
        '      "enable_automations": true',
        '    }',
        '  }',
        '}',
        '',
      ].join('\n'),
    },
    {
      name: 'JSON, up one level',
      language: 'json',
      key: 'systemInstructions',
      title: "Move 'systemInstructions' up, beside 'llm'",
      text: [
        '{',
        '  "kind": "AssistantConfig",',
        '  "version": "v2",',
        '  "definition": {',
        '    "llm": {',
        '      "provider": "hosted",',
        '      // for every thread',
        '      "systemInstructions": "Be brief." /* short */',
        '    },',
        '    "maxAssistantActions": 3',
        '  }',
        '}',
        '',
      ].join('\n'),
      expect: [
        '{',
        '  "kind": "AssistantConfig",',
        '  "version": "v2",',
        '  "definition": {',
        '    "llm": {',
        '      "provider": "hosted"',
        '    },',
        '    // for every thread',
        '    /* short */',
        '    "systemInstructions": "Be brief.",',
        '    "maxAssistantActions": 3',
        '  }',
        '}',
        '',
      ].join('\n'),
    },
    {
      name: 'YAML flow mapping over lines',
      language: 'yaml',
      key: 'enable_automations',
      title: "Move 'enable_automations' under 'featureFlags'",
      text: [
        'kind: AssistantConfig',
        'version: v2',
        'definition: {',
        '  llm: {provider: hosted},',
        '  # for the pilot',
        '  enable_automations: true, # ops asked',
        '  featureFlags: {enable_visualizations: false}',
        '}',
        '',
      ].join('\n'),
      expect: [
        'kind: AssistantConfig',
        'version: v2',
        'definition: {',
        '  llm: {provider: hosted},',
        '  featureFlags: {',
        '    enable_visualizations: false,',
        '    # for the pilot',
        '    # ops asked',
        '    enable_automations: true',
        '  }',
        '}',
        '',
      ].join('\n'),
    },
  ];
  for (const c of cases)
    for (const text of [c.text, crlf(c.text)]) {
      const { fixed } = applied(text, c.language, c.key, c.title);
      assert.equal(fixed, text === c.text ? c.expect : crlf(c.expect), `${c.name}:\n${fixed}`);
    }
});
