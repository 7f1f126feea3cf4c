// Column widths as Prettier counts them against its print width (service/textWidth.ts): compared with
// Prettier's own `getStringWidth` on every code point, alone and followed by what makes an emoji
// sequence (a variation selector, a skin tone, a keycap mark, a ZWJ), and on seeded mixes of wide,
// combining, emoji and ASCII text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as prettier from 'prettier';
import { textWidth } from '../../server/src/service/textWidth';
import { mulberry32 as rng } from '../helpers';
import { testSeed } from '../seed';

const SEED = testSeed('text width', 0x3d1e, 'TEXT_WIDTH_SEED');
const theirs = prettier.util.getStringWidth;

test('every code point counts the columns Prettier counts (CJK and fullwidth 2, combining marks 0)', () => {
  const differ: string[] = [];
  for (let cp = 0; cp < 0x110000; cp++) {
    if (cp >= 0xd800 && cp <= 0xdfff) continue;
    const c = String.fromCodePoint(cp);
    if (textWidth(c) !== theirs(c)) differ.push(`U+${cp.toString(16)}: ${textWidth(c)} vs ${theirs(c)}`);
  }
  assert.deepEqual(differ.slice(0, 20), []);
  assert.equal(textWidth('日本語'), 6);
  assert.equal(textWidth('ＡＢＣ'), 6);
  assert.equal(textWidth('e\u0301'), 1);
});

test('emoji sequences count as Prettier counts them (ZWJ families, flags, keycaps, skin tones)', () => {
  const suffixes = ['\uFE0F', '\uFE0E', '\u{1F3FD}', '\u20E3', '\uFE0F\u20E3', '\u200D\u{1F469}', 'a'];
  const differ: string[] = [];
  const blocks: [number, number][] = [
    [0x20, 0x7e],
    [0xa0, 0x2ff],
    [0x2000, 0x33ff],
    [0xfe00, 0xff00],
    [0x1f000, 0x1faff],
  ];
  for (const [from, to] of blocks)
    for (let cp = from; cp <= to; cp++)
      for (const s of suffixes) {
        const t = String.fromCodePoint(cp) + s;
        if (textWidth(t) !== theirs(t)) differ.push(`${JSON.stringify(t)}: ${textWidth(t)} vs ${theirs(t)}`);
      }
  assert.deepEqual(differ.slice(0, 20), []);
  for (const s of ['👨‍👩‍👧‍👦', '🏴󠁧󠁢󠁥󠁮󠁧󠁿', '🇯🇵', '🧑🏽‍🚀', '🏳️‍🌈', '❤️‍🔥', '1️⃣', '☝']) assert.equal(textWidth(s), theirs(s), s);
  assert.equal(textWidth('🇯🇵'), 2);
});

test('seeded mixes of wide, combining, emoji and ASCII text count as Prettier counts them', () => {
  const random = rng(SEED);
  const pool = ['a', ' ', '"', 'é', 'e\u0301', '日', '本', 'ｈ', 'ﾊ', '한', '𠀋', '☺', '☝', '🏽', '\uFE0F', '\u200D'];
  pool.push('👍', '🇯', '🇵', '#', '\u20E3', '\u200B', '\t', '👨‍👩‍👧', '🏳️‍🌈', '〜', '！', '、');
  for (let k = 0; k < 20000; k++) {
    let s = '';
    const n = 1 + Math.floor(random() * 10);
    for (let i = 0; i < n; i++) s += pool[Math.floor(random() * pool.length)]!;
    assert.equal(textWidth(s), theirs(s), `${JSON.stringify(s)} (seed ${SEED})`);
  }
});
