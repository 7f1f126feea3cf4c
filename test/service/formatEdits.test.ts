// REVIEW8 K13e: formatting answers with the edits of the lines that change (a line diff, less what
// their ends keep), not one edit replacing the whole text; range formatting keeps those that touch the
// range's lines, and in YAML takes the ones next to them when the kept ones alone would change the data.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '../../server/src/parser';
import { applyEdits, formatDocumentOutcome, formatRangeOutcome } from '../../server/src/service';
import { lineEdits } from '../../server/src/service/format';
import { sameYamlContent } from '../../server/src/service/formatYaml';
import type { TextEdit } from '../../server/src/service';
import { mulberry32 } from '../helpers';
import { testSeed } from '../seed';

const OPTIONS = { tabSize: 2, insertSpaces: true };
const ROOT = join(__dirname, '../../..');

/** Sorted, apart, and none splits a CR LF or a surrogate pair. */
function wellFormed(text: string, edits: readonly TextEdit[], what: string): void {
  const sorted = [...edits].sort((a, b) => a.offset - b.offset);
  for (let k = 1; k < sorted.length; k++)
    assert.ok(sorted[k]!.offset > sorted[k - 1]!.offset + sorted[k - 1]!.length, `${what}: edits overlap or touch`);
  const inside = (at: number): boolean =>
    (text[at - 1] === '\r' && text[at] === '\n') || /[\uD800-\uDBFF]/.test(text[at - 1] ?? '');
  for (const e of edits) assert.ok(!inside(e.offset) && !inside(e.offset + e.length), `${what}: ${JSON.stringify(e)}`);
}

test('line edits: applied, they give the new text; they leave the lines both texts share (seeded)', () => {
  const seed = testSeed('line edits', 0x13e, 'LINE_EDITS_SEED');
  const random = mulberry32(seed);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(random() * a.length)]!;
  const pieces = ['a: 1', '  b: x', '- y', '', '# c', '😀 z', 'key: "v"', '    deep: 2'];
  for (let n = 0; n < 400; n++) {
    const eol = pick(['\n', '\r\n']);
    const a = Array.from({ length: Math.floor(random() * 12) }, () => pick(pieces));
    const b = a.flatMap((l) => {
      const r = random();
      if (r < 0.15) return [];
      if (r < 0.3) return [pick(pieces)];
      if (r < 0.4) return [l, pick(pieces)];
      if (r < 0.5) return [l.trim()];
      return [l];
    });
    const end = (): string => pick(['', eol]);
    const ta = a.join(eol) + end();
    const tb = b.join(eol) + end();
    const edits = lineEdits(ta, tb);
    const what = `${JSON.stringify(ta)} -> ${JSON.stringify(tb)} (seed ${seed})`;
    assert.equal(applyEdits(ta, edits), tb, what);
    wellFormed(ta, edits, what);
    if (ta === tb) assert.equal(edits.length, 0);
    // Nothing of the first line is touched when both start with it (and its line break).
    const first = ta.slice(0, ta.indexOf('\n') + 1);
    if (first !== '' && tb.startsWith(first))
      assert.ok(
        edits.every((e) => e.offset >= first.length),
        what,
      );
  }
});

test('formatting a document: small edits, the formatted text when applied (examples made messy, LF and CRLF)', () => {
  const dir = join(ROOT, 'examples');
  for (const name of readdirSync(dir).sort()) {
    const language = name.endsWith('.json') ? 'json' : 'yaml';
    const clean = readFileSync(join(dir, name), 'utf8');
    // One line made messy: the edits touch it alone.
    const lines = clean.split('\n');
    const at = lines.findIndex((l, k) => k > 2 && /^\s+"?\w+"?: \S/.test(l));
    if (at < 0) continue;
    lines[at] = lines[at]!.replace(/: /, ':     ');
    for (const eol of ['\n', '\r\n']) {
      const messy = lines.join(eol);
      const outcome = formatDocumentOutcome(parse(messy, language), OPTIONS);
      assert.equal(outcome.refused, undefined, name);
      assert.equal(applyEdits(messy, outcome.edits), clean.split('\n').join(eol), name);
      assert.equal(outcome.edits.length, 1, `${name}: ${JSON.stringify(outcome.edits)}`);
      assert.ok(outcome.edits[0]!.length < 10 && outcome.edits[0]!.newText.length < 10, JSON.stringify(outcome.edits));
      wellFormed(messy, outcome.edits, name);
    }
  }
});

const MESSY = [
  'kind: AssistantConfig',
  'version: v2',
  'definition:',
  '  llm: {provider: vendor_a,   apiKey: {valueFromEnv: K}}',
  '  schemaSelector:',
  '      type: fixed',
  '',
  '      tables:   [a,b]',
  '  featureFlags: [ x ]',
  '',
].join('\n');

test('range formatting: the edits that touch the range’s lines, the rest left as written', () => {
  const doc = parse(MESSY, 'yaml');
  const line = (n: number): number => MESSY.split('\n').slice(0, n).join('\n').length + (n > 0 ? 1 : 0);
  // Line 3 (the llm line) alone.
  const one = formatRangeOutcome(doc, OPTIONS, { start: line(3) + 4, end: line(3) + 10 });
  const out = applyEdits(MESSY, one.edits);
  assert.ok(out.includes('  llm: { provider: vendor_a, apiKey: { valueFromEnv: K } }\n'), out);
  assert.ok(out.includes('  featureFlags: [ x ]\n') && out.includes('      type: fixed\n'), out);
  // A range ending at the start of a line does not take that line.
  const upTo = formatRangeOutcome(doc, OPTIONS, { start: line(3), end: line(4) });
  assert.deepEqual(upTo.edits, one.edits);
  // The last line: only it.
  const last = applyEdits(MESSY, formatRangeOutcome(doc, OPTIONS, { start: line(8), end: line(8) + 3 }).edits);
  assert.ok(last.includes('  featureFlags: [x]\n') && last.includes('{provider: vendor_a,'), last);
  // A line formatting leaves as it is: no edit.
  assert.deepEqual(formatRangeOutcome(doc, OPTIONS, { start: line(0), end: line(1) }).edits, []);
  // The whole text: the document's formatting.
  const all = formatRangeOutcome(doc, OPTIONS, { start: 0, end: MESSY.length });
  assert.equal(applyEdits(MESSY, all.edits), applyEdits(MESSY, formatDocumentOutcome(doc, OPTIONS).edits));
});

test('range formatting in YAML: a block re-indented in part would change the data, so its other lines come too', () => {
  // Re-indenting `type:` alone would leave `tables:` deeper than it, inside another node.
  const doc = parse(MESSY, 'yaml');
  const at = MESSY.indexOf('      type: fixed');
  const r = formatRangeOutcome(doc, OPTIONS, { start: at, end: at + 5 });
  const out = applyEdits(MESSY, r.edits);
  assert.ok(sameYamlContent(MESSY, out), out);
  assert.ok(out.includes('    type: fixed\n\n    tables:'), out);
  // Seeded ranges over seeded messy files: the data and comments stay, and formatting the rest then
  // gives the document's formatting.
  const seed = testSeed('range formatting', 0x13e5, 'RANGE_FORMAT_SEED');
  const random = mulberry32(seed);
  const whole = applyEdits(MESSY, formatDocumentOutcome(doc, OPTIONS).edits);
  for (let n = 0; n < 200; n++) {
    const a = Math.floor(random() * MESSY.length);
    const b = Math.floor(random() * MESSY.length);
    const part = applyEdits(MESSY, formatRangeOutcome(doc, OPTIONS, { start: a, end: b }).edits);
    assert.ok(sameYamlContent(MESSY, part), `${a}-${b} (seed ${seed}):\n${part}`);
    assert.equal(applyEdits(part, formatDocumentOutcome(parse(part, 'yaml'), OPTIONS).edits), whole);
  }
});

test('range formatting in JSON: the edits that touch the range’s lines', () => {
  const text =
    '{\n"kind":"AssistantConfig",\n    "version":   "v2",\n"definition": {"llm": {"provider":"hosted"}}\n}\n';
  const doc = parse(text, 'json');
  const at = text.indexOf('"version"');
  const out = applyEdits(text, formatRangeOutcome(doc, OPTIONS, { start: at, end: at + 3 }).edits);
  assert.equal(
    out,
    '{\n"kind":"AssistantConfig",\n  "version": "v2",\n"definition": {"llm": {"provider":"hosted"}}\n}\n',
  );
  assert.deepEqual(JSON.parse(out), JSON.parse(text));
  // A syntax error: refused, as the whole document's formatting is.
  const broken = formatRangeOutcome(parse('{"a": [1,\n', 'json'), OPTIONS, { start: 0, end: 3 });
  assert.deepEqual(broken.edits, []);
  assert.ok(broken.refused);
});
