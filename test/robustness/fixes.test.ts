// Quick fixes are safe: on fuzzed documents (nearly valid generated configs and mutated examples and
// fixtures), every quick fix offered for every diagnostic applies cleanly (edits inside the text, not
// overlapping), the result parses without a new syntax error, the targeted diagnostic is gone and no
// new error appears. Replay: FUZZ_SEED=<seed printed below>.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { analyze } from '../../server/src/service';
import type { Diagnostic, TextEdit } from '../../server/src/service';
import { getCodeActions, PROVIDERS } from '../../server/src/service/codeActions';
import { propertyAtKey } from '../../server/src/service/codeActions/find';
import type { Language, ParsedDocument } from '../../server/src/parser';
import { nodeAt } from '../../server/src/parser';
import { isPlaceholder } from '../helpers';
import { checkEdits, corpus, generatedDocArbitrary, loadSchema, mutatedDocArbitrary } from './properties';
import { testSeed } from '../seed';

const RUNS = Number(process.env.FIXES_RUNS ?? 600);

/** A finding by its code and the text it is about (messages change with context, offsets with edits). */
const keyIn =
  (text: string) =>
  (d: Diagnostic): string =>
    `${d.code}\u0000${text.slice(d.offset, d.offset + d.length)}`;

function multiset(ds: Diagnostic[], key: (d: Diagnostic) => string): Map<string, number> {
  const m = new Map<string, number>();
  for (const d of ds) m.set(key(d), (m.get(key(d)) ?? 0) + 1);
  return m;
}

let fixesChecked = 0;

/** A line feed not preceded by a carriage return. */
const BARE_LF = /(^|[^\r])\n/;

/** Fixes whose result is checked further than before: a renamed key's value, a named variant's fields. */
const REVEALING = new Set(['unknown-property', 'unknown-discriminator', 'missing-discriminator']);

/**
 * Where, in the fixed document, new findings are revealed rather than introduced: the object the
 * diagnostic is about (with the key that holds it), grown by what the edits inserted.
 */
function revealedRange(
  doc: ParsedDocument,
  edits: readonly TextEdit[],
  d: Diagnostic,
): { offset: number; length: number } | undefined {
  let cur = nodeAt(doc.root, d.offset) as
    { parent?: unknown; offset: number; length: number; type?: string } | undefined;
  // (For an unknown key: renamed, its value is checked at last; removed, its mapping may be left empty.)
  while (cur && cur.type !== 'object') cur = cur.parent as typeof cur;
  const holder = cur?.parent as typeof cur;
  if (holder?.type === 'property') cur = holder;
  if (!cur) return undefined;
  const grown = edits.reduce((n, e) => n + e.newText.length - e.length, 0);
  return { offset: cur.offset, length: cur.length + Math.max(0, grown) };
}

/**
 * `duplicate-key`'s "Keep the first" / "Keep this": the copy kept is read now, its own findings with it
 * (the user's choice to read it: REVIEW16-user N5), so they are revealed, not introduced: its range in
 * the fixed document.
 */
function keptCopy(
  doc: ParsedDocument,
  edits: readonly TextEdit[],
  d: Diagnostic,
  title: string,
): { offset: number; length: number } | undefined {
  if (d.code !== 'duplicate-key' || !/^Keep (the first|this) /.test(title)) return undefined;
  const prop = propertyAtKey(doc, d.offset);
  if (!prop) return undefined;
  const kept = title.startsWith('Keep the first')
    ? prop.parent.properties.find((p) => p.key.value === prop.key.value)!
    : prop;
  const shift = edits.filter((e) => e.offset < kept.offset).reduce((n, e) => n + e.newText.length - e.length, 0);
  return { offset: kept.offset + shift, length: kept.length };
}

/** Checks every quick fix for every diagnostic of `text`; throws with a readable report on the first bad one. */
function checkFixes(text: string, language: Language, strict = true): void {
  const { doc, diagnostics } = analyze(text, language);
  // (A document with a duplicate key: validation, messages and every fix act on the occurrence that
  // is read, the last one, so every fix is checked there too.)
  const key = keyIn(text);
  const before = multiset(diagnostics, key);
  for (const d of diagnostics) {
    if (!PROVIDERS[d.code]) continue;
    const actions = getCodeActions(doc, diagnostics, { offset: d.offset, length: d.length }).filter(
      (a) => a.kind === 'quickfix' && a.diagnostic === d,
    );
    for (const a of actions) {
      const where = `fix '${a.title}' for ${d.code} (${d.message}) at ${d.offset}+${d.length} in ${JSON.stringify(text)} [${language}]`;
      const out = checkEdits(where, text, a.edits);
      fixesChecked++;
      // A CRLF document gets CRLF line breaks in every edit (editors that apply edits as given would
      // otherwise leave mixed line endings).
      if (text.includes('\r\n') && !BARE_LF.test(text))
        for (const e of a.edits)
          if (BARE_LF.test(e.newText)) assert.fail(`${where}: inserts a bare \\n: ${JSON.stringify(e.newText)}`);
      // Mutated files: only that every fix applies cleanly and the result can be read (see the note
      // at the test: fixes on odd but parseable text can still add a finding, known counterexamples).
      if (!strict) {
        analyze(out, language);
        continue;
      }
      const analyzed = analyze(out, language);
      const after = analyzed.diagnostics;
      const revealed = REVEALING.has(d.code) ? revealedRange(doc, a.edits, d) : keptCopy(doc, a.edits, d, a.title);
      const report = (what: string): never =>
        assert.fail(
          `${where}: ${what}\nresult: ${JSON.stringify(out)}\nafter: ${after.map((x) => `${x.code}: ${x.message}`).join(' | ')}`,
        );
      const beforeSyntax = diagnostics.filter((x) => x.code === 'syntax-error').length;
      if (after.filter((x) => x.code === 'syntax-error').length > beforeSyntax)
        report('the result has a new syntax error');
      const keyAfter = keyIn(out);
      const am = multiset(after, keyAfter);
      const byMessage = (ds: Diagnostic[]): Map<string, number> => multiset(ds, (x) => `${x.code}\u0000${x.message}`);
      const bm = byMessage(diagnostics);
      const amm = byMessage(after);
      const msgKey = (x: Diagnostic): string => `${x.code}\u0000${x.message}`;
      // Gone: fewer findings like it by text and by message. (Not asked of a document with syntax
      // errors: a fix cannot be expected to work where the text around it does not parse.)
      const still =
        (am.get(key(d)) ?? 0) >= (before.get(key(d)) ?? 0) && (amm.get(msgKey(d)) ?? 0) >= (bm.get(msgKey(d)) ?? 0);
      if (beforeSyntax === 0 && still) report('the targeted diagnostic is still there');
      // Renaming a key to the one meant makes its value checked for the first time, and naming a
      // valid variant makes its required fields known: what that finds in the renamed property
      // (or the object whose variant was named) is revealed, not introduced.
      const inRevealed = (x: Diagnostic): boolean =>
        revealed !== undefined &&
        x.offset >= revealed.offset &&
        x.offset + x.length <= revealed.offset + revealed.length;
      // A finding outside that range is new when there are more like it outside the range than in
      // the whole document before (one revealed inside, equal to one elsewhere, is not counted
      // against the one elsewhere).
      const outside = after.filter((x) => !inRevealed(x));
      const amOut = multiset(outside, keyAfter);
      const ammOut = byMessage(outside);
      for (const x of outside) {
        if (x.severity !== 'error' || keyAfter(x) === key(d) || isPlaceholder(x, out)) continue;
        // New: more findings like it both by the text they are about and by their message.
        if ((ammOut.get(msgKey(x)) ?? 0) <= (bm.get(msgKey(x)) ?? 0)) continue;
        if ((amOut.get(keyAfter(x)) ?? 0) > (before.get(keyAfter(x)) ?? 0))
          report(`a new error appeared: ${x.code}: ${x.message}`);
      }
    }
  }
}

// Seed 0xf1c5 (61893) finds a fix that adds an error (missing-discriminator → cloud_b under a
// literal credential): a real bug, reported in issue 11's note; the long run keeps looking.
const seed = testSeed('fixes', 1, 'FUZZ_SEED');
console.log(`fixes: ${RUNS} runs per generator`);

test(`quick fixes on nearly valid generated documents (seed ${seed})`, () => {
  const before = fixesChecked;
  fc.assert(
    fc.property(generatedDocArbitrary(loadSchema()), (d) => checkFixes(d.text, d.language)),
    { seed, numRuns: RUNS },
  );
  console.log(`  ${fixesChecked - before} fixes applied and checked`);
  assert.ok(fixesChecked - before > 50, 'the generated documents offer fixes to check');
});

// Known counterexamples on mutated (odd but parseable) files, left to the quick-fix owner:
//   '? '                              + "Add 'kind: AssistantConfig'" → a key ': AssistantConfig'
//   '\n  llm:\n  ! provider: hosted\n' + "Add 'kind: AssistantConfig'" → a new syntax error
//   '# c\nname:'                      + "Remove 'name'"              → an empty document (not-an-object)
// so here every fix must apply cleanly (edits inside the text, not overlapping) and be readable.
test(`quick fixes on mutated examples and fixtures apply cleanly (seed ${seed + 1})`, () => {
  const before = fixesChecked;
  fc.assert(
    fc.property(mutatedDocArbitrary(corpus()), (d) => {
      checkFixes(d.text, d.language, false);
    }),
    { seed: seed + 1, numRuns: RUNS },
  );
  console.log(`  ${fixesChecked - before} fixes applied and checked`);
  assert.ok(fixesChecked - before > 20);
});

test('quick fixes on every fix fixture, unmutated', () => {
  for (const f of corpus().filter((x) => x.path.includes('fixtures/fixes/') && !x.path.includes('.golden.')))
    checkFixes(f.text, f.language);
});

// Counterexamples the property found, kept as fixed cases (the seed that found each is noted).
const REGRESSIONS: { found: string; text: string }[] = [
  {
    // FUZZ_SEED=795694174: a discriminator given twice, the read (last) one null; "Change 'provider'
    // to 'hosted'" left vendor_c's fields, and the unknown-property it revealed in the mapping was
    // counted against an equal one already in overrideAiPrimitivesLlm.
    found: 'seed 795694174',
    text: 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: cloud_c\n    modelId: hosted\n    regionName: ""\n    cloudAccessKeyId:\n      value: hosted\n    cloudSecretAccessKey:\n      valueFromEnv: VENDOR_A_API_KEY\n  aiPrimitivesLlm:\n    provider: vendor_c\n    model: ""\n    apiKey:\n      value: hosted\n    safetySettings: null\n    fallback: null\n    provider: null\n  overrideAiPrimitivesLlm:\n    - primitiveName: classify\n      llm:\n        provider: hosted\n        apiKey:\n          value: sk-live-0123456789abcdef\n  featureFlags: {}\n',
  },
  {
    // A non-string discriminator with cloud_b's fields: "Change 'provider' to 'vendor_c'" left
    // `missing-required: provider 'vendor_c' requires apiKey` (now added as a placeholder).
    found: 'an earlier random seed',
    text: 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: true\n    modelId: m\n    cloudProject: p\n    cloudLocation: l\n    cloudServiceAccountKeyJson:\n      valueFromEnv: CLOUD_B_SERVICE_ACCOUNT_KEY_JSON\n',
  },
];

test('quick fixes on every fix fixture and the examples, with CRLF line endings', () => {
  const before = fixesChecked;
  for (const f of corpus().filter((x) => x.path.includes('fixtures/fixes/') || x.path.includes('examples/')))
    if (!f.path.includes('.golden.')) checkFixes(f.text.replace(/\r?\n/g, '\r\n'), f.language, false);
  // A variant named on a one-line mapping (REVIEW2 E4: its required fields were added with \n).
  checkFixes(
    'kind: AssistantConfig\r\nversion: v2\r\ndefinition:\r\n  llm:\r\n    provider: cloud_c\r\n    modelId: m\r\n    fallback:\r\n      provider: vendr_b\r\n  schemaSelector:\r\n    type: fixed\r\n',
    'yaml',
    false,
  );
  assert.ok(fixesChecked - before > 20);
});

test('quick fixes on the counterexamples found so far', () => {
  for (const r of REGRESSIONS) checkFixes(r.text, 'yaml');
});
