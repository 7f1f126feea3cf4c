// Fixes that remove keys (env-value-conflict's "Remove 'value: null'", "Keep 'valueFromEnv'", an
// unknown key's "Remove 'x'", a variant switch's removals, duplicate-key) never remove a comment with
// them: a comment at the end of a removed line, above it or under it stays, on a line of its own at
// the removed key's indentation (as ESLint and ruff fixes keep comments). Only a real comment
// counts: a `#` inside a quoted value is the value's. YAML block and flow, CRLF, JSON with `//`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parse as parseYaml } from 'yaml';
import { analyze, DEFAULT_OPTIONS } from '../../server/src/service';
import type { Language } from '../../server/src/parser';
import { applyEdits, getCodeActions } from '../../server/src/service/codeActions';
import { commentsIn } from '../../server/src/service/codeActions/edits';
import { fixAll } from '../../server/src/service/fixAll';
import { mulberry32 } from '../helpers';

const H = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
const OPTIONS = { ...DEFAULT_OPTIONS, env: { isDefined: (n: string) => n === 'VENDOR_A_API_KEY' } };
const run = (text: string, language: Language) => analyze(text, language, OPTIONS);

/** The text after the fix titled `title` (of the diagnostic with `code`). */
function applyFix(text: string, code: string, title: RegExp, language: Language = 'yaml'): string {
  const { doc, diagnostics } = run(text, language);
  const d = diagnostics.find((x) => x.code === code);
  assert.ok(d, `${code} in ${JSON.stringify(diagnostics.map((x) => x.code))}`);
  const actions = getCodeActions(doc, diagnostics, d, { dotenv: { text: '' } }).filter((a) => a.diagnostic === d);
  const fix = actions.find((a) => title.test(a.title));
  assert.ok(fix, actions.map((a) => a.title).join(' | '));
  return applyEdits(text, fix.edits);
}

const codesOf = (text: string, language: Language): string[] =>
  run(text, language)
    .diagnostics.map((d) => d.code)
    .filter((c) => c !== 'unused-anchor');

test("env-value-conflict: removing 'value: null' keeps its end-of-line comment (block, CRLF)", () => {
  for (const eol of ['\n', '\r\n']) {
    const text =
      `${H}  llm:\n    provider: vendor_a\n    apiKey:\n      value: null  # rotated 2024-05, ask ops\n      valueFromEnv: VENDOR_A_API_KEY\n`.replace(
        /\n/g,
        eol,
      );
    const out = applyFix(text, 'env-value-conflict', /^Remove 'value: null'/);
    assert.equal(
      out,
      `${H}  llm:\n    provider: vendor_a\n    apiKey:\n      # rotated 2024-05, ask ops\n      valueFromEnv: VENDOR_A_API_KEY\n`.replace(
        /\n/g,
        eol,
      ),
    );
    assert.deepEqual(codesOf(out, 'yaml'), []);
    if (eol === '\r\n') assert.doesNotMatch(out.replace(/\r\n/g, ''), /\n/);
  }
});

test("env-value-conflict: 'Keep valueFromEnv' keeps the comment, not the '#' inside the quoted literal", () => {
  const text = `${H}  llm:\n    provider: vendor_a\n    apiKey:\n      value: "a#b"  # note\n      valueFromEnv: VENDOR_A_API_KEY\n`;
  const out = applyFix(text, 'env-value-conflict', /^Keep 'valueFromEnv'/);
  assert.equal(
    out,
    `${H}  llm:\n    provider: vendor_a\n    apiKey:\n      # note\n      valueFromEnv: VENDOR_A_API_KEY\n`,
  );
  assert.deepEqual(codesOf(out, 'yaml'), []);
});

test('env-value-conflict in a flow mapping over lines keeps the comment in the mapping', () => {
  const text = `${H}  llm:\n    provider: vendor_a\n    apiKey: {value: null, # was the literal\n      valueFromEnv: VENDOR_A_API_KEY}\n`;
  const out = applyFix(text, 'env-value-conflict', /^Remove 'value: null'/);
  assert.ok(out.includes('# was the literal'), out);
  assert.deepEqual(codesOf(out, 'yaml'), [], out);
  const data = parseYaml(out) as { definition: { llm: { apiKey: unknown } } };
  assert.deepEqual(data.definition.llm.apiKey, { valueFromEnv: 'VENDOR_A_API_KEY' });
});

test('the first key of a list item removed: its comment stays in the item, the next key keeps its column', () => {
  const head = `${H}  llm: {provider: hosted}\n  schemaSelector:\n    type: fixed\n    tables:\n`;
  for (const eol of ['\n', '\r\n']) {
    const text = `${head}      - zzqxw: 1 # why\n        tableName: orders # main\n`.replace(/\n/g, eol);
    const out = applyFix(text, 'unknown-property', /^Remove 'zzqxw'$/);
    assert.equal(out, `${head}      - # why\n        tableName: orders # main\n`.replace(/\n/g, eol));
    // What was found before, but the removed key (the comment changed nothing in the item).
    assert.deepEqual(
      codesOf(out, 'yaml'),
      codesOf(text, 'yaml').filter((c) => c !== 'unknown-property'),
    );
  }
  // The only key of the item: `{}` and the comment after it.
  const only = `${head}      - tableName: orders\n      - zzqxw: 1 # why\n`;
  const out = applyFix(only, 'unknown-property', /^Remove 'zzqxw'$/);
  assert.equal(out, `${head}      - tableName: orders\n      - {} # why\n`);
});

test('JSON with // comments: the removed line comment stays; plain JSON has none to keep', () => {
  const text = `{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": {\n    "llm": {\n      "provider": "vendor_a",\n      "apiKey": {\n        "value": null, // rotated, ask ops\n        "valueFromEnv": "VENDOR_A_API_KEY"\n      }\n    }\n  }\n}\n`;
  const out = applyFix(text, 'env-value-conflict', /^Remove 'value: null'/, 'json');
  assert.ok(out.includes('        // rotated, ask ops\n        "valueFromEnv"'), out);
  assert.deepEqual(
    codesOf(out, 'json').filter((c) => c !== 'json-not-strict'),
    [],
  );
  const plain = text.replace(' // rotated, ask ops', '');
  const plainOut = applyFix(plain, 'env-value-conflict', /^Remove 'value: null'/, 'json');
  assert.deepEqual(JSON.parse(plainOut), {
    ...JSON.parse(plain),
    definition: { llm: { provider: 'vendor_a', apiKey: { valueFromEnv: 'VENDOR_A_API_KEY' } } },
  });
  assert.deepEqual(codesOf(plainOut, 'json'), []);
});

test('commentsIn: real comments only (quoted #, plain a#b, block scalar text), a block header comment counts', () => {
  const text = `a: "x # y" # one\nb: a#b\nc: |- # two\n  text # not a comment\n# three\n`;
  const doc = run(text, 'yaml').doc;
  assert.deepEqual(commentsIn(doc, 0, text.length), ['# one', '# two', '# three']);
});

// ---------------------------------------------------------------------------------------------
// Property: every fix that removes text, on seeded documents with comments everywhere, keeps every
// comment of the text (as a multiset), and `lint --fix` does too.

const COMMENT_WORDS = ['rotated 2024-05, ask ops', 'see "a#b"', "it's #1", 'todo', 'x: y', '{not, flow}'];

function generate(r: () => number): { text: string; language: Language } {
  if (r() < 0.3) return generateJson(r);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  let n = 0;
  const c = (): string => (r() < 0.6 ? `  # c${n++} ${pick(COMMENT_WORDS)}` : '');
  const lines: string[] = ['kind: AssistantConfig', 'version: v2', `definition:${c()}`, `  llm:${c()}`];
  lines.push(`    provider: vendor_a${c()}`);
  const valueText = pick(['null', '~', '"a#b"', "'x # y'", 'plain#text', '']);
  const keys = [`value:${valueText === '' ? '' : ' ' + valueText}`, 'valueFromEnv: VENDOR_A_API_KEY'];
  if (r() < 0.5) keys.reverse();
  const style = r();
  if (style < 0.5) {
    lines.push(`    apiKey:${c()}`);
    if (r() < 0.3) lines.push(`      # c${n++} above`);
    for (const k of keys) lines.push(`      ${k}${c()}`);
  } else if (style < 0.75) lines.push(`    apiKey: {${keys[0]}, ${keys[1]}}${c()}`);
  else lines.push(`    apiKey: {${keys[0]},${c()}`, `      ${keys[1]}}${c()}`);
  const unknown = r();
  if (unknown < 0.2) lines.push(`  zzqxw:${c()}`, `    a: 1${c()}`, `    # c${n++} under zzqxw`, `    b: "#"${c()}`);
  else if (unknown < 0.6) {
    lines.push(`  zzqxw: ${pick(['1', '{a: 1}', '"q#"'])}${c()}`);
    if (r() < 0.4) lines.push(`  # c${n++} after zzqxw`);
  }
  if (r() < 0.4) lines.push(`  llm:${c()}`, `    provider: vendor_a${c()}`);
  if (r() < 0.3) lines.push(`# c${n++} at the end`);
  const eol = r() < 0.3 ? '\r\n' : '\n';
  return { text: lines.join(eol) + eol, language: 'yaml' };
}

/** JSON with line and block comments after entries (what `.assistant.json` readers allow). */
function generateJson(r: () => number): { text: string; language: Language } {
  let n = 0;
  const c = (): string => (r() < 0.6 ? (r() < 0.8 ? ` // j${n++} "a#b" // x` : ` /* j${n++} */`) : '');
  const entries = [`"value": ${r() < 0.5 ? 'null' : '"a//b#c"'}`, '"valueFromEnv": "VENDOR_A_API_KEY"'];
  if (r() < 0.5) entries.reverse();
  const lines = ['{', '  "kind": "AssistantConfig",', '  "version": "v2",', `  "definition": {${c()}`];
  lines.push(`    "llm": {${c()}`, `      "provider": "vendor_a",${c()}`);
  const more = r() < 0.5;
  const comma = more ? ',' : '';
  if (r() < 0.5)
    lines.push(
      `      "apiKey": {${c()}`,
      `        ${entries[0]},${c()}`,
      `        ${entries[1]}${c()}`,
      `      }${comma}${c()}`,
    );
  else lines.push(`      "apiKey": {${entries[0]}, ${entries[1]}}${comma}${c()}`);
  if (more) lines.push(`      "zzqxw": ${r() < 0.5 ? '1' : '{"a": 1}'}${c()}`);
  lines.push('    }', '  }', '}');
  const eol = r() < 0.3 ? '\r\n' : '\n';
  return { text: lines.join(eol) + eol, language: 'json' };
}

/** Comments of a text, each with its number of occurrences. */
function commentCounts(text: string, language: Language): Map<string, number> {
  const doc = run(text, language).doc;
  const m = new Map<string, number>();
  for (const c of commentsIn(doc, 0, text.length)) m.set(c, (m.get(c) ?? 0) + 1);
  return m;
}

function assertKept(before: string, after: string, language: Language, what: string): void {
  for (const [c, k] of commentCounts(before, language)) {
    const found = after.split(c).length - 1;
    assert.ok(found >= k, `${what}: lost '${c}'\n--- before\n${before}--- after\n${after}`);
  }
}

test('property: fixes that remove text keep every comment', () => {
  const seed = 0x5eed10;
  console.log(`fixKeepsComments seed ${seed}`);
  const r = mulberry32(seed);
  let removing = 0;
  let removingJson = 0;
  for (let i = 0; i < 300; i++) {
    const { text, language } = generate(r);
    const { doc, diagnostics } = run(text, language);
    for (const d of diagnostics) {
      // Removing a comment is the point of these two (an unused suppression, a comment in strict JSON).
      if (d.code === 'unused-suppression' || d.code === 'json-not-strict') continue;
      for (const a of getCodeActions(doc, diagnostics, d, { dotenv: { text: '' } })) {
        if (a.diagnostic !== d || !a.edits.some((e) => e.length > 0)) continue;
        removing++;
        if (language === 'json') removingJson++;
        const out = applyEdits(text, a.edits);
        assertKept(text, out, language, `seed ${seed} document ${i}: ${d.code} '${a.title}'`);
        // The fix is still YAML (the comments did not change the structure around them).
        // Nothing new found: a kept comment changes nothing the tool reads. (But keeping a copy of a
        // duplicate key other than the last, the one read, is the user's choice to read that copy,
        // and its own findings with it: REVIEW16-user N5.)
        const was = new Set(codesOf(text, language));
        const now = codesOf(out, language).filter((x) => !was.has(x));
        if (!(d.code === 'duplicate-key' && /^Keep (the first|this) /.test(a.title)))
          assert.deepEqual(now, [], `${a.title}\n${out}`);
        if (language === 'yaml') assert.doesNotThrow(() => parseYaml(out, { uniqueKeys: false }), `${a.title}\n${out}`);
        else assert.ok(!codesOf(out, language).includes('syntax-error'), `${a.title}\n${out}`);
      }
    }
    const fixed = fixAll(text, language, run).text;
    assertKept(text, fixed, language, `seed ${seed} document ${i}: lint --fix`);
  }
  console.log(`fixKeepsComments: ${removing} removing fixes tried, ${removingJson} in JSON`);
  assert.ok(removing > 200 && removingJson > 50, `only ${removing} removing fixes tried (${removingJson} in JSON)`);
});
