// coversValue answers from an index for the frozen list secretRangesOf keeps (the outline asks it
// once per symbol): the same answers as the scan over every range, on seeded random lists, and an
// outline of a document with many literal secrets masks every one of them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { coversValue, secretRangesOf } from '../../server/src/service/secretRanges';
import type { Range } from '../../server/src/service/secretRanges';
import { documentSymbols } from '../../server/src/service/structure';
import { parse } from '../../server/src/parser';
import type { SymbolEntry } from '../../server/src/service/types';
import { mulberry32 as rng } from '../helpers';

test('coversValue on a frozen list (indexed) equals the scan, on seeded random ranges and nodes (seed 4242)', () => {
  const SEED = 4242;
  console.log(`seed ${SEED}`);
  const r = rng(SEED);
  for (let round = 0; round < 200; round++) {
    const n = 1 + Math.floor(r() * 60);
    const ranges: Range[] = Array.from({ length: n }, () => ({
      offset: Math.floor(r() * 500),
      length: Math.floor(r() * 40),
    }));
    const frozen = Object.freeze(ranges.slice());
    for (let q = 0; q < 50; q++) {
      const node = { offset: Math.floor(r() * 520), length: Math.floor(r() * 45) };
      assert.equal(coversValue(frozen, node), coversValue(ranges, node), JSON.stringify({ round, node }));
    }
  }
});

test('the outline of a document with 3,000 literal secrets hides each of them (one index, not a scan per symbol)', () => {
  const items = Array.from(
    { length: 3000 },
    (_, i) => `    - primitiveName: p${i}\n      llm: {provider: vendor_a, apiKey: {value: meadowlark${i}x}}\n`,
  ).join('');
  const text = `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n  overrideAiPrimitivesLlm:\n${items}`;
  const doc = parse(text, 'yaml');
  assert.ok(Object.isFrozen(secretRangesOf(doc)));
  assert.ok(secretRangesOf(doc).length >= 3000);
  const shown: string[] = [];
  const walk = (xs: SymbolEntry[]): void =>
    xs.forEach((s) => {
      shown.push(s.name, s.detail ?? '');
      walk(s.children ?? []);
    });
  walk(documentSymbols(doc));
  assert.ok(shown.length > 3000 * 4);
  assert.ok(!shown.some((t) => t.includes('meadowlark')), 'a literal apiKey value reached the outline');
});
