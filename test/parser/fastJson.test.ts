// The strict-JSON fast path builds exactly the tree of the jsonc-parser path, or declines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fastParseJson } from '../../server/src/parser/fastJson';
import { parseJsonFull } from '../../server/src/parser/json';
import type { Node } from '../../server/src/parser';
import { ROOT } from '../helpers';
import { testSeed } from '../seed';

/** The tree without parent links, for deep comparison. */
function plain(n: unknown): unknown {
  if (Array.isArray(n)) return n.map(plain);
  if (n && typeof n === 'object')
    return Object.fromEntries(
      Object.entries(n)
        .filter(([k]) => k !== 'parent')
        .map(([k, v]) => [k, plain(v)]),
    );
  return n;
}

function check(text: string): 'fast' | 'declined' {
  const fast = fastParseJson(text, 1000);
  if (!fast) return 'declined';
  const full = parseJsonFull(text);
  assert.deepEqual(
    full.problems,
    [],
    `the fast path accepted a text with problems: ${JSON.stringify(text.slice(0, 80))}`,
  );
  assert.deepEqual(plain(fast.root as Node), plain(full.root), JSON.stringify(text.slice(0, 200)));
  return 'fast';
}

test('examples and fixtures: same tree, and the fast path engages on plain JSON', () => {
  for (const dir of ['examples', 'test/fixtures/validation', 'test/fixtures/fixes']) {
    for (const f of readdirSync(join(ROOT, dir)).filter((x) => x.endsWith('.json'))) {
      const text = readFileSync(join(ROOT, dir, f), 'utf8');
      const r = check(text);
      if (dir === 'examples') assert.equal(r, 'fast', f);
    }
  }
});

test('hand cases: escapes, numbers, empty containers, unicode, whitespace', () => {
  for (const t of [
    '{}',
    '[]',
    ' { "a" : [ 1 , -2.5e3 , 0 , true , false , null ] } ',
    '{"k\\"ey":"v\\u00e9\\n"}',
    '"😀"',
    '{"a":{"b":{"c":[[],{}]}}}',
    '\r\n{\r\n\t"x": 1\r\n}\r\n',
  ]) {
    assert.equal(check(t), 'fast', t);
  }
  for (const t of [
    '',
    '{"a":1,}',
    '{"a":1 // c\n}',
    '{a:1}',
    '[1 2]',
    '{"a":01}',
    '{"a":1}}',
    '"unterminated',
    '{"a":"tab\there"}',
    '[1,]',
    'tru',
  ]) {
    assert.equal(fastParseJson(t, 1000), undefined, t);
  }
});

test('generated JSON: same tree as jsonc-parser, or declined (seeded)', () => {
  const seed = testSeed('fastJson property', 0xfa57, 'FUZZ_SEED');
  const spaces = fc.constantFrom('', ' ', '\n', '  ', '\r\n', '\t');
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 5 }), spaces, fc.nat(3), (v, sp, indent) => {
      const text = sp + JSON.stringify(v, null, indent) + sp;
      assert.equal(check(text), 'fast');
    }),
    { seed, numRuns: 400 },
  );
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 4 }), fc.nat(), fc.string({ maxLength: 3 }), (v, at, insert) => {
      const base = JSON.stringify(v, null, 1);
      const pos = base.length === 0 ? 0 : at % base.length;
      check(base.slice(0, pos) + insert + base.slice(pos));
    }),
    { seed, numRuns: 600 },
  );
});
