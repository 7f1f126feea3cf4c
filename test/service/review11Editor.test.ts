// REVIEW10 L5, L9, L10 and the move-misplaced-keys alias guard (editor13), on material written as
// users write it: a multi-document file with a BOM, comments, anchors and block scalars, LF and CRLF.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse, LineIndex } from '../../server/src/parser';
import {
  analyze,
  anchorDefinition,
  anchorReferences,
  documentLinks,
  documentSymbols,
  doHover,
  foldingRanges,
  inlayHints,
  renameAnchor,
  selectionRanges,
  applyEdits,
  doComplete,
} from '../../server/src/service';
import { cursor } from '../helpers';
import { getCodeActions } from '../../server/src/service/codeActions';
import type { SymbolEntry } from '../../server/src/service';

const FIRST = [
  '\uFEFF# first: the production assistant',
  '---',
  'kind: AssistantConfig',
  'version: v2',
  'definition:',
  '  llm: &base   # shared',
  '    provider: hosted',
  '  systemInstructions: >-',
  '    You answer questions',
  '    about sales data.',
  '  aiPrimitivesLlm: *base',
].join('\n');
const SECOND = [
  '---',
  '# staging',
  'kind: AssistantConfig',
  'version: v2',
  'definition:',
  '  llm: &stage',
  '    provider: hostd   # typo, reported',
  '    fallback:',
  '      provider: cloud_a',
  '      endpoint: https://stage.example.com/v1',
  '      apiKey: {valueFromEnv: STAGE_KEY}',
  '  threadTitleGeneration:',
  '    enable: true',
  '    llm: *stage',
].join('\n');
const NOTES = ['---', 'notes:', '  owner: data team', '  channels:', '    - sales', '    - ops'].join('\n');

const names = (s: readonly SymbolEntry[]): string[] => s.map((x) => x.name);
const find = (s: readonly SymbolEntry[], path: string[]): SymbolEntry | undefined => {
  let cur: SymbolEntry | undefined;
  let list = s;
  for (const n of path) {
    cur = list.find((x) => x.name === n);
    if (!cur) return undefined;
    list = cur.children;
  }
  return cur;
};

for (const eol of ['\n', '\r\n']) {
  const text = [FIRST, SECOND, NOTES, ''].join('\n').replace(/\n/g, eol);
  const doc = parse(text, 'yaml');
  const at = (needle: string, from = 0): number => {
    const i = text.indexOf(needle, from);
    assert.ok(i >= 0, needle);
    return i;
  };
  const second = at('# staging');
  const lines = new LineIndex(text);
  const lineOf = (needle: string, from = 0): number => lines.positionAt(at(needle, from)).line;
  const label = eol === '\n' ? 'LF' : 'CRLF';

  test(`L5 (${label}): the outline lists every document of the file, in order`, () => {
    const syms = documentSymbols(doc);
    assert.deepEqual(names(syms), ['kind', 'version', 'definition', 'kind', 'version', 'definition', 'notes']);
    // The second document's error is where the outline shows it.
    const p = find(syms.slice(3), ['definition', 'llm', 'provider']);
    assert.equal(p?.detail, 'hostd');
    assert.equal(p.offset, at('provider: hostd'));
    assert.equal(
      find(syms.slice(3), ['definition', 'llm', 'fallback', 'endpoint'])?.detail,
      'https://stage.example.com/v1',
    );
    assert.deepEqual(names(find(syms, ['notes', 'channels'])!.children), ['sales', 'ops']);
    // Every symbol lies inside its parent and in the text it names.
    const check = (list: readonly SymbolEntry[], from: number, to: number): void => {
      for (const s of list) {
        assert.ok(s.offset >= from && s.offset + s.length <= to, `${s.name} ${s.offset}`);
        check(s.children, s.offset, s.offset + s.length);
      }
    };
    check(syms, 0, text.length);
  });

  test(`L5 (${label}): every document's blocks fold`, () => {
    const folds = foldingRanges(doc).map((f) => `${f.startLine}-${f.endLine}${f.kind ? ` ${f.kind}` : ''}`);
    const defTwo = lineOf('definition:', second);
    const llmTwo = lineOf('llm: &stage');
    const fb = lineOf('fallback:');
    const tt = lineOf('threadTitleGeneration:');
    const notes = lineOf('notes:');
    for (const want of [
      `${lineOf('definition:')}-${lineOf('aiPrimitivesLlm')}`,
      `${defTwo}-${lineOf('llm: *stage')}`,
      `${llmTwo}-${lineOf('apiKey:', second)}`,
      `${fb}-${lineOf('apiKey:', second)}`,
      `${tt}-${lineOf('llm: *stage')}`,
      `${notes}-${lineOf('- ops')}`,
      `${lineOf('channels:')}-${lineOf('- ops')}`,
    ])
      assert.ok(folds.includes(want), `${want} in ${folds.join(' ')}`);
    // No range twice (the file's comment runs are counted once).
    assert.equal(new Set(folds).size, folds.length, folds.join(' '));
  });

  test(`L5 (${label}): selection ranges, hover, anchors, links and hints in the second document`, () => {
    // Selection grows from the word through the second document's own mappings.
    const sel = selectionRanges(doc, at('cloud_a') + 2).map((r) => text.slice(r.offset, r.offset + r.length));
    assert.equal(sel[0], 'cloud_a');
    assert.ok(
      sel.some((s) => s.startsWith('fallback:')),
      sel.join(' | '),
    );
    assert.ok(
      sel.some((s) => s.startsWith('llm: &stage')),
      sel.join(' | '),
    );
    // Hover on a key of the second AssistantConfig: its documentation.
    const h = doHover(doc, at('endpoint:', second) + 2);
    assert.ok(h && /endpoint/i.test(h.contents), h?.contents);
    // None on the notes document (not an AssistantConfig).
    assert.equal(doHover(doc, at('owner:') + 1), undefined);
    // Go to definition and references of `*stage`, in its own document.
    const alias = at('*stage') + 2;
    assert.deepEqual(anchorDefinition(doc, alias), { offset: at('&stage'), length: '&stage'.length });
    assert.deepEqual(
      anchorReferences(doc, at('&stage') + 1, true).map((r) => text.slice(r.offset, r.offset + r.length)),
      ['&stage', '*stage'],
    );
    // Rename there: both marks, nothing in the first document.
    const r = renameAnchor(doc, alias, 'staging');
    assert.ok('edits' in r, JSON.stringify(r));
    const renamed = applyEdits(text, r.edits);
    assert.equal(renamed, text.replace('&stage', '&staging').replace('*stage', '*staging'));
    // And in the first document, as before.
    assert.deepEqual(anchorDefinition(doc, at('*base') + 1), { offset: at('&base'), length: 5 });
    // The endpoint's link and the fallback's inlay hint.
    assert.deepEqual(
      documentLinks(doc).map((l) => l.target),
      ['https://stage.example.com/v1'],
    );
    const hints = inlayHints(doc, { offset: 0, length: text.length });
    assert.ok(
      hints.some((x) => x.label === 'fallback 1' && x.offset === at('cloud_a') + 'cloud_a'.length),
      JSON.stringify(hints),
    );
  });

  test(`L5 (${label}): diagnostics unchanged: the second AssistantConfig is checked, the notes are not`, () => {
    const codes = analyze(text, 'yaml').diagnostics.map((d) => `${d.code}@${lines.positionAt(d.offset).line}`);
    assert.deepEqual(codes, [
      `extra-document@${lineOf('kind:', second)}`,
      `unknown-discriminator@${lineOf('hostd')}`,
      `extra-document@${lineOf('notes:')}`,
    ]);
  });
}

test('L5: completion in the second document: its own anchors, its own tree', () => {
  for (const eol of ['\n', '\r\n']) {
    const base = [FIRST, SECOND, ''].join('\n');
    // An alias typed in the second document: `&stage` (its own), never `&base` (the first document's).
    const typed = base.replace('  threadTitleGeneration:', '  aiPrimitivesLlm: *|^|\n  threadTitleGeneration:');
    const { text, offset } = cursor(typed.replace(/\n/g, eol));
    const labels = doComplete(parse(text, 'yaml'), offset, {}).items.map((i) => i.label);
    assert.deepEqual(labels, ['*stage'], labels.join());
    // The keys of a mapping of the second document: those not written there yet (its tree, not the first's).
    const keyed = base.replace('      endpoint: https://', '      |^|\n      endpoint: https://');
    const k = cursor(keyed.replace(/\n/g, eol));
    const keys = doComplete(parse(k.text, 'yaml'), k.offset, {}).items.map((i) => i.label);
    assert.ok(keys.includes('model') && !keys.includes('endpoint') && !keys.includes('provider'), keys.join());
  }
});

test('moving misplaced keys never puts an alias above its anchor (alone or with the others)', () => {
  const head = 'kind: AssistantConfig\nversion: v2\n';
  const shared = [
    '# the LLM the title generation shares',
    'x-llm: &shared',
    '  provider: hosted',
    'threadTitleGeneration:   # belongs under definition',
    '  enable: true',
    '  llm: *shared',
    '',
  ].join('\n');
  const cases = [
    // Under an existing `definition` written above the anchor.
    `${head}definition:\n  llm: {provider: hosted}\nsystemInstructions: |   # stray\n  You answer questions.\n\n  Be brief.\n${shared}`,
    // Under a new `definition`, written where the first stray key is.
    `${head}llm:   # stray\n  provider: hosted\n${shared}`,
  ];
  for (const eol of ['\n', '\r\n'])
    for (const base of cases) {
      const text = base.replace(/\n/g, eol);
      const { doc, diagnostics } = analyze(text, 'yaml');
      const moves = diagnostics
        .filter((d) => d.code === 'unknown-property')
        .flatMap((d) => getCodeActions(doc, diagnostics, d))
        .filter((a) => a.title.startsWith('Move'));
      // The other stray key still moves (alone): the guard refuses only the alias's move above its anchor.
      assert.ok(moves.length > 0, diagnostics.map((d) => d.message).join('\n'));
      for (const a of moves) {
        // Only where it is (a new `definition` written in its place) may the alias's key move.
        if (/threadTitleGeneration/.test(a.title))
          assert.equal(a.title, "Move 'threadTitleGeneration' under a new 'definition'");
        const out = applyEdits(text, a.edits);
        const after = analyze(out, 'yaml').diagnostics.map((d) => d.code);
        assert.ok(!after.includes('unresolved-alias'), `${a.title}\n${out}`);
        // Moves only: every line kept.
        const lines = (t: string): string[] =>
          t
            .split(/\r?\n/)
            .map((l) => l.trim())
            .filter(Boolean)
            .sort();
        assert.deepEqual(
          lines(out),
          lines(text)
            .concat(out.includes('definition:') && !text.includes('definition:') ? ['definition:'] : [])
            .sort(),
        );
      }
    }
  // Its anchor written above where the lines go: the alias's key moves with the others.
  const above = `${head}definition:\n  llm: &shared {provider: hosted}\nmaxAssistantActions: 5   # stray\nthreadTitleGeneration:\n  enable: true\n  llm: *shared\n`;
  const r = analyze(above, 'yaml');
  const titles = r.diagnostics.flatMap((d) => getCodeActions(r.doc, r.diagnostics, d)).map((a) => a.title);
  assert.ok(
    titles.includes("Move 'maxAssistantActions' and 'threadTitleGeneration' under 'definition'"),
    titles.join(' | '),
  );
});

test('L9: a block scalar shows its text on one line in the outline, whatever its indicator', () => {
  const body = (indicator: string, lines: string[]): string =>
    [
      'kind: AssistantConfig',
      'version: v2',
      'definition:',
      '  llm: {provider: hosted}',
      `  systemInstructions: ${indicator}   # the role`,
      ...lines,
      '  contextWindowLimit: 5',
      '',
    ].join('\n');
  const plain = ['    You answer questions about sales data.', '    Always state the time range.', ''];
  const shown = 'You answer questions about sales data. Always state the time…';
  for (const eol of ['\n', '\r\n'])
    for (const text of [
      body('|2+', ['      You answer questions about sales data.', '    Always state the time range.', '', '']),
      body('|', plain),
      body('|-', plain),
      body('>-', plain),
      body('>+', plain),
    ]) {
      const t = text.replace(/\n/g, eol);
      const def = documentSymbols(parse(t, 'yaml')).find((s) => s.name === 'definition')!;
      const si = def.children.find((s) => s.name === 'systemInstructions');
      assert.equal(si?.detail, shown, t);
    }
  // A list item named by its scalars: one line too.
  const items = [
    'kind: AssistantConfig',
    'version: v2',
    'definition:',
    '  llm: {provider: hosted}',
    '  overrideAiPrimitivesLlm:',
    '    - primitiveName: |2',
    '          classify',
    '      llm: {provider: hosted}',
    '',
  ].join('\r\n');
  const list = find(documentSymbols(parse(items, 'yaml')), ['definition', 'overrideAiPrimitivesLlm'])!;
  assert.deepEqual(names(list.children), ['classify']);
});
