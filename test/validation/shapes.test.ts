// Diagnostics changed after they are made (moved through an alias, marked, given more related
// information) keep one hidden class per set of keys: `copyWith` is `{ ...base, ...patch }` without
// the spread. (In Node 20's V8, `{ ...d, key: v }` where `d` lacks `key` makes a new map on every
// call once the spread's inline cache is warm; the code reading diagnostics then went megamorphic
// and was deoptimised: bench/README.md, "CLI against ajv-cli", session perf13.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { copyWith, diag } from '../../server/src/service/codes';
import type { Diagnostic } from '../../server/src/service/codes';
import { atAlias } from '../../server/src/service/validation/throughAlias';
import { unionOf, definition } from '../../server/src/model/schema';
import { parse } from '../../server/src/parser';
import type { Node, ObjectNode } from '../../server/src/parser/ast';
import { mulberry32 } from '../helpers';

setFlagsFromString('--allow-natives-syntax');
const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;

test('copyWith gives the keys, their order and the values of { ...base, ...patch } (seeded)', () => {
  const seed = 0x5eed13;
  const rnd = mulberry32(seed);
  const keys = ['code', 'severity', 'message', 'offset', 'length', 'related', 'data', 'x', 'y'];
  const values = [undefined, 0, 1, 'a', '', null, [1], { k: 2 }];
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const object = (): Record<string, unknown> => {
    const o: Record<string, unknown> = {};
    const n = Math.floor(rnd() * 6);
    for (let i = 0; i < n; i++) o[pick(keys)] = pick(values);
    return o;
  };
  for (let i = 0; i < 2000; i++) {
    const base = rnd() < 0.1 ? undefined : object();
    const patch = object();
    const got = copyWith(base, patch);
    const want = { ...base, ...patch };
    assert.deepEqual(Object.keys(got), Object.keys(want), `seed ${seed}, case ${i}`);
    assert.deepEqual(got, want, `seed ${seed}, case ${i}`);
  }
});

test('diagnostics changed by copyWith share one hidden class, call after call', () => {
  const made: Diagnostic[] = [];
  for (let i = 0; i < 40; i++) {
    const d = diag('unknown-property', `m${i}`, i, 1, i % 2 ? { data: { key: `k${i}` } } : undefined);
    made.push(copyWith(d, { message: `${d.message}!`, related: [], data: copyWith(d.data, { throughAlias: true }) }));
  }
  // Those made from a diagnostic with `data` and those without: one class each (key order differs).
  for (let i = 2; i < made.length; i++) {
    assert.ok(sameMap(made[i]!, made[i - 2]!), `diagnostic ${i}`);
    assert.ok(sameMap(made[i]!.data!, made[i - 2]!.data!), `data of diagnostic ${i}`);
  }
});

test('findings moved to an alias share one hidden class, call after call', () => {
  const text = 'a: &x\n  b: 1\nc: *x\nd: *x\n';
  const root = parse(text, 'yaml').root as ObjectNode;
  const via = root.properties[1]!.value as Node;
  const moved: Diagnostic[] = [];
  for (let i = 0; i < 40; i++) moved.push(atAlias(diag('invalid-type', `m${i}`, 9, 1), via));
  assert.equal(moved[0]!.offset, via.offset);
  for (let i = 1; i < moved.length; i++) assert.ok(sameMap(moved[i]!, moved[i - 1]!), `finding ${i}`);
});

test("a union's values are one array, in the variants' order", () => {
  const u = unionOf(definition('LlmConfig'))!;
  assert.deepEqual(
    u.values,
    u.variants.map((v) => v.value),
  );
  assert.equal(unionOf(definition('LlmConfig'))!.values, u.values);
});
