// Completion sweep over hand-written documents (REVIEW2 E27): at the end of every line, and on a new
// line inserted after every line at that line's indentation and two columns deeper, every offered
// item is accepted alone and the result must parse (the `yaml` package, duplicate keys counted) as
// well as the document did before, every block scalar keeping its text. Where nothing can be
// inserted (a deeper line under a key whose value is already written on its line, a line between a
// block scalar's header and its text) nothing is offered.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { isPair, isScalar, parseDocument, visit } from 'yaml';
import { parse } from '../../server/src/parser';
import { doComplete } from '../../server/src/service/completion';
import { applyCompletion, fakeSecret } from '../helpers';
import type { EnvInfo } from '../../server/src/service/types';

const ENV: EnvInfo = {
  names: () => ['VENDOR_A_API_KEY', 'AWS_ACCESS_KEY_ID'],
  isDefined: () => true,
  sourceOf: () => 'environment',
};

const yamlErrors = (text: string): string[] => parseDocument(text).errors.map((e) => e.message.split('\n')[0]!);

/** The value of every block scalar (`|`, `>`) by its path: an insertion must leave them all as they are. */
function blockScalars(text: string): Map<string, unknown> {
  const out = new Map<string, unknown>();
  const doc = parseDocument(text);
  visit(doc, {
    Scalar(_k, node, path) {
      if (node.type !== 'BLOCK_LITERAL' && node.type !== 'BLOCK_FOLDED') return;
      const keys = path.filter(isPair).map((p) => (isScalar(p.key) ? String(p.key.value) : '?'));
      out.set(keys.join('.'), node.value);
    },
  });
  return out;
}

interface Position {
  text: string;
  offset: number;
  where: string;
}

/** End of every line; a new line after every line at its indentation and two columns deeper. */
function positions(text: string): Position[] {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.split(eol);
  const out: Position[] = [];
  let at = 0;
  for (let l = 0; l < lines.length; l++) {
    const line = lines[l]!;
    at += line.length;
    out.push({ text, offset: at, where: `end of line ${l + 1} ${JSON.stringify(line)}` });
    const ind = /^ */.exec(line)![0];
    for (const extra of ['', '  ']) {
      const fresh = ind + extra;
      const t = text.slice(0, at) + eol + fresh + text.slice(at);
      out.push({
        text: t,
        offset: at + eol.length + fresh.length,
        where: `new line at column ${fresh.length} after line ${l + 1} ${JSON.stringify(line)}`,
      });
    }
    at += eol.length;
  }
  return out;
}

interface SweepResult {
  positions: number;
  applied: number;
  breaking: string[];
}

function sweep(text: string): SweepResult {
  const r: SweepResult = { positions: 0, applied: 0, breaking: [] };
  for (const p of positions(text)) {
    r.positions++;
    const before = yamlErrors(p.text).length;
    const blocks = blockScalars(p.text);
    for (const e of doComplete(parse(p.text, 'yaml'), p.offset, { env: ENV }).items) {
      r.applied++;
      const out = applyCompletion(p.text, e);
      const after = yamlErrors(out);
      if (after.length > before) r.breaking.push(`${p.where}: '${e.label}' → ${after[0]}`);
      const now = blockScalars(out);
      for (const [path, value] of blocks)
        if (now.get(path) !== value) r.breaking.push(`${p.where}: '${e.label}' changes the text of ${path}`);
    }
  }
  return r;
}

const TEAM = `# Team config: anchors defined at first use
kind: AssistantConfig
version: v2
definition:
  llm: &main   # the primary LLM
    provider: vendor_a
    model: big-model-2025
    apiKey:
      valueFromEnv: VENDOR_A_API_KEY   # from vault
    fallback: &backup
      provider: cloud_c
      modelId: claude-ish
      regionName: eu-central-1
      cloudAccessKeyId: {valueFromEnv: AWS_ACCESS_KEY_ID}
      cloudSecretAccessKey: {valueFromEnv: AWS_SECRET_ACCESS_KEY}
  systemInstructions: |
    You are helpful.
      Indented line kept.

    # not a comment, part of the text
  schemaSelector:
    type: llm_selector
    llm: *backup
  overrideAiPrimitivesLlm:
    - primitiveName: summarize
      llm: *main
    - primitiveName: extract
      llm:
        <<: *backup
        modelId: claude-ish-small   # cheaper for extraction
  threadTitleGeneration: {enable: true, llm: *main}
`;

const BROKEN = `# broken on purpose
kind: AssistantConfig
version: v2
definition:
  llm: &l
    provider: vendor_b   # switched from a last week
    modle: gpt-ish        # typo
    apiKey:
      value: ${fakeSecret('sk-' + 'live-', 20, 0x3d41)}   # TODO move to vault
    fallback:
      provider: cloud_a
      endpoint: https://acme.openai.example.com/
      apiKey: {valueFromEnv: CLOUD_A_KEY}
      apiVersion: 2024-06-01
  schemaSelector:
    type: fixd
    tables:
      - schemaName: sales
        tableName: orders
        columns: []
  overrideAiPrimitivesLlm:
    - primitiveName: sumarize
      llm: *l
    - primitiveName: summarize
      llm: {provider: hosted}
  maxAssistantActions: 2.5
  featureFlags:
    enable_visualization: true
    enable_automations: yes
`;

const SW = `kind: AssistantConfig
version: v2
definition:
  llm:
    provider: cloud_b   # we use cloud b
    modelId: m1
    # the project below is the analytics one
    cloudProject: acme   # do not change
    apiKey:
      valueFromEnv: K   # wrong key for cloud_b
    fallback:
      provider: vendor_c
      safetySettings:
        dangerous: blockNone
`;

/** Block scalars whose text looks like YAML (comments, keys) and blank lines inside and after them. */
const BLOCKS = `kind: AssistantConfig
version: v2
definition:
  llm:
    provider: hosted
  systemInstructions: |
    # Role
    You are the analytics assistant.

    key: not a key, text
  schemaSelector:
    type: all
  featureFlags:
    note: >-   # folded
      one

      two
  maxAssistantActions: 3
`;

/** Flow collections and quoted scalars running over several lines. */
const OPEN = `kind: AssistantConfig
version: v2
definition:
  llm: {provider: cloud_c, modelId: m}   # flow
  aiPrimitivesLlm: {provider: cloud_b,
    modelId: m}
  featureFlags: {note: "multi
    line", enable_automation: true}
  systemInstructions: "first
    second"
  overrideAiPrimitivesLlm: [
    {primitiveName: summarize, llm: {provider: hosted}},
  ]
`;

const FLOWS = `kind: AssistantConfig
version: v2
definition:
  llm: &m {provider: hosted}   # the small one
  aiPrimitivesLlm:
    provider: vendor_a
    apiKey: {valueFromEnv: VENDOR_A_API_KEY}   # from vault
    model: "quoted-model"
  schemaSelector: {type: all}
  overrideAiPrimitivesLlm: [{primitiveName: summarize, llm: *m}]
  threadTitleGeneration:
    enable: false
    llm: *m
  featureFlags: {enable_visualization: true}
  maxAssistantActions: 3 # three is plenty
`;

describe('completion sweep: every offered item keeps the document parsable (E27)', () => {
  const docs: [string, string][] = [
    ['team (anchors, merge, block scalar, comments)', TEAM],
    ['broken on purpose', BROKEN],
    ['trailing comments', SW],
    ['flow collections and scalars with comments', FLOWS],
    ['block scalars that look like YAML', BLOCKS],
    ['flow collections and quoted scalars over several lines', OPEN],
    ['over several lines, CRLF', OPEN.replace(/\n/g, '\r\n')],
    ['team in CRLF', TEAM.replace(/\n/g, '\r\n')],
    ['flows in CRLF', FLOWS.replace(/\n/g, '\r\n')],
  ];
  for (const [name, text] of docs)
    test(name, () => {
      const r = sweep(text);
      console.log(`  ${name}: ${r.positions} positions, ${r.applied} items accepted`);
      assert.ok(r.applied > 30, 'the sweep offers items at all');
      assert.deepEqual(r.breaking, []);
    });
});

/** Completion items at the `|` marker (`¦` stands for a literal bar). */
function itemsAt(marked: string): string[] {
  const offset = marked.indexOf('|');
  assert.ok(offset >= 0);
  const text = (marked.slice(0, offset) + marked.slice(offset + 1)).replace(/¦/g, '|');
  return doComplete(parse(text, 'yaml'), offset, { env: ENV }).items.map((e) => e.label);
}

describe('completion under a key whose value is already written on its line (E27)', () => {
  const HEAD = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
  const nothing: [string, string][] = [
    ['a flow EnvironmentValue', `${HEAD}  llm:\n    provider: vendor_a\n    apiKey: {valueFromEnv: K}\n      |\n`],
    ['a flow mapping with a trailing comment', `${HEAD}  threadTitleGeneration: {enable: true}   # on\n    |\n`],
    ['a flow sequence', `${HEAD}  overrideAiPrimitivesLlm: [{primitiveName: summarize}]\n    |\n`],
    ['a flow sequence, an item marker typed', `${HEAD}  overrideAiPrimitivesLlm: []\n    - |\n`],
    ['a scalar with a comment', `${HEAD}  llm:\n    provider: cloud_b   # we use cloud b\n      |\n`],
    ['an alias', `${HEAD}  llm: &m\n    provider: hosted\n  aiPrimitivesLlm: *m\n    |\n`],
    ['an anchored flow mapping', `${HEAD}  llm: &m {provider: hosted}\n    |\n`],
    ['a half-typed key under a scalar', `${HEAD}  llm:\n    provider: hosted\n      fall|\n`],
    ['a value typed under a scalar', `${HEAD}  llm:\n    provider: hosted\n      fallback: |\n`],
    [
      'CRLF',
      `${HEAD}  llm:\r\n    provider: vendor_a\r\n    apiKey: {valueFromEnv: K}\r\n      |\r\n`.replace(
        /(?<!\r)\n/g,
        '\r\n',
      ),
    ],
    ['a top-level key indented above `kind:`', `# header\n  |\n${HEAD}`],
    // A key between a block scalar's header and its text would make the text another key's value.
    [
      'between a block scalar header and its text',
      `${HEAD}  systemInstructions: ¦\n  |\n    # Role\n    Be brief.\n  maxAssistantActions: 3\n`,
    ],
    [
      'a blank line inside a block scalar text',
      `${HEAD}  systemInstructions: >-\n    Be brief.\n\n  |\n    Cite tables.\n  maxAssistantActions: 3\n`,
    ],
    [
      'inside a flow mapping opened above, at its key’s column',
      `${HEAD}  llm: {provider: hosted,\n  |\n    model: m}\n`,
    ],
    ['below a flow mapping closed on a later line', `${HEAD}  llm: {provider: hosted,\n    model: m}\n    |\n`],
    ['inside a quoted scalar opened above', `${HEAD}  systemInstructions: "first\n    |\n    second"\n`],
    [
      'between a header and its text, CRLF',
      `${HEAD}  systemInstructions: ¦+\r\n  |\r\n    Be brief.\r\n`.replace(/(?<!\r)\n/g, '\r\n'),
    ],
  ];
  for (const [name, marked] of nothing) test(`nothing: ${name}`, () => assert.deepEqual(itemsAt(marked), []));

  const something: [string, string, string][] = [
    ['an anchor alone is no value (E14)', `${HEAD}  llm: &m\n    |\n`, 'provider'],
    ['a comment alone is no value', `${HEAD}  llm:   # the main one\n    |\n`, 'provider'],
    ['the enclosing mapping at its own column', `${HEAD}  llm:\n    apiKey: {valueFromEnv: K}\n    |\n`, 'provider'],
    ['a block EnvironmentValue', `${HEAD}  llm:\n    provider: vendor_a\n    apiKey:\n      |\n`, 'valueFromEnv'],
    ['a list item under an empty key', `${HEAD}  overrideAiPrimitivesLlm:\n    - |\n`, 'primitiveName'],
    [
      'inside a flow mapping opened above, deeper: its keys, flow style',
      `${HEAD}  llm: {provider: hosted,\n    |\n    model: m}\n`,
      'fallback',
    ],
    [
      'a blank line after a block scalar text',
      `${HEAD}  systemInstructions: ¦\n    Be brief.\n\n  |\n  maxAssistantActions: 3\n`,
      'featureFlags',
    ],
  ];
  for (const [name, marked, label] of something)
    test(`still offered: ${name}`, () => assert.ok(itemsAt(marked).includes(label), itemsAt(marked).join(', ')));
});
