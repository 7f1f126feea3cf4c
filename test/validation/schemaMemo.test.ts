// The schema validator keeps what it found in each list item object and replays it when it meets the
// same object again (scripts/gen-validator.mjs memoListItems): the editor's unit cache hands it the
// same objects for the list items an edit left alone. After random edits, the errors it answers for
// the value the editor builds equal, exactly and in order, those of a validation of a fresh copy of
// that value (objects it has never seen).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import validateSchema from '../../server/src/generated/validator';
import { applyEdit, parseWithLimits, patchedAt, UnitCache, DEFAULT_OPTIONS } from '../../server/src/service';
import type { ParsedDocument } from '../../server/src/service';
import { toValue } from '../../server/src/model/value';
import { ROOT } from '../helpers';
import type * as GenerateModule from '../../bench/generate.mjs';
import { testSeed } from '../seed';
import { itemEdit } from './itemEdits';
import type { Edit } from './itemEdits';

/** What is typed: a key misspelt (an unknown key, a required one missing), a digit, a line's end. */
const TYPED = ['x', 'e', '5', '', ' ', '\n'];

/** `a` in [0, 1) as a place among the lines from the list of tables on (`lineEdit` and `itemEdit` read it so). */
function inTables(text: string, a: number): number {
  const lines = text.split('\n').length;
  const from = text.slice(0, Math.max(0, text.search(/"?schemaSelector"?:/))).split('\n').length - 1;
  return (from + a * (lines - from)) / lines;
}

function lineEdit(text: string, kind: number, a: number, b: number, ins: string): Edit {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const line = Math.floor(a * starts.length);
  const ls = starts[line]!;
  const le = line + 1 < starts.length ? starts[line + 1]! : text.length;
  const body = text.slice(ls, le).replace(/\r?\n$/, '');
  const at = ls + Math.floor(b * (body.length + 1));
  if (kind === 0) return { start: ls, end: le, text: '' };
  if (kind === 1) return { start: at, end: Math.min(ls + body.length, at + 1), text: '' };
  // A value made a number or a string again (`tableName: 42`): a schema error in that item, or none.
  const colon = body.indexOf(': ');
  if (kind === 2 && colon > 0) return { start: ls + colon + 2, end: ls + body.length, text: b < 0.5 ? '42' : 'name' };
  return { start: at, end: at, text: ins };
}

/** A number in [0, 1), spread over the range (fast-check's doubles gather at the ends). */
const FRACTION = fc.nat(9999).map((n) => n / 10000);

function errorsOf(value: unknown): unknown {
  validateSchema(value);
  return validateSchema.errors ?? null;
}

test('schema validation: errors replayed for unchanged list items equal a validation of a fresh copy (seeded)', async () => {
  const { generate } = (await import(pathToFileURL(join(ROOT, 'bench/generate.mjs')).href)) as typeof GenerateModule;
  const docs: { text: string; lang: 'yaml' | 'json' }[] = [
    { text: generate({ lines: 600, errors: true }).text, lang: 'yaml' },
    { text: generate({ lines: 400, crlf: true }).text, lang: 'yaml' },
    { text: generate({ lines: 300, mode: 'synthetic', errors: true }).text, lang: 'yaml' },
    { text: generate({ lines: 300, format: 'json', errors: true }).text, lang: 'json' },
  ];
  const seed = testSeed('schema item memo property', 1717, 'FUZZ_SEED');
  const limit = DEFAULT_OPTIONS.maxAliasExpansion;
  let compared = 0;
  let withItemErrors = 0;
  let patches = 0;
  const replayedBefore = validateSchema.itemMemo.replayed;
  fc.assert(
    fc.property(
      fc.constantFrom(...docs),
      fc.array(fc.tuple(fc.nat(12), FRACTION, FRACTION, fc.constantFrom(...TYPED)), { minLength: 1, maxLength: 10 }),
      ({ text, lang }, seq) => {
        const units = new UnitCache();
        units.prepare(DEFAULT_OPTIONS);
        let doc: ParsedDocument = parseWithLimits(text, lang, DEFAULT_OPTIONS);
        errorsOf(toValue(doc.root, limit, units).value);
        for (const [kind, a, b, ins] of seq) {
          const at = inTables(doc.text, a);
          const e =
            (kind >= 4 ? itemEdit(doc.text, kind - 4, at, b) : undefined) ?? lineEdit(doc.text, kind, at, b, ins);
          const next = doc.text.slice(0, e.start) + e.text + doc.text.slice(e.end);
          // An edit that breaks the syntax is left out: the tree is then read afresh (new objects, nothing
          // to replay) until the syntax is mended, and the edits after it would test little.
          if (parseWithLimits(next, lang, DEFAULT_OPTIONS).problems.length > 0) continue;
          units.textEdited(doc.text, e.start, e.end, e.text);
          const patched = applyEdit(doc, e.start, e.end, e.text);
          if (patched) units.changed(patchedAt(patched));
          if (patched) patches++;
          doc = patched ? { ...patched, text: next } : parseWithLimits(next, lang, DEFAULT_OPTIONS);
          const { value } = toValue(doc.root, limit, units);
          const got = errorsOf(value);
          const want = errorsOf(structuredClone(value));
          assert.deepEqual(got, want, `after ${JSON.stringify(e)}`);
          compared++;
          if (Array.isArray(want) && want.some((x: { instancePath: string }) => /\/tables\/\d+/.test(x.instancePath)))
            withItemErrors++;
        }
      },
    ),
    { seed, numRuns: 120 },
  );
  const replayed = validateSchema.itemMemo.replayed - replayedBefore;
  console.log(
    `schema item memo: ${compared} validations compared (${patches} after a patch), ${withItemErrors} with errors in list items, ${replayed} items replayed`,
  );
  // Not vacuous: items were answered from the memo, and errors inside items were compared.
  assert.ok(replayed > patches * 10, `${replayed} items replayed over ${patches} validations after a patch`);
  assert.ok(withItemErrors > compared / 4, `${withItemErrors} of ${compared} validations had errors in list items`);
});
