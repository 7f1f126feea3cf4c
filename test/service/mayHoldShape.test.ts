// mayHoldShape is the cheap gate before credentialShapes (comments, values): it must never say no
// where credentialShapes finds something. Seeded random texts of credential pieces, words, URLs with
// user information, PEM headers and separators.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  MEMO_PAUSE,
  MEMO_WINDOW,
  credentialShapes,
  mayHoldShape,
  mayHoldShapeMemoInUse,
  mayHoldShapeUncached,
} from '../../server/src/service/credentialShapes';
import { mulberry32, fakeSecret } from '../helpers';

const SEED = 0x5a9e;

test(`mayHoldShape never hides a shape credentialShapes finds (seed ${SEED.toString(16)})`, () => {
  console.log(`seed ${SEED.toString(16)}`);
  const r = mulberry32(SEED);
  const pieces = [
    fakeSecret('sk-' + 'proj-', 24, 0x3d42),
    fakeSecret('gh' + 'p_', 36, 0x3d43),
    fakeSecret('AK' + 'IA', 16, 0x3d44, 'ABCDEFGHJKLMNPQRSTUVWXYZ234567'),
    'eyJhbGciOi.eyJzdWIiOi.sig',
    'https://bob:pw@h.example.com/',
    '-----BEGIN RSA PRIVATE KEY-----',
    'word',
    ' ',
    ':',
    '#',
    'é',
    'xoxb-1234567890ab',
    'Zq3Xw8Rt5Yu2Io9Pa6Sd',
    // Keys known by their name (REVIEW6 I1): %-encoded pieces shorter than a run.
    '&sig=',
    '?api-key=',
    'ab%2B',
    'c1~d',
    '%3D',
    'KEY 1: ',
    '0123456789abcdef',
    // Labels whose value is shorter than a run (REVIEW7 J7): passwords.
    'password=',
    ';Pwd=',
    '"passwd": "',
    'DB_PASS = ',
    'hunter2',
    'p@ss!9',
    'X-Api-Key: ',
    'Authorization: Bearer ',
    // Shapes written without a capital, `-` or `~` (the gate's weak runs): gh?_, npm_, sk_live_, dapi;
    // long snake_case names (which the gate lets through only after text on their line); line breaks.
    'ghp_' + 'q8lm3xr7tn2wk9vb4yc6zd1hf5jg0qasert',
    'github_pat_' + '11abcdefgh0123456789_xyz',
    'npm_' + 'a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7r8',
    'sk_live_' + '4ec39hqlyjwdarjtt1zdp7dc',
    'dapi' + '0123456789abcdef0123456789abcdef',
    'customer_name_t12',
    'reporting.schema_2',
    '\n',
    'key 2=',
    // Runs of letters alone (camelCase keys and values, which the gate lets through only with a key
    // prefix written in letters: AKIA / ASIA, AIza, dapi and hex letters).
    'systemInstructions',
    'AssistantConfig',
    'AKIA' + 'QWERTYUIOPASDFGH',
    'ASIA' + 'ZXCVBNMLKJHGFDSA',
    'AIza' + 'SyQwErTyUiOpAsDfGhJkLzXcVbNmQwErTyU',
    'dapi' + 'abcdefabcdefabcdefabcdefabcdefab',
    'Bearer ',
    // Blanks that start a text (a comment's text after '#', a value written with spaces first).
    '  ',
    '\t',
    // Key prefixes written in small letters alone (no `gh` elsewhere), some after a word character
    // (no key then: SHAPES' lookbehind); names in capitals, hyphenated names, models, URLs and JSON
    // names that end in `eyJ…`-like letters (the gate says no to these unless a prefix is there).
    'github_pat_' + 'q1w2e3r4t5y6u7i8o9p0z1x2',
    'sk-' + 'abcdefhijkmnopqrstuv',
    'xoxb-' + 'abcdefhijkmnop',
    'glpat-' + 'abcdefhijkmnopqrstuvw',
    'eyJ',
    'x',
    'VENDOR_A_API_KEY',
    'CLOUD_B_SERVICE_ACCOUNT_KEY_JSON',
    'my-analytics-project',
    'vendor.model-v2',
    'https://llm.vendor-b.example/v1',
    'cloudServiceAccountKeyJson',
    '=',
    '_',
    '-',
  ];
  let shapes = 0;
  for (let i = 0; i < 6000; i++) {
    let t = '';
    const n = 1 + Math.floor(r() * 7);
    for (let k = 0; k < n; k++) {
      const p = pieces[Math.floor(r() * pieces.length)]!;
      t += r() < 0.3 ? p.slice(Math.floor(r() * p.length)) : p;
    }
    // A whole text takes a shortcut (one regular expression for a name of weak characters): the same
    // answer as the scan of the same characters inside a longer text.
    assert.equal(mayHoldShape(t, 0, t.length), mayHoldShape('\n' + t, 1, t.length + 1), JSON.stringify(t));
    if (credentialShapes(t).length > 0) {
      shapes++;
      assert.ok(mayHoldShape(t, 0, t.length), JSON.stringify(t.length));
    }
  }
  assert.ok(shapes > 500, `${shapes} texts with a shape`);
});

test('mayHoldShape says no to names in capitals, hyphenated names and models; yes to key prefixes in small letters', () => {
  // (credentialShapes finds nothing in these: no key prefix, and no small letter, capital and digit
  // together, nor a digit after a name or a label.)
  for (const t of [
    'VENDOR_A_API_KEY',
    'CLOUD_B_SERVICE_ACCOUNT_KEY_JSON',
    'my-analytics-project',
    'vendor.model-v2',
    'cloudServiceAccountKeyJson',
    'us-central1-docker-pkg',
    'AZURE_OPENAI_API_KEY_2',
  ]) {
    assert.equal(credentialShapes(t).length, 0, t);
    assert.equal(mayHoldShape(t, 0, t.length), false, t);
  }
  for (const t of [
    'github_pat_' + 'q1w2e3r4t5y6u7i8o9p0z1x2',
    'sk-' + 'abcdefhijkmnopqrstuv',
    'xoxb-' + 'abcdefhijkmnop',
    'glpat-' + 'abcdefhijkmnopqrstuvw',
    'eyJ' + 'hbGciOi.eyJzdWIiOi.sig',
  ]) {
    assert.ok(credentialShapes(t).length > 0, t);
    assert.ok(mayHoldShape(t, 0, t.length), t);
  }
});

test('mayHoldShape never hides a shape in random texts of credential characters (seed 5a9f)', () => {
  // Characters one at a time, with the key prefixes' letters and separators frequent: every way a run
  // can mix small letters, capitals, digits, `=`, `-`, `_`, `~` and `%`, and prefixes at any place.
  const r = mulberry32(0x5a9f);
  const units = [
    ...'abdegiknoptxyzAIJKQSZ019=-_~%.:/@ \n',
    'sk-',
    'gh',
    'npm_',
    'dapi',
    'eyJ',
    'AKIA',
    'AIza',
    'xoxb-',
    'glpat-',
    '_live_',
    'github_pat_',
    'key 1: ',
    'api_key=',
  ];
  let shapes = 0;
  for (let i = 0; i < 20000; i++) {
    let t = '';
    const n = 4 + Math.floor(r() * 40);
    for (let k = 0; k < n; k++) t += units[Math.floor(r() * units.length)]!;
    if (credentialShapes(t).length > 0) {
      shapes++;
      assert.ok(mayHoldShape(t, 0, t.length), JSON.stringify(t));
    }
    // Inside a longer text, from an offset: what credentialShapes finds in that slice.
    const from = Math.floor(r() * t.length);
    if (credentialShapes(t.slice(from)).length > 0)
      assert.ok(mayHoldShape(t, from, t.length), JSON.stringify([t, from]));
  }
  assert.ok(shapes > 1000, `${shapes} texts with a shape`);
});

test('mayHoldShape says no to long snake_case names, the most common long scalars of a file', () => {
  for (const t of ['customer_name_t1234', 'reporting_schema_12', 'enable_visualizations_v2', 'sales.table_0001_x'])
    assert.equal(mayHoldShape(t, 0, t.length), false, t);
  // … but not to one after text on its line (a label, a credential's name), nor to a lowercase key prefix.
  for (const t of [
    'Key 1: 0123456789abcdef0123',
    'x-api-key: 0123456789abcdef0123',
    'x ghp_abcdefghijklmnopqrstuvwxyz012345',
    'dapi0123456789abcdef0123456789abcdef',
    'rk_test_' + 'abcdef0123456789wxyz',
    'npm_' + 'q1w2e3r4t5y6u7i8o9p0a1s2d3f4h5j6k7l8',
  ]) {
    assert.ok(credentialShapes(t).length > 0, t);
    assert.ok(mayHoldShape(t, 0, t.length), t);
  }
});

test('a snake_case name after blanks that start the text (a comment after #) is no shape; after a line break it may be a value', () => {
  // A comment's text is scanned from after its '#' (validation/commentCredentials.ts).
  for (const t of [
    '# sales_table_100: one row per order',
    '#\tcustomer_name_t1234 (kept for audits)',
    '#   reporting.schema_2',
  ]) {
    assert.equal(credentialShapes(t.slice(1)).length, 0, t);
    assert.equal(mayHoldShape(t, 1, t.length), false, t);
    assert.equal(mayHoldShape(t.slice(1), 0, t.length - 1), false, t);
  }
  // A credential's name ending the line above, its value indented below: still let through when found.
  for (const t of ['x-api-key:\n  0123456789abcdef0123', 'password:\n    hunter2hunter2']) {
    if (credentialShapes(t).length > 0) assert.ok(mayHoldShape(t, 0, t.length), JSON.stringify(t));
  }
  // Blanks before a line break are text to nothing: a run after '\n' and blanks is read as before.
  assert.equal(mayHoldShape('x:\n   customer_name_t1234', 0, 25), true);
});

test('mayHoldShape says no to runs of letters alone (camelCase keys and values), yes to key prefixes in letters', () => {
  for (const t of [
    'AssistantConfig',
    'systemInstructions',
    'cloudServiceAccountKeyJson',
    'overrideAiPrimitivesLlm: blockMediumAndAbove',
    'apiKey: QwertyUiopAsdfGhjkLzxcVbnm',
    'Authorization: Bearer QwertyUiopAsdfGhjkLzxcVbnm',
  ]) {
    assert.equal(credentialShapes(t).length, 0, t);
    assert.equal(mayHoldShape(t, 0, t.length), false, t);
  }
  for (const t of [
    'AKIA' + 'QWERTYUIOPASDFGH',
    'id ASIA' + 'ZXCVBNMLKJHGFDSA',
    'AIza' + 'SyQwErTyUiOpAsDfGhJkLzXcVbNmQwErTyU',
    'dapi' + 'abcdefabcdefabcdefabcdefabcdefab',
    'password: Qwertyuiopasdfg!',
  ]) {
    assert.ok(credentialShapes(t).length > 0, t);
    assert.ok(mayHoldShape(t, 0, t.length), t);
  }
});

test('mayHoldShape lets a %-encoded credential-named parameter through (REVIEW6 I1)', () => {
  for (const t of ['?sig=ab%2Bcd%2Fe1%3Dgh%2B', 'x&token=a1~b2~c3~d4~e5~f6', '?key=0a%2F1b%2F2c%2F3d%3D']) {
    assert.ok(credentialShapes(t).length > 0, t);
    assert.ok(mayHoldShape(t, 0, t.length), t);
  }
});

test('mayHoldShape answers a whole text asked again as it did the first time, and as worked out afresh (seed 5aa0)', () => {
  // Whole short texts it said no to are kept (a bounded memo); 6,000 texts fill it past its bound.
  const seed = 0x5aa0;
  console.log(`seed ${seed.toString(16)}`);
  const r = mulberry32(seed);
  const pieces = [
    fakeSecret('sk-' + 'proj-', 24, 0x3d60),
    fakeSecret('AK' + 'IA', 16, 0x3d61, 'ABCDEFGHJKLMNPQRSTUVWXYZ234567'),
    'vendor_a',
    'VENDOR_A_API_KEY',
  ];
  const more = ['model-v2', 'password=', 'https://bob:pw@h.example.com/', 'Zq3Xw8Rt5Yu2Io9Pa6Sd', 'kind', ' ', '_'];
  const all = [...pieces, ...more];
  const texts: string[] = [];
  for (let i = 0; i < 6000; i++) {
    let t = `${i % 97}`;
    const n = 1 + Math.floor(r() * 4);
    for (let k = 0; k < n; k++) t += all[Math.floor(r() * all.length)]!;
    texts.push(t);
  }
  let yes = 0;
  for (const pass of [1, 2])
    for (const t of texts) {
      const fresh = mayHoldShapeUncached(t, 0, t.length);
      assert.equal(mayHoldShape(t, 0, t.length), fresh, `pass ${pass}: ${JSON.stringify(t)}`);
      if (fresh) yes++;
    }
  // Both answers were asked about, each many times.
  assert.ok(yes > 1000 && yes < 11000, `${yes} yes of 12000`);
});

test('the memo of "no" answers pauses on distinct texts (one large file) and comes back when texts repeat (file after file)', () => {
  const ask = (t: string): void => {
    assert.equal(mayHoldShape(t, 0, t.length), mayHoldShapeUncached(t, 0, t.length), JSON.stringify(t));
  };
  // The texts of the CLI bench's files repeat (98.7 % hits): from whatever state the tests before
  // left, the memo is in use again at most one pause and two windows later.
  const repeated = ['kind', 'AssistantConfig', 'vendor_a', 'VENDOR_A_API_KEY', 'model-v2', 'eu-west-1', 'tableName'];
  for (let i = 0; i < MEMO_PAUSE + 2 * MEMO_WINDOW; i++) ask(repeated[i % repeated.length]!);
  assert.equal(mayHoldShapeMemoInUse(), true, 'in use over repeated texts');
  // Distinct names (a 100k-line file's columns): at most two windows later it is paused ...
  for (let i = 0; i < 2 * MEMO_WINDOW; i++) ask(`customer_column_${i}`);
  assert.equal(mayHoldShapeMemoInUse(), false, 'paused over distinct texts');
  // ... and stays paused for its pause, whatever is asked ...
  for (let i = 0; i < MEMO_PAUSE - 2 * MEMO_WINDOW; i++) ask(repeated[i % repeated.length]!);
  assert.equal(mayHoldShapeMemoInUse(), false, 'still paused');
  // ... then is tried again and kept while texts repeat.
  for (let i = 0; i < 4 * MEMO_WINDOW; i++) ask(repeated[i % repeated.length]!);
  assert.equal(mayHoldShapeMemoInUse(), true, 'in use again');
  // Texts that may hold a credential are never kept: asked again while in use, still yes.
  const key = fakeSecret('sk-' + 'proj-', 24, 0x3d70);
  for (let i = 0; i < 3; i++) assert.equal(mayHoldShape(key, 0, key.length), true);
});
