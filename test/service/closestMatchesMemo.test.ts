// closestMatches keeps its answers by word and candidates for the run (the same slip in many files is
// worked out once): a seeded property test that the memo answers what a fresh computation answers,
// whatever was asked before, for questions that a key of the plain strings joined would confuse
// (separators, digits and colons in the words and candidates), and that callers own what it returns.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { closestMatches, closestMatchesUncached } from '../../server/src/service/text';
import { mulberry32 } from '../helpers';

const SEED = 0xc1053;

test('closestMatches (memo) answers what closestMatchesUncached answers, in any order of questions', () => {
  console.log(`closestMatchesMemo seed ${SEED}`);
  const rnd = mulberry32(SEED);
  const alphabet = ['a', 'b', 'o', 'd', '_', ',', ':', '1', '\u0000', 'é'];
  const word = (): string => {
    let s = '';
    for (let n = Math.floor(rnd() * 9); n > 0; n--) s += alphabet[Math.floor(rnd() * alphabet.length)]!;
    return s;
  };
  const pool = Array.from({ length: 40 }, word);
  const lists = Array.from({ length: 30 }, () =>
    Array.from({ length: 1 + Math.floor(rnd() * 6) }, () => pool[Math.floor(rnd() * pool.length)]!),
  );
  // Pairs whose plain join is the same string: ('a', ['b,c']) and ('a,b', ['c']) and the like.
  lists.push(['b,1:c'], ['c'], ['b', 'c']);
  const words = [...pool, 'a', 'a,1:b', 'a,b', '1:a'];
  for (let k = 0; k < 3000; k++) {
    const w = words[Math.floor(rnd() * words.length)]!;
    const c = lists[Math.floor(rnd() * lists.length)]!;
    assert.deepEqual(closestMatches(w, c), closestMatchesUncached(w, c), JSON.stringify([w, c]));
  }
});

test('closestMatches: what it returns is the caller’s (changing it changes no later answer)', () => {
  // (Three names one letter from the word: a tie of three.)
  const candidates = ['table_a', 'table_b', 'table_c'];
  const first = closestMatches('table_d', candidates);
  assert.deepEqual(first.tied, ['table_a', 'table_b', 'table_c']);
  first.tied.splice(0, 3, 'x');
  assert.deepEqual(closestMatches('table_d', candidates).tied, ['table_a', 'table_b', 'table_c']);
  // A long word is answered afresh each time, the same.
  const long = 'column'.repeat(30);
  assert.deepEqual(closestMatches(long, ['column']), closestMatchesUncached(long, ['column']));
});
