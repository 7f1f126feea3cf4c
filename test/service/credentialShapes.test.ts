// credentialShapes runs its patterns only over the runs of characters that can hold a match (a
// speed-up for the CLI, which frames thousands of files): it must find exactly what the patterns
// find over the whole text, in the same order. Checked against that plain scan (the same patterns,
// run over the whole text) on random text made of credential prefixes, base64 and token
// characters, separators, line breaks and non-ASCII, and on the repository's own configs. The code
// frame's masking of only the lines it shows is checked against masking the whole text.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import fc from 'fast-check';
import { credentialShapes, maskRanges, shapeParts } from '../../server/src/service/credentialShapes';
import type { Range } from '../../server/src/service/credentialShapes';
import { maskedSlice } from '../../server/src/cli/report';
import { fixedSeed } from '../parser/yamlArbitraries';
import { fakeSecret } from '../helpers';

const SEED = fixedSeed('credentialShapes', 0xc4ed5);

/** The patterns over the whole text, as credentialShapes did before it looked for runs first. */
function reference(text: string): Range[] {
  const { URL_USERINFO, SHAPES, AWS_SECRET, TOKEN, PEM, UUID, looksRandom, continued, namedParams, labelled } =
    shapeParts;
  const fresh = (re: RegExp): RegExp => new RegExp(re.source, re.flags);
  const out: Range[] = [];
  for (const m of text.matchAll(fresh(URL_USERINFO)))
    if (m[1]) out.push({ offset: m.index + m[0].length - 1 - m[1].length, length: m[1].length });
  // (Each match widened over the words that continue it: a credential wrapped over lines, REVIEW5 H7.)
  for (const m of text.matchAll(fresh(SHAPES))) out.push(continued(text, m.index, m[0].length));
  const inRanges = (ranges: Range[], at: number): boolean =>
    ranges.some((r) => at >= r.offset && at < r.offset + r.length);
  // Keys known by their name (REVIEW6 I1): credential-named parameters, then values after a `KEY 1:` label.
  const shapes = out.slice();
  const params = namedParams(text).filter((r) => !inRanges(shapes, r.offset));
  const labels: Range[] = [];
  for (const m of text.matchAll(/[A-Za-z0-9_\-.+/=~]{15,}/g))
    if (labelled(text, m.index, m.index + m[0].length) && !inRanges(shapes, m.index) && !inRanges(params, m.index))
      labels.push({ offset: m.index, length: m[0].length });
  out.push(...[...params, ...labels].sort((a, b) => a.offset - b.offset));
  const known = out.slice();
  const inKnown = (at: number): boolean => inRanges(known, at);
  for (const m of text.matchAll(fresh(AWS_SECRET)))
    if (!inKnown(m.index) && looksRandom(m[0], 4)) out.push(continued(text, m.index, m[0].length));
  for (const m of text.matchAll(fresh(TOKEN)))
    if (!inKnown(m.index) && looksRandom(m[0]) && !UUID.test(m[0])) out.push(continued(text, m.index, m[0].length));
  for (const m of text.matchAll(fresh(PEM))) {
    const from = m.index + m[0].length;
    const end = text.indexOf(`-----END ${m[1] ?? ''}PRIVATE KEY-----`, from);
    out.push({ offset: from, length: (end < 0 ? Math.min(text.length, from + 8192) : end) - from });
  }
  return out;
}

const PREFIXES = [
  ...['', '', '', 'sk-', 'sk-proj-', 'ghp_', 'gho_', 'github_pat_', 'AKIA', 'ASIA', 'xoxb-', 'glpat-', 'AIza'],
  ...['npm_', 'sk_live_', 'rk_test_', 'pk_live_', 'eyJ', 'eyJhbGciOi.', 'https://', 'u:p@', '://', '@'],
  ...['-----BEGIN PRIVATE KEY-----\n', '-----BEGIN RSA PRIVATE KEY-----', '-----END PRIVATE KEY-----'],
  ...['-----END RSA PRIVATE KEY-----', '12345678-abcd-ABCD-1234-1234567890ab'],
  ...['?api-key=', '&sig=', '?key=', 'key=', 'OPENAI_API_KEY=', 'KEY 1: ', '# Key 2 from the portal: "', 'KEY1='],
  ...['abc8Q~', 'X~y78Q~', 'dapi', 'dapi0123456789abcdef'],
  // Labels before a value (REVIEW7 J7): headers, passwords, JSON keys, blanks and quotes around `:` and `=`.
  ...['-H "X-Api-Key: ', '"x-api-key": "', 'Authorization: Bearer ', 'api-key:', 'password=', 'Password: "'],
  ...[';Pwd=', '&pass=', 'DB_PASSWORD = ', "'passwd':'", 'pwd=$', 'password=<', 'hunter2', 'p@ss!9'],
];
const RUN_UNITS = [...'aZq0Xy9_-.+/=k7MBw3', 'Q', 'r', '5', '~', 'Q~'];
const OTHER_UNITS = [
  ' ',
  '\n',
  '\r\n',
  '\t',
  ':',
  '"',
  "'",
  '#',
  '@',
  'é',
  '日',
  '😀',
  ',',
  '{',
  '}',
  ';',
  '&',
  '!',
  ')',
];
const runOf = (min: number, max: number): fc.Arbitrary<string> =>
  fc.string({ unit: fc.constantFrom(...RUN_UNITS), minLength: min, maxLength: max });
const piece = fc.oneof(
  fc.tuple(fc.constantFrom(...PREFIXES), runOf(0, 60)).map(([p, r]) => p + r),
  fc.string({ unit: fc.constantFrom(...'ABCDEFGHabcdefgh0123456789/+'), minLength: 38, maxLength: 42 }),
  fc.string({ unit: fc.constantFrom(...'ABCDabcd0123_-'), minLength: 18, maxLength: 24 }),
  runOf(10, 20),
  // A Databricks token's shape (`dapi`, 32 hex digits, maybe `-N`), and one hex digit short.
  fc
    .tuple(
      fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 31, maxLength: 32 }),
      fc.constantFrom('', '-2', 'x'),
    )
    .map(([h, t]) => 'dapi' + h + t),
  // The shortest matches (15 characters: `xox?-` and 10, `eyJ` and 5, `.`, 5, `.`) and one shorter.
  fc
    .tuple(
      fc.constantFrom('xoxb-', 'xoxp-'),
      fc.string({ unit: fc.constantFrom(...'aZ09-'), minLength: 9, maxLength: 11 }),
    )
    .map(([p, r]) => p + r),
  fc
    .tuple(runOf(4, 6), runOf(4, 6), runOf(0, 2))
    .map(([a, b, c]) => `eyJ${a.replace(/[./+=]/g, 'x')}.${b.replace(/[./+=]/g, 'y')}.${c.replace(/[./+=]/g, 'z')}`),
  runOf(0, 1100),
  fc.constantFrom(...OTHER_UNITS),
);
const text = fc.array(piece, { maxLength: 25 }).map((p) => p.join(''));

test('credentialShapes finds what its patterns find over the whole text, in the same order', () => {
  fc.assert(
    fc.property(text, (t) => {
      assert.deepEqual(credentialShapes(t), reference(t));
    }),
    { seed: SEED, numRuns: 3000 },
  );
});

test("credentialShapes equals the whole-text scan on the repository's configs and fixtures", () => {
  const root = process.cwd();
  let files = 0;
  for (const dir of ['examples', 'test/fixtures', 'test/e2e/fixtures'])
    for (const f of readdirSync(join(root, dir), { recursive: true }) as string[]) {
      if (!/\.(ya?ml|json)$/.test(f)) continue;
      const t = readFileSync(join(root, dir, f), 'utf8');
      assert.deepEqual(credentialShapes(t), reference(t), f);
      files++;
    }
  assert.ok(files > 100, `${files} files`);
  // Some that find something, so that the comparison is not only of empty lists.
  assert.equal(credentialShapes('x: ' + fakeSecret('sk-' + 'proj-', 25, 0x3d46) + ', y').length, 1);
  assert.equal(credentialShapes('wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY').length, 1);
});

test("a code frame's masked line is the line of the masked text", () => {
  const ranges = fc.array(fc.record({ offset: fc.nat({ max: 400 }), length: fc.nat({ max: 80 }) }), { maxLength: 6 });
  fc.assert(
    fc.property(text, ranges, fc.nat(), fc.nat(), (t, extra, a, b) => {
      const all = [...credentialShapes(t), ...extra];
      const masked = maskRanges(t, all);
      const from = t.length === 0 ? 0 : a % (t.length + 1);
      const to = from + (b % (t.length - from + 1));
      assert.equal(maskedSlice(t, from, to, all), masked.slice(from, to));
    }),
    { seed: SEED, numRuns: 1500 },
  );
});
