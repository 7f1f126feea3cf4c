// The editor's comment scan (REVIEW6 I16 follow-up, a per-keystroke cost): with a UnitCache told of
// each edit, only the lines an edit touched are read again. Seeded random typing (letters, spaces,
// quotes, '#', line breaks, block indicators, pasted credentials) over a file with credential-shaped
// comments: after every edit the literal-secret findings equal those of a full scan.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../server/src/parser';
import { DEFAULT_OPTIONS, validate, UnitCache } from '../../server/src/service/validation';
import { mulberry32, fakeSecret } from '../helpers';

const KEY = fakeSecret('sk-' + 'proj-', 32, 0x3d0a);
const SEED = 0xc0ffee;

function base(): string {
  let t = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hosted  # old ' + KEY + '\n';
  t += '  systemInstructions: |\n    Be brief. # not a comment ' + KEY + '\n  featureFlags:\n';
  for (let i = 0; i < 40; i++) t += `    flag_${i}: true  # note ${i}${i % 5 === 0 ? ' ' + KEY : ''}\n`;
  return t;
}

const secrets = (text: string, units?: UnitCache): string[] =>
  validate(parse(text, 'yaml'), DEFAULT_OPTIONS, units)
    .filter((d) => d.code === 'literal-secret')
    .map((d) => `${d.offset}+${d.length} ${d.message}`)
    .sort();

test(`incremental comment scan = full scan after every edit (seed ${SEED.toString(16)})`, () => {
  console.log(`seed ${SEED.toString(16)}`);
  const r = mulberry32(SEED);
  const pieces = ['x', 'ab', ' ', '"', "'", '#', '\n', '|', fakeSecret('sk-' + 'proj-', 24, 0x3d0b), '', '{'];
  let text = base();
  const units = new UnitCache();
  assert.deepEqual(secrets(text, units), secrets(text));
  for (let step = 0; step < 300; step++) {
    const start = Math.floor(r() * text.length);
    const end = Math.min(text.length, start + (r() < 0.6 ? 0 : Math.floor(r() * 4)));
    const inserted = pieces[Math.floor(r() * pieces.length)]!;
    units.textEdited(text, start, end, inserted);
    text = text.slice(0, start) + inserted + text.slice(end);
    assert.deepEqual(secrets(text, units), secrets(text), `step ${step}`);
  }
});
