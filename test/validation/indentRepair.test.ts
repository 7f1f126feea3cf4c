// Invisible indentation mistakes give one diagnostic each, and the rest of the file is read as meant
// (REVIEW3 F25, the rest of REVIEW2 E12): a tab as the indentation of a nested key, also as the last
// key before a healthy sibling; a no-break space (U+00A0) as indentation or between `provider:` and its
// value, named in the message (never printed: it looks like a space), with a fix to a plain space.
// Everything else in such a file is still found; where such characters are text (block scalars,
// quoted scalars, comments) nothing is said.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../server/src/parser';
import { applyEdit } from '../../server/src/parser/incremental';
import { analyze, applyEdits, getCodeActions, validate } from '../../server/src/service';
import { safeFixFor } from '../../server/src/service/fixAll';
import type { Diagnostic } from '../../server/src/service';

const H = 'kind: AssistantConfig\nversion: v2\n';
const NBSP = '\u00a0';
const crlf = (s: string): string => s.replace(/\n/g, '\r\n');
const diagnostics = (text: string, language: 'yaml' | 'json' = 'yaml'): Diagnostic[] =>
  analyze(text, language).diagnostics;
/** `line:col code` (1-based) and the text the range covers. */
const where = (text: string, ds: Diagnostic[]): string[] =>
  ds.map((d) => {
    const before = text.slice(0, d.offset);
    const line = before.split('\n').length;
    const col = d.offset - (before.lastIndexOf('\n') + 1) + 1;
    return `${line}:${col} ${d.code} ${JSON.stringify(text.slice(d.offset, d.offset + d.length))}`;
  });

test('a tab as the indentation of a nested key: the tab error alone (F25)', () => {
  const TAB = `${H}definition:\n  llm:\n\tprovider: hosted\n  schemaSelector:\n    type: all\n`;
  for (const text of [TAB, crlf(TAB)]) {
    assert.deepEqual(where(text, diagnostics(text)), ['5:1 syntax-error "\\t"']);
    assert.equal(diagnostics(text)[0]!.message, 'Tabs are not allowed as indentation');
  }
});

test('a tab-indented last key before a healthy sibling: the sibling is not blamed at the top level (F25)', () => {
  const TAB2 = `${H}definition:\n  llm:\n    provider: vendor_a\n\tapiKey: {valueFromEnv: K}\n  schemaSelector:\n    type: all\n`;
  for (const text of [TAB2, crlf(TAB2)]) assert.deepEqual(where(text, diagnostics(text)), ['6:1 syntax-error "\\t"']);
  // The tree is what the user meant: the sibling is where it is written, the tabbed key beside `provider`.
  const doc = parse(TAB2, 'yaml');
  const def = doc.root?.type === 'object' ? doc.root.properties.find((p) => p.key.value === 'definition') : undefined;
  const keys = def?.value?.type === 'object' ? def.value.properties.map((p) => p.key.value) : [];
  assert.deepEqual(keys, ['llm', 'schemaSelector']);
  const llm = def?.value?.type === 'object' ? def.value.properties[0]!.value : undefined;
  assert.deepEqual(llm?.type === 'object' ? llm.properties.map((p) => p.key.value) : [], ['provider', 'apiKey']);
  // Offsets are the text's own.
  const apiKey = llm?.type === 'object' ? llm.properties[1]! : undefined;
  assert.equal(TAB2.slice(apiKey!.key.offset, apiKey!.key.offset + apiKey!.key.length), 'apiKey');
});

test('beside tab lines, every other finding is still made: a typo in the sibling, anchors shared between LLM blocks, comments', () => {
  const text = `${H}definition:\n  llm: &main # the main LLM\n    provider: hosted\n\tfallback: {provider: hosted} # tabbed\n  aiPrimitivesLlm: *main\n  schemaSelector:\n    type: al   # typo\n  overrideAiPrimitivesLlm:\n    - primitiveName: summarize\n\tllm: *main\n  contextWindowLimit: 0\n`;
  assert.deepEqual(
    diagnostics(text).map((d) => d.code),
    ['syntax-error', 'unknown-discriminator', 'syntax-error', 'non-positive-limit'],
  );
});

test('REVIEW4 G18: a tab line in a block scalar, with or without an indentation indicator: the tab error alone', () => {
  for (const header of ['|2', '|', '>-']) {
    const text = `${H}definition:\n  systemInstructions: ${header}\n    Be brief.\n\tUse the tab-indented example below.\n    End.\n  llm:\n    provider: hosted\n  maxAssistantActions: 5\n`;
    for (const t of [text, crlf(text)]) assert.deepEqual(where(t, diagnostics(t)), ['6:1 syntax-error "\\t"'], header);
  }
});

test('tabs that YAML allows are left alone: after the indentation in a block scalar, in a comment', () => {
  const text = `${H}definition:\n  llm:\n    provider: hosted\n  systemInstructions: |\n    Steps:\n    \t1. greet\n    \t2. answer\n  # a\tcomment\n`;
  assert.deepEqual(diagnostics(text), []);
});

const NB_INDENT = `${H}definition:\n  llm:\n${NBSP.repeat(4)}provider: hosted\n  schemaSelector:\n    type: all\n`;
const NB_VALUE = `${H}definition:\n  llm:\n    provider:${NBSP}hosted # pasted from the wiki\n    fallback: {provider: hosted}\n`;

test('a no-break space as indentation: one diagnostic naming U+00A0 at its place, a fix to plain spaces (E12, F25)', () => {
  for (const text of [NB_INDENT, crlf(NB_INDENT)]) {
    const doc = parse(text, 'yaml');
    const ds = validate(doc);
    assert.deepEqual(where(text, ds), [`5:1 irregular-whitespace "${NBSP.repeat(4)}"`]);
    assert.match(ds[0]!.message, /U\+00A0 no-break space/);
    assert.ok(!ds[0]!.message.includes(NBSP), 'the character is named, never printed');
    const fix = getCodeActions(doc, ds, ds[0]!).find((a) => a.diagnostic === ds[0])!;
    assert.equal(fix.title, 'Replace them with 4 plain spaces');
    const fixed = applyEdits(text, fix.edits);
    assert.equal(fixed, text.replace(NBSP.repeat(4), '    '));
    assert.deepEqual(diagnostics(fixed), []);
    assert.ok(safeFixFor(doc, ds[0]!), 'lint --fix applies it');
  }
});

test('a no-break space between provider: and its value: named, and the line read as the key and value meant', () => {
  for (const text of [NB_VALUE, crlf(NB_VALUE)]) {
    const ds = diagnostics(text);
    assert.deepEqual(where(text, ds), [`5:14 irregular-whitespace "${NBSP}"`]);
    assert.match(ds[0]!.message, /^A U\+00A0 no-break space between the key and its value/);
    assert.ok(!ds.some((d) => d.message.includes(NBSP)));
  }
  // What the line holds is checked: a misspelt provider is reported.
  const typo = NB_VALUE.replace('hosted', 'hostd');
  assert.deepEqual(
    diagnostics(typo).map((d) => d.code),
    ['irregular-whitespace', 'unknown-discriminator'],
  );
  // A zero-width space after `model:` on the next line too (pasted together): each named once.
  const two = `${H}definition:\n  llm:\n    provider:${NBSP}vendor_b\n    apiKey: {valueFromEnv: K}\n    model:\u200bfast\n`;
  assert.deepEqual(
    diagnostics(two).map((d) => `${d.code} ${/U\+[0-9A-F]{4} [a-z-]+ [a-z-]+( space)?/.exec(d.message)?.[0] ?? ''}`),
    ['irregular-whitespace U+00A0 no-break space', 'irregular-whitespace U+200B zero-width space'],
  );
});

test('no-break spaces that are text are left alone: block scalars, quoted scalars, comments, inside a value', () => {
  const text = `${H}definition:\n  llm:\n    provider: hosted\n  systemInstructions: |\n    Price:${NBSP}100\n    ${NBSP}${NBSP}indented text\n  # note:${NBSP}kept\n  featureFlags:\n    greeting: "Hello:${NBSP}world"\n  threadTitleGeneration:\n    enable: true\n    llm: {provider: hosted}\n`;
  assert.deepEqual(diagnostics(text), []);
});

test('JSON: a no-break space between tokens is named, with the same fix', () => {
  const text = `{\n${NBSP}${NBSP}"kind": "AssistantConfig",\n  "version":${NBSP}"v2",\n  "definition": {"llm": {"provider": "hosted"}}\n}\n`;
  const doc = parse(text, 'json');
  const ds = validate(doc);
  assert.deepEqual(
    ds.map((d) => d.code),
    ['irregular-whitespace', 'irregular-whitespace'],
  );
  assert.ok(ds.every((d) => /U\+00A0 no-break space/.test(d.message) && !d.message.includes(NBSP)));
  let fixed = text;
  for (const d of [...ds].reverse()) fixed = applyEdits(fixed, getCodeActions(doc, ds, d)[0]!.edits);
  assert.deepEqual(diagnostics(fixed, 'json'), []);
});

test('the editor reads an edit that makes such a line as the CLI does (no patch of the tree past it)', () => {
  const clean = `${H}definition:\n  llm:\n    provider: hosted\n  schemaSelector:\n    type: all\n`;
  const prev = parse(clean, 'yaml');
  const at = clean.indexOf('    provider');
  for (const [start, end, insert] of [
    [at, at + 4, '\t'],
    [at, at + 4, NBSP.repeat(4)],
    [clean.indexOf(' hosted'), clean.indexOf(' hosted') + 1, NBSP],
  ] as const) {
    const next = clean.slice(0, start) + insert + clean.slice(end);
    const patched = applyEdit(prev, start, end, insert);
    const full = parse(next, 'yaml');
    if (patched) assert.deepEqual(validate(patched), validate(full));
    assert.equal(validate(full).length, 1, JSON.stringify(next));
  }
});
