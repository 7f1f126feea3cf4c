// REVIEW5 H22: pasted characters a reader cannot see (zero-width space U+200B, zero-width joiners,
// word joiner U+2060, a BOM inside the text, soft hyphen U+00AD, bidi marks and controls) or cannot
// tell from Latin letters (Cyrillic `р`, Greek `ο`, typographic quotes around a value). Messages never
// print the invisible ones raw (`pro<U+200B>vider`), name each, and say when the key or value is a
// valid one once they are read away; that valid one is the preferred quick fix and what --fix writes
// (exactly it, and only then). A `valueFromEnv` holding them is reported (no CI secret matches it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, applyEdits, getCodeActions } from '../../server/src/service';
import type { Diagnostic } from '../../server/src/service';
import { fixAll } from '../../server/src/service/fixAll';
import { parse } from '../../server/src/parser';
import { charNote, plainReading, showInvisibleChars } from '../../server/src/service/chars';
import { nameOfChar } from '../../server/src/parser/charNames';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers';

const H = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n';
const fix = (text: string): string => fixAll(text, 'yaml', (t, l) => analyze(t, l)).text;
const diagnostics = (text: string): Diagnostic[] => analyze(text, 'yaml').diagnostics;
function preferredFix(text: string, d: Diagnostic): string | undefined {
  const doc = parse(text, 'yaml');
  const a = getCodeActions(doc, [d], { offset: d.offset, length: d.length }).find(
    (x) => x.kind === 'quickfix' && x.isPreferred === true,
  );
  return a && applyEdits(text, a.edits);
}
/** Characters no message may print raw. */
const RAW = /[\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

test('the helper: names, visible form, plain reading', () => {
  assert.equal(nameOfChar('\u200b'), 'U+200B zero-width space');
  assert.equal(nameOfChar('\u00ad'), 'U+00AD soft hyphen');
  assert.equal(nameOfChar('\u0440'), 'U+0440 Cyrillic er');
  assert.equal(nameOfChar('\u03bf'), 'U+03BF Greek omicron');
  assert.equal(nameOfChar('\u00a0'), 'U+00A0 no-break space');
  assert.equal(showInvisibleChars('pro\u200bvider\u2060'), 'pro<U+200B>vider<U+2060>');
  assert.equal(plainReading('pro\u200bvi\u00adder'), 'provider');
  assert.equal(plainReading('\u0440r\u03bfvider'), 'provider');
  assert.equal(plainReading('\u201chosted\u201d'), 'hosted');
  assert.equal(plainReading('plain_ascii'), 'plain_ascii');
  assert.equal(plainReading('Café'), 'Café', 'letters that look like no Latin letter stay');
  assert.equal(charNote('hosted', 'value'), '');
  assert.equal(
    charNote('hosted\u200b', 'value'),
    ' (it ends with U+200B zero-width space, which is part of the value)',
  );
  assert.equal(charNote('\u0440rovider', 'key'), " ('\u0440' is U+0440 Cyrillic er, not 'p')");
});

test('keys: a zero-width character or a Cyrillic letter in a key is named, shown visibly, and the rename is preferred and --fix', () => {
  const cases: [string, RegExp][] = [
    [
      'pro\u200bvider',
      /does not allow 'pro<U\+200B>vider' \(it holds U\+200B zero-width space, which is part of the key\); did you mean 'provider'/,
    ],
    ['pro\u200dvider', /'pro<U\+200D>vider' \(it holds U\+200D zero-width joiner, which is part of the key\)/],
    ['\u2060provider', /'<U\+2060>provider' \(it starts with U\+2060 word joiner, which is part of the key\)/],
    ['prov\u00adider', /'prov<U\+00AD>ider' \(it holds U\+00AD soft hyphen, which is part of the key\)/],
    [
      '\u0440rovider',
      /does not allow '\u0440rovider' \('\u0440' is U\+0440 Cyrillic er, not 'p'\); did you mean 'provider'/,
    ],
    ['pr\u03bfvider', /'pr\u03bfvider' \('\u03bf' is U\+03BF Greek omicron, not 'o'\)/],
  ];
  for (const [key, message] of cases) {
    const text = `${H}    ${key}: hosted\n`;
    const ds = diagnostics(text);
    const d = ds.find((x) => x.code === 'unknown-property');
    assert.ok(d, `${JSON.stringify(key)}: ${JSON.stringify(ds)}`);
    assert.match(d.message, message);
    assert.doesNotMatch(d.message, RAW);
    const want = `${H}    provider: hosted\n`;
    assert.equal(preferredFix(text, d), want, JSON.stringify(key));
    assert.equal(fix(text), want, JSON.stringify(key));
    assert.deepEqual(diagnostics(want), []);
  }
  // With the provider known: a key of its variant, written with a joiner.
  const text = `${H}    provider: vendor_a\n    mo\u200cdel: m\n    apiKey: {valueFromEnv: K}\n`;
  const d = diagnostics(text).find((x) => x.code === 'unknown-property');
  assert.ok(d);
  assert.match(
    d.message,
    /'mo<U\+200C>del' \(it holds U\+200C zero-width non-joiner, which is part of the key\)\. Did you mean 'model'\?/,
  );
  assert.equal(fix(text), `${H}    provider: vendor_a\n    model: m\n    apiKey: {valueFromEnv: K}\n`);
});

test('values: zero-width, soft hyphen, bidi controls, typographic quotes and look-alikes in an enum value', () => {
  const cases: [string, RegExp][] = [
    [
      'hosted\u200b',
      /Unknown provider 'hosted<U\+200B>' \(it ends with U\+200B zero-width space, which is part of the value\)\. Did you mean 'hosted'\?/,
    ],
    [
      'hos\u00adted',
      /Unknown provider 'hos<U\+00AD>ted' \(it holds U\+00AD soft hyphen, which is part of the value\)\. Did you mean 'hosted'\?/,
    ],
    [
      'host\u202eed',
      /Unknown provider 'host<U\+202E>ed' \(it holds U\+202E right-to-left override, which is part of the value\)/,
    ],
    [
      '\ufeffhosted',
      /Unknown provider '<U\+FEFF>hosted' \(it starts with U\+FEFF zero-width no-break space \(byte order mark\)/,
    ],
    [
      '\u201chosted\u201d',
      /Unknown provider '\u201chosted\u201d' \('\u201c' is U\+201C left double quotation mark, not a YAML quote; '\u201d' is U\+201D right double quotation mark, not a YAML quote\)\. Did you mean 'hosted'\?/,
    ],
    ['h\u043ested', /'h\u043ested' \('\u043e' is U\+043E Cyrillic o, not 'o'\)\. Did you mean 'hosted'\?/],
  ];
  for (const [value, message] of cases) {
    const text = `${H}    provider: ${value}\n`;
    const d = diagnostics(text).find((x) => x.code === 'unknown-discriminator');
    assert.ok(d, JSON.stringify(value));
    assert.match(d.message, message);
    assert.doesNotMatch(d.message, RAW);
    const want = `${H}    provider: hosted\n`;
    assert.equal(preferredFix(text, d), want, JSON.stringify(value));
    assert.equal(fix(text), want, JSON.stringify(value));
  }
  // invalid-enum (a safety setting) and the header.
  const everything = readFileSync(join(ROOT, 'examples/everything.assistant.yaml'), 'utf8');
  const safety = everything.replace('harassment: blockMediumAndAbove', 'harassment: blockMedium\u200bAndAbove');
  assert.notEqual(safety, everything);
  const e = diagnostics(safety).find((x) => x.code === 'invalid-enum');
  assert.ok(e, JSON.stringify(diagnostics(safety)));
  assert.match(
    e.message,
    /'blockMedium<U\+200B>AndAbove' \(it holds U\+200B zero-width space, which is part of the value\) is not a valid/,
  );
  assert.equal(fix(safety), everything);
  const header = `kind: Assistant\u200bConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hosted\n`;
  const k = diagnostics(header).find((x) => x.code === 'kind-invalid');
  assert.ok(k);
  assert.match(k.message, /found 'Assistant<U\+200B>Config' \(it holds U\+200B/);
  assert.equal(fix(header), header.replace('\u200b', ''));
});

test('--fix writes only an exact reading: a look-alike in a value that is still a typo is named, not guessed at', () => {
  // `hоstd` (Cyrillic o, and a letter missing): named; the closest is suggested as before, and --fix
  // rewrites it only if the usual rule (one clear closest match) allows.
  const text = `${H}    provider: h\u043estd\n`;
  const d = diagnostics(text).find((x) => x.code === 'unknown-discriminator');
  assert.ok(d);
  assert.match(d.message, /'\u043e' is U\+043E Cyrillic o, not 'o'/);
});

test('valueFromEnv holding an invisible character or a look-alike: reported (no CI secret has that name), with a quick fix, not --fix', () => {
  const text = `${H}    provider: vendor_a\n    model: m\n    apiKey: {valueFromEnv: VENDOR\u200b_A_KEY}\n`;
  // No environment given (as with --no-env-check): still reported.
  const d = diagnostics(text).find((x) => x.code === 'invalid-env-name');
  assert.ok(d, JSON.stringify(diagnostics(text)));
  assert.equal(d.severity, 'error');
  assert.match(d.message, /holds U\+200B zero-width space/);
  assert.match(d.message, /did you mean 'VENDOR_A_KEY'\?/);
  assert.doesNotMatch(d.message, RAW);
  assert.equal(preferredFix(text, d), text.replace('\u200b', ''));
  assert.equal(fix(text), text, '--fix leaves a variable name to the user');
  const cyr = `${H}    provider: vendor_a\n    model: m\n    apiKey: {valueFromEnv: VEND\u041eR_A_KEY}\n`;
  const c = diagnostics(cyr).find((x) => x.code === 'invalid-env-name');
  assert.ok(c);
  assert.equal(c.severity, 'warning');
  assert.match(c.message, /'\u041e' is U\+041E Cyrillic capital o, not 'O'.*did you mean 'VENDOR_A_KEY'\?/);
  // Names in other scripts that look like no Latin letter are left alone.
  const other = `${H}    provider: vendor_a\n    model: m\n    apiKey: {valueFromEnv: CLÉ_API}\n`;
  assert.equal(diagnostics(other).filter((x) => x.code === 'invalid-env-name').length, 0);
});

test('feature flag keys and primitive names (custom names allowed): named and shown, never raw', () => {
  const text = `${H}    provider: hosted\n  featureFlags:\n    enable_auto\u200bmations: true\n`;
  const d = diagnostics(text).find((x) => x.code === 'near-miss-key');
  assert.ok(d, JSON.stringify(diagnostics(text)));
  assert.match(
    d.message,
    /^'enable_auto<U\+200B>mations' \(it holds U\+200B zero-width space, which is part of the key\) is not one of the named keys.*did you mean 'enable_automations'\?/,
  );
  assert.doesNotMatch(d.message, RAW);
});
