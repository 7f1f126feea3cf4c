// REVIEW8 K13n: a binary file named like a config (an image, random bytes) gets one diagnostic, "this
// file is not text (a NUL byte at …)", and nothing else; a text file with a stray NUL is still
// checked, the NUL a syntax error where it is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyze } from '../../server/src/service';
import { mulberry32, ROOT } from '../helpers';

const summary = (text: string, language: 'yaml' | 'json'): string[] =>
  analyze(text, language).diagnostics.map((d) => `${d.severity} ${d.code} ${d.message}`);

test('the extension icon (PNG) read as a config: one error, not text, with where the first NUL is', () => {
  const png = readFileSync(join(ROOT, 'images/icon.png')).toString('utf8');
  for (const language of ['yaml', 'json'] as const) {
    const found = summary(png, language);
    assert.equal(found.length, 1, found.join('\n'));
    assert.match(
      found[0]!,
      /^error invalid-encoding This file is not text \(a NUL byte at line \d+, column \d+\): it was not checked\./,
    );
  }
});

test('random bytes (seeded): one error each time', () => {
  const seed = 0x13e;
  const rand = mulberry32(seed);
  for (const size of [64, 4096, 200_000]) {
    const bytes = Buffer.alloc(size);
    for (let i = 0; i < size; i++) bytes[i] = Math.floor(rand() * 256);
    bytes[size >> 1] = 0; // (at least one NUL, as nearly all random buffers have)
    const found = summary(bytes.toString('utf8'), 'yaml');
    assert.deepEqual(
      found.map((f) => f.split(' ').slice(0, 2).join(' ')),
      ['error invalid-encoding'],
      `seed ${seed}, ${size} bytes: ${found.length} findings`,
    );
  }
});

test('a text config with a NUL or two pasted in is still checked (the NUL is a syntax error there)', () => {
  const text =
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hos\u0000ted}\n  maxAssistantActions: x\n';
  const found = summary(text, 'yaml');
  assert.ok(
    found.some((f) => f.includes('syntax-error')),
    found.join('\n'),
  );
  assert.ok(!found.some((f) => f.includes('not text')), found.join('\n'));
  // The rest of the file is checked too.
  assert.ok(
    found.some((f) => f.includes('maxAssistantActions')),
    found.join('\n'),
  );
});
