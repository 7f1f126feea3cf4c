// maskRanges (credentialShapes.ts) against the plain reading of what it does: every character of every
// range (clamped to the text) made `*`, line breaks kept, the length unchanged. Seeded random texts
// (CR, LF, CRLF, surrogate pairs) and ranges (overlapping, nested, unsorted, empty, starting before the
// text or running past it).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { maskRanges } from '../../server/src/service/credentialShapes';
import type { Range } from '../../server/src/service/credentialShapes';
import { mulberry32 } from '../helpers';

/** The reference: one character at a time. */
function reference(text: string, ranges: readonly Range[]): string {
  const chars = text.split('');
  for (const r of ranges)
    for (let i = Math.max(0, r.offset); i < r.offset + r.length && i < chars.length; i++)
      if (chars[i] !== '\n' && chars[i] !== '\r') chars[i] = '*';
  return chars.join('');
}

test('maskRanges agrees with masking one character at a time (seed 0x3a5c, 4000 cases)', () => {
  const SEED = 0x3a5c;
  const r = mulberry32(SEED);
  const pieces = ['a', 'Z', '9', '-', ' ', '\n', '\r\n', '\r', '*', 'é', '😀', 'sk-'];
  for (let n = 0; n < 4000; n++) {
    let text = '';
    const len = Math.floor(r() * 60);
    for (let i = 0; i < len; i++) text += pieces[Math.floor(r() * pieces.length)]!;
    const ranges: Range[] = [];
    const count = Math.floor(r() * 5);
    for (let i = 0; i < count; i++)
      ranges.push({ offset: Math.floor(r() * (text.length + 10)) - 5, length: Math.floor(r() * 20) });
    const got = maskRanges(text, ranges);
    assert.equal(got, reference(text, ranges), `seed ${SEED}, case ${n}: ${JSON.stringify({ text, ranges })}`);
    assert.equal(got.length, text.length);
  }
});

test('maskRanges: no range, the text itself; a range over all of it, all stars but line breaks', () => {
  assert.equal(maskRanges('abc', []), 'abc');
  assert.equal(maskRanges('ab\r\ncd', [{ offset: 0, length: 6 }]), '**\r\n**');
  assert.equal(
    maskRanges('abcdef', [
      { offset: 4, length: 9 },
      { offset: 1, length: 2 },
    ]),
    'a**d**',
  );
});
