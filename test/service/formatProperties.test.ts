// Property test of YAML formatting: hand-written documents (block scalars, scalars over several
// lines, flow collections, anchors and merges, tags, number literals, a second document) with comment
// lines inserted at every line, at every indentation, alone and in pairs (a column-0 comment then an
// indented one: REVIEW3 F1), at the end of a document and before `---`, plus seeded random
// insertions of comments and blank lines. For each: formatting twice gives the same text, every
// comment survives in order, and the data read by the `yaml` package is unchanged.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Lexer, parseAllDocuments } from 'yaml';
import { parse } from '../../server/src/parser';
import { applyEdits, formatDocumentOutcome } from '../../server/src/service';
import { testSeed } from '../seed';

const SEED = testSeed('format properties', 0xf0a7, 'FORMAT_PROPERTY_SEED');

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BASES: string[] = [
  [
    'kind: AssistantConfig',
    'version: v2',
    'definition:',
    '  llm: &main',
    '    provider: vendor_a',
    '    apiKey:',
    '      valueFromEnv: VENDOR_KEY',
    '  systemInstructions: >-',
    '    Be brief,',
    '    and cite the tables.',
    '',
    '      - an indented line',
    '    Never guess.',
    '  aiPrimitivesLlm: *main',
    '  maxAssistantActions: 012',
    '  contextWindowLimit: +4096',
    '  featureFlags:',
    '    ratio: 1e3',
    '    hex: 0x0C',
    '',
  ].join('\n'),
  [
    'kind: AssistantConfig',
    'version: v2',
    'definition:',
    '    llm: {provider: hosted}',
    '    schemaSelector:',
    '        type: fixed',
    '        tables:',
    '        -   schemaName: sales',
    '            tableName: orders',
    '        -   schemaName: fin',
    "            tableName: 'ledger'",
    '    systemInstructions: This is a long plain',
    '        scalar over several lines',
    '    selectorInstructions: "a quoted',
    '        one \\u00e9"',
    '---',
    'kind: AssistantConfig',
    'version: v2',
    'definition:',
    '  llm:',
    '    provider: hosted',
    '    model: !!str 4',
    '  instructions: !!str |',
    '    Prefer fact tables.',
    '',
  ].join('\n'),
  [
    'kind: AssistantConfig',
    'version: v2',
    'definition:',
    '  llm:',
    '    <<: *shared',
    '    provider: hosted',
    '  fallback:',
    '    llm:',
    '      provider: hosted',
    '      fallback:',
    '        llm:',
    '          provider: vendor_a',
    '  list:',
    '    - a',
    '    - - nested',
    '      - items',
    '    - key: value',
    '      other: |',
    '        literal',
    '...',
    '---',
    '',
  ].join('\n'),
];

const fmt = (text: string): string | undefined => {
  const outcome = formatDocumentOutcome(parse(text, 'yaml'), { tabSize: 2, insertSpaces: true });
  return outcome.refused !== undefined ? undefined : applyEdits(text, outcome.edits);
};

const readable = (text: string): boolean => {
  const docs = parseAllDocuments(text, { uniqueKeys: false });
  return docs.every((d) => d.errors.length === 0) && !parse(text, 'yaml').problems.some((p) => p.kind === 'syntax');
};

const data = (text: string): string =>
  JSON.stringify(
    parseAllDocuments(text, { uniqueKeys: false }).map((d) => [
      d.errors.map((e) => e.code),
      d.toJS({ maxAliasCount: -1 }),
    ]),
  );

const comments = (text: string): string[] => {
  const out: string[] = [];
  for (const t of new Lexer().lex(text)) if (t.startsWith('#')) out.push(t.trimEnd());
  return out;
};

/** The documents to check: the bases with comment lines inserted at every place, then seeded random edits. */
function* cases(): Generator<[string, string]> {
  // The bases with an undefined anchor are completed so that every variant reads.
  const bases = BASES.map((b) => b.replace('<<: *shared', '<<: {model: m}'));
  let n = 0;
  for (const [b, base] of bases.entries()) {
    const lines = base.split('\n');
    for (let at = 0; at <= lines.length; at++) {
      for (const indent of [0, 2, 5]) {
        const pad = ' '.repeat(indent);
        const other = ' '.repeat(indent === 0 ? 2 : 0);
        const inserts = [
          [`${pad}# c${n}`],
          [`${pad}# c${n}`, `${other}# d${n}`],
          ['', `${pad}# c${n}`],
          [`${pad}# c${n}`, '', `${other}# d${n}`],
        ];
        for (const ins of inserts) {
          const t = [...lines.slice(0, at), ...ins, ...lines.slice(at)].join('\n');
          n++;
          yield [`base ${b}, line ${at}, ${JSON.stringify(ins)}`, t];
        }
      }
    }
  }
  const random = rng(SEED);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(random() * a.length)]!;
  for (let k = 0; k < 250; k++) {
    const lines = pick(bases).split('\n');
    const edits = 1 + Math.floor(random() * 4);
    for (let e = 0; e < edits; e++) {
      const at = Math.floor(random() * (lines.length + 1));
      const kind = random();
      if (kind < 0.45) lines.splice(at, 0, `${' '.repeat(Math.floor(random() * 10))}# r${k}_${e}`);
      else if (kind < 0.75 && at < lines.length && lines[at]!.trim() !== '')
        lines[at] = `${lines[at]!}${' '.repeat(1 + Math.floor(random() * 3))}# t${k}_${e}`;
      else lines.splice(at, 0, '');
    }
    yield [`random ${k}`, lines.join('\n')];
  }
}

test('formatting is idempotent and keeps every comment and the data, comments anywhere (REVIEW3 F1)', () => {
  let checked = 0;
  let refused = 0;
  for (const [name, text] of cases()) {
    if (!readable(text)) continue;
    checked++;
    const once = fmt(text);
    if (once === undefined) {
      refused++;
      continue;
    }
    const twice = fmt(once);
    assert.equal(twice, once, `${name}: a second formatting changes the text\n--- input\n${text}\n--- once\n${once}`);
    assert.deepEqual(
      comments(once),
      comments(text),
      `${name}: the comments changed\n--- input\n${text}\n--- once\n${once}`,
    );
    assert.equal(data(once), data(text), `${name}: the data changed\n--- input\n${text}\n--- once\n${once}`);
  }
  console.log(`format properties: ${checked} documents checked, ${refused} refused`);
  assert.ok(checked > 800, `enough readable documents (${checked})`);
  // Refusing is safe but says the formatter failed the user: none of these documents needs it.
  assert.equal(refused, 0, 'documents the formatter refused');
});
