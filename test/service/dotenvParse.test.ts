// The `.env` reader (service/dotenv.ts parseDotenv) reads what npm `dotenv` 16 reads, the package
// itself being the reference (a devDependency): the same names and values on seeded texts made of
// the lines people write (blanks around `=`, `export`, `NAME: value`, values of several words,
// inline comments with and without a blank before `#`, the three quotes, escapes, values over
// several lines, quotes left open, CRLF, blank and comment lines, lines that define nothing). And it
// stays linear where dotenv's own pattern is not (a run of blank lines before a line that defines
// nothing; a quote left open before many lines).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse as npmDotenv } from 'dotenv';
import { dotenvEmptyNames, parseDotenv } from '../../server/src/service/dotenv';
import { mulberry32 } from '../helpers';
import { cpuBound } from '../timing';

const SEED = 0x0d07e4;
const read = (text: string): Record<string, string> => Object.fromEntries(parseDotenv(text));

test('the cases people write read as npm dotenv reads them', () => {
  const cases = [
    'NAME = value',
    'NAME="two words"',
    "NAME='two words'",
    'NAME=two words',
    'NAME=value # comment',
    'NAME=value#not-a-comment-to-dotenv',
    'export NAME=value',
    'export   NAME = "v"  # c',
    'NAME: value',
    'NAME=',
    'NAME=""',
    "NAME=''",
    'NAME=   # nothing',
    'NAME="a\\nb"',
    "NAME='a\\nb'",
    'NAME="say \\"hi\\""',
    'NAME="line one\nline two"',
    'NAME="open quote\nOTHER=1',
    'A=1\r\nB=2\r\n',
    '# A=1\nB=2',
    'NAME=`back quoted`',
    'my.name-1=x',
  ];
  for (const text of cases) assert.deepEqual(read(text), npmDotenv(text), JSON.stringify(text));
});

const NAMES = ['A', 'NAME', 'DB_PASSWORD', 'a.b', 'x-y', 'export', '_1', 'K2'];
const LEADS = ['', '', ' ', '\t', 'export ', 'export  ', '  export\t'];
const SEPS = ['=', '=', '=', ' = ', ' =', '= ', ': ', ':', ':\t', '  =  '];
const WORDS = ['v', 'two words', 'x#y', 'a=b', '', ' ', '1.5', '${HOME}', 'é', '\\n', '\\"', "\\'", '\\', '\\\\'];
const QUOTES = ['', '', '"', "'", '`'];
const TAILS = ['', '', ' ', ' # c', '# c', '\t#', ' "', " '", 'x'];
const JUNK = ['', '', '#', '# A=1', '!', '=x', 'export', '   ', 'A', '"', "'", '`', 'A B=1', '\u2028'];

function line(r: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  if (r() < 0.2) return pick(JUNK);
  const q = pick(QUOTES);
  let value = '';
  for (let n = Math.floor(r() * 3); n > 0; n--) value += pick(WORDS);
  // Sometimes the closing quote is missing, or the value runs over a line break.
  const close = r() < 0.15 ? '' : q;
  if (q && r() < 0.2) value += '\n' + pick(WORDS);
  return pick(LEADS) + pick(NAMES) + pick(SEPS) + q + value + close + pick(TAILS);
}

test(`seeded .env texts: the same names and values as npm dotenv (seed ${SEED.toString(16)})`, () => {
  console.log(`dotenvParse: seed ${SEED.toString(16)}`);
  const r = mulberry32(SEED);
  let defined = 0;
  for (let i = 0; i < 4000; i++) {
    const lines: string[] = [];
    for (let n = 1 + Math.floor(r() * 8); n > 0; n--) lines.push(line(r));
    const text = lines.join(r() < 0.3 ? '\r\n' : '\n') + (r() < 0.5 ? '\n' : '');
    const want = npmDotenv(text);
    assert.deepEqual(read(text), want, JSON.stringify(text));
    const empty = Object.keys(want).filter((k) => want[k]!.trim() === '');
    assert.deepEqual([...dotenvEmptyNames(text)].sort(), empty.sort(), JSON.stringify(text));
    defined += Object.keys(want).length;
  }
  assert.ok(defined > 8000, `${defined} definitions`);
});

test('a 1 MB .env of blank lines before an odd line, or with a quote left open, is read at once', () => {
  // "At once": each read within 5 s (by CPU time on a busy machine: test/timing.ts), where a quadratic
  // scan takes minutes. (A test's own `timeout` cannot stop a synchronous test: it would pass late.)
  const blank = '\n'.repeat(1 << 20) + '!\nA=1\n';
  assert.deepEqual(cpuBound('blank lines', () => read(blank), 5000).value, { A: '1' });
  const open = 'A="x\n' + 'B=y\n'.repeat(1 << 18);
  assert.deepEqual(cpuBound('a quote left open', () => read(open), 5000).value, { A: '"x', B: 'y' });
  const spaces = ' \n'.repeat(1 << 19) + '=\nC=3';
  assert.deepEqual(cpuBound('blank lines of spaces', () => read(spaces), 5000).value, { C: '3' });
});
