// Outline, folding and selection ranges of documents with aliases (REVIEW2 E15): an alias is one
// leaf symbol (`*name`, detailed with its anchored node's summary), never the anchored subtree again,
// so a small alias bomb gives a small outline and every child lies inside its parent's range.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../server/src/parser';
import { documentSymbols, foldingRanges, selectionRanges } from '../../server/src/service';
import type { SymbolEntry } from '../../server/src/service';

/** The reviewer's 17-line bomb: `a0: &a0 [x ×10]`, then `aN: &aN [*aN-1 ×10]`. */
function bomb(levels: number): string {
  const lines = ['kind: AssistantConfig', 'version: v2', 'definition:', '  llm: {provider: hosted}', '  featureFlags:'];
  lines.push(`    a0: &a0 [${Array(10).fill('x').join(', ')}]`);
  for (let n = 1; n <= levels; n++)
    lines.push(
      `    a${n}: &a${n} [${Array(10)
        .fill(`*a${n - 1}`)
        .join(', ')}]`,
    );
  return lines.join('\n') + '\n';
}

function count(symbols: SymbolEntry[]): number {
  return symbols.reduce((n, s) => n + 1 + count(s.children), 0);
}

/** Every child inside its parent's range, and its selection inside its own range (LSP's rule for DocumentSymbol). */
function assertNested(symbols: SymbolEntry[], parent?: SymbolEntry): void {
  for (const s of symbols) {
    const where = `${s.name} [${s.offset}, ${s.offset + s.length})`;
    if (parent)
      assert.ok(
        s.offset >= parent.offset && s.offset + s.length <= parent.offset + parent.length,
        `${where} lies outside its parent ${parent.name} [${parent.offset}, ${parent.offset + parent.length})`,
      );
    assert.ok(
      s.selectionOffset >= s.offset && s.selectionOffset + s.selectionLength <= s.offset + s.length,
      `${where}: selection outside`,
    );
    assertNested(s.children, s);
  }
}

test('an alias bomb gives an outline of its own size: aliases are leaves', () => {
  const text = bomb(11);
  const symbols = documentSymbols(parse(text, 'yaml'));
  // 4 top-level keys and definition's 2, llm's provider, 12 flags, 10 items in each: 137 nodes written.
  const n = count(symbols);
  assert.ok(n <= 140, `${n} symbols for a ${text.split('\n').length}-line file`);
  assertNested(symbols);
  const flags = symbols.find((s) => s.name === 'definition')!.children.find((s) => s.name === 'featureFlags')!;
  const a2 = flags.children.find((s) => s.name === 'a2')!;
  assert.equal(a2.children.length, 10);
  for (const item of a2.children) {
    assert.equal(item.name, '*a1');
    assert.deepEqual(item.children, []);
    assert.equal(item.detail, '10 items');
  }
  // Folding and selection ranges never follow an alias either.
  const folds = foldingRanges(parse(text, 'yaml'));
  assert.ok(folds.length <= 20, JSON.stringify(folds));
  const at = text.indexOf('*a5');
  const chain = selectionRanges(parse(text, 'yaml'), at + 1);
  assert.equal(text.slice(chain[0]!.offset, chain[0]!.offset + chain[0]!.length), '*a5');
  for (let i = 1; i < chain.length; i++)
    assert.ok(chain[i]!.offset <= chain[i - 1]!.offset && chain[i]!.length >= chain[i - 1]!.length);
});

test('a list item that is an alias is one symbol inside the list, named after the alias', () => {
  const text = `kind: AssistantConfig
version: v2
definition:
  llm: &main
    provider: hosted
  overrideAiPrimitivesLlm:
    - &sum
      primitiveName: summarize
      llm: *main
    - *sum
  threadTitleGeneration: {enable: true, llm: *main}
`;
  const symbols = documentSymbols(parse(text, 'yaml'));
  assertNested(symbols);
  const def = symbols.find((s) => s.name === 'definition')!;
  const list = def.children.find((s) => s.name === 'overrideAiPrimitivesLlm')!;
  assert.deepEqual(
    list.children.map((s) => s.name),
    ['summarize', '*sum'],
  );
  const alias = list.children[1]!;
  assert.deepEqual(alias.children, []);
  assert.equal(alias.detail, 'summarize');
  assert.equal(text.slice(alias.offset, alias.offset + alias.length), '*sum');
  // A key whose value is an alias keeps its name and shows the alias.
  const ttg = def.children.find((s) => s.name === 'threadTitleGeneration')!;
  const llm = ttg.children.find((s) => s.name === 'llm')!;
  assert.deepEqual(llm.children, []);
  assert.equal(llm.detail, '*main (hosted)');
});
