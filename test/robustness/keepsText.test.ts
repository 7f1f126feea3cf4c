// Edits never lose what the user wrote (the team's standard; keep18): over the examples and fixtures and
// slipped / half-typed variants of them (fixed, printed seed), every quick fix offered on every
// diagnostic is applied, and every piece the user wrote must still be in the result: each scalar value
// (a key's value, a list item, each line of a block scalar or of a scalar over lines), each key, each
// comment. A fix may move a piece, rewrite its quoting or its indentation; it may not drop it, unless
// its title says it removes or replaces that very thing: the fixes allowed to are listed in DROPS, each
// with why, and each may drop only pieces of what the diagnostic is about (the property it is on, the
// copies of a duplicate key). The result must not parse with a syntax error the original did not have.
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { analyze } from '../../server/src/service/analyze';
import { fixAll } from '../../server/src/service/fixAll';
import { applyEdits, getCodeActions } from '../../server/src/service/codeActions';
import { commentsIn } from '../../server/src/service/codeActions/edits';
import type { Diagnostic } from '../../server/src/service/codes';
import type { Node, ParsedDocument, PropertyNode } from '../../server/src/parser/ast';
import { nodeAt } from '../../server/src/parser';
import { corpus } from './properties';
import type { CorpusFile } from './properties';
import { count, mulberry32 } from '../helpers';
import { testSeed } from '../seed';

type Kind = 'key' | 'value' | 'comment';

interface Piece {
  kind: Kind;
  /** The text as written (one line of it, trimmed; quotes taken off). */
  text: string;
  /** The value it reads, for a scalar (kept when a fix only rewrites its quoting). */
  value?: string;
  from: number;
  to: number;
}

/** Every piece the user wrote: keys, scalar values (line by line), comments. */
function piecesOf(doc: ParsedDocument): Piece[] {
  const text = doc.text;
  const out: Piece[] = [];
  const scalar = (n: Node, kind: Kind): void => {
    if (n.type !== 'string' && n.type !== 'number' && n.type !== 'boolean') return;
    let src = text.slice(n.offset, n.offset + n.length);
    let from = n.offset;
    if (/^[|>]/.test(src) && doc.language === 'yaml') {
      const nl = src.indexOf('\n');
      if (nl < 0) return;
      src = src.slice(nl + 1);
      from += nl + 1;
    } else if (/^["']/.test(src)) src = src.slice(1, -1);
    const value = n.type === 'string' ? n.value : String(n.value);
    for (const line of src.split(/\r?\n/)) {
      const t = line.trim();
      if (t !== '') out.push({ kind, text: t, value, from, to: n.offset + n.length });
    }
  };
  const visit = (n: Node | undefined): void => {
    if (!n) return;
    if (n.type === 'object')
      for (const p of n.properties) {
        scalar(p.key, 'key');
        visit(p.value);
      }
    else if (n.type === 'array') for (const x of n.items) visit(x);
    else scalar(n, 'value');
  };
  visit(doc.root);
  // (Comments of every document of the file: a second one after `---` too.)
  let at = 0;
  for (const c of commentsIn(doc, 0, text.length)) {
    const i = text.indexOf(c, at);
    at = i < 0 ? at : i + c.length;
    const body = c.replace(/^(#|\/\/|\/\*)/, '').replace(/\*\/$/, '');
    for (const line of body.split(/\r?\n/)) {
      const t = line.replace(/^\s*\*?/, '').trim();
      if (t !== '') out.push({ kind: 'comment', text: t, from: i, to: i + c.length });
    }
  }
  return out;
}

/** A text the result holds fewer times than the original did: how many fewer, and where it was written. */
interface Lost {
  text: string;
  fewer: number;
  at: Piece[];
}

/** The pieces of `before` the result has fewer of, by text and by value read. */
function lostPieces(before: ParsedDocument, after: ParsedDocument): Lost[] {
  const valuesAfter = new Map<string, number>();
  for (const p of piecesOf(after))
    if (p.value !== undefined) valuesAfter.set(p.value, (valuesAfter.get(p.value) ?? 0) + 1);
  const valuesBefore = new Map<string, number>();
  const byText = new Map<string, Piece[]>();
  for (const p of piecesOf(before)) {
    if (p.value !== undefined) valuesBefore.set(p.value, (valuesBefore.get(p.value) ?? 0) + 1);
    byText.set(p.text, [...(byText.get(p.text) ?? []), p]);
  }
  const out: Lost[] = [];
  for (const [t, at] of byText) {
    const fewer = count(before.text, t) - count(after.text, t);
    if (fewer <= 0) continue;
    // (Only its quoting or escapes rewritten: the same values are read as often.)
    if (at.every((p) => p.value !== undefined && (valuesAfter.get(p.value) ?? 0) >= (valuesBefore.get(p.value) ?? 0)))
      continue;
    out.push({ text: t, fewer, at });
  }
  return out;
}

const SEED = testSeed('keepsText', 20261125, 'KEEPS_TEXT_SEED');

/** Slipped and half-typed variants of a file: a line moved 2 columns, a key missing a letter, a line cut. */
function variants(f: CorpusFile, rand: () => number): CorpusFile[] {
  const out: CorpusFile[] = [f];
  const lines = f.text.split('\n');
  const pick = (): number => Math.floor(rand() * lines.length);
  const withLine = (i: number, l: string, what: string): void => {
    const ls = [...lines];
    ls[i] = l;
    out.push({ path: `${f.path} (${what} L${i + 1})`, text: ls.join('\n'), language: f.language });
  };
  for (let k = 0; k < 6; k++) {
    const i = pick();
    const l = lines[i]!;
    if (l.trim() === '') continue;
    if (f.language === 'yaml') {
      withLine(i, `  ${l}`, 'indented');
      if (l.startsWith('  ')) withLine(i, l.slice(2), 'dedented');
    }
    const key = /^(\s*-?\s*"?)([A-Za-z_]+)/.exec(l);
    if (key && key[2]!.length > 3) {
      const at = 1 + Math.floor(rand() * (key[2]!.length - 2));
      withLine(i, key[1]! + key[2]!.slice(0, at) + key[2]!.slice(at + 1) + l.slice(key[0].length), 'key slip');
    }
    // A comment line above it and one after it, as users annotate (JSONC too).
    const mark = f.language === 'json' ? '//' : '#';
    if (!/^\s*[-\]}]/.test(l) && !/[|>][-+0-9]*\s*$/.test(l)) {
      const indent = /^\s*/.exec(l)![0];
      withLine(
        i,
        `${indent}${mark} note ${i} above\n${l}${l.includes(mark) ? '' : ` ${mark} note ${i} after`}`,
        'commented',
      );
    }
    const colon = l.indexOf(': ');
    if (colon > 0 && colon + 3 < l.trimEnd().length) {
      const cut = colon + 3 + Math.floor(rand() * (l.trimEnd().length - colon - 3));
      withLine(i, l.slice(0, cut), 'half-typed');
    }
  }
  if (!f.text.includes('\r'))
    out.push({ path: `${f.path} (CRLF)`, text: f.text.replace(/\n/g, '\r\n'), language: f.language });
  return out;
}

/** What a fix that says it removes or replaces something may drop: only pieces in `scope` of those `kinds`. */
type Scope = 'key' | 'node' | 'line' | 'property' | 'mapping' | 'item';

interface Drop {
  code: string;
  title: RegExp;
  kinds: Kind[];
  scope: Scope;
  why: string;
}

/** The fixes whose title says they remove or replace what they drop, each with why that is fine. */
const DROPS: Drop[] = [
  {
    code: 'unknown-property|near-miss-key',
    title: /^Rename '[^']*' to '[^']*'$/,
    kinds: ['key'],
    scope: 'key',
    why: 'the misspelt key is replaced by the one meant; its value stays',
  },
  {
    code: 'unknown-property',
    title: /^Remove '/,
    kinds: ['key', 'value'],
    scope: 'property',
    why: 'a key close to no allowed one (never a near miss, an anchor used elsewhere or a literal credential): the title says it goes; the comments on its lines stay',
  },
  {
    code: 'unknown-property',
    title: /^Switch provider to '/,
    kinds: ['value'],
    scope: 'mapping',
    why: 'the discriminator value is replaced by the one named (the refactoring the title says)',
  },
  {
    code: 'unknown-property',
    title: /^Keep '[^']*'( as '[^']*')? \(remove '/,
    kinds: ['key', 'value'],
    scope: 'mapping',
    why: 'a near miss beside the key it misses: the user picks which of the two values stays; the title names both',
  },
  {
    code: 'duplicate-key',
    title: /^(Keep (the first|this|the last) '|Remove the repeated '|Remove the empty duplicate ')/,
    kinds: ['key', 'value'],
    scope: 'mapping',
    why: 'the other copies of a key written twice: an exact repeat, an empty copy, or the copy the user picks (titles name the lines)',
  },
  {
    code: 'env-value-conflict',
    title: /^Keep '(value|valueFromEnv)'.*\(remove '/,
    kinds: ['key', 'value'],
    scope: 'mapping',
    why: 'both value and valueFromEnv written: the user picks the one that stays; the title names the one removed',
  },
  {
    code: 'unknown-discriminator|kind-invalid|version-unsupported|unknown-primitive|invalid-enum|invalid-env-name',
    title: /^Change '[^']*' to '[^']*'/,
    kinds: ['value'],
    scope: 'node',
    why: 'a value that is not one of the allowed ones, replaced by the closest allowed (the title names it)',
  },
  {
    code: 'invalid-type|value-not-expanded',
    title: /^Read (the variable|'[^']*' from the variable) /,
    kinds: ['value'],
    scope: 'node',
    why: "a `$NAME` / `${NAME}` reference written as a value: the name is kept, as valueFromEnv's value",
  },
  {
    code: 'invalid-type|yaml11-ambiguous',
    title: /^Write (true|false)$/,
    kinds: ['value'],
    scope: 'node',
    why: 'a YAML 1.1 boolean word (yes, on) written as the boolean it reads as',
  },
  {
    code: 'wildcard-name',
    title: /^Write 'columns: \[\]'/,
    kinds: ['value'],
    scope: 'node',
    why: "a '*' column name: the empty list means all columns, as the title says",
  },
  {
    code: 'duplicate-table',
    title: /^Remove the repeated entry of '/,
    kinds: ['key', 'value'],
    scope: 'item',
    why: 'an entry the same as an earlier one, word for word: nothing read is lost',
  },
  {
    code: 'json-not-strict',
    title: /^Remove the comment/,
    kinds: ['comment'],
    scope: 'line',
    why: 'JSON has no comments: the title says it goes',
  },
  {
    code: 'unused-suppression',
    title: /^Remove the unused suppression/,
    kinds: ['comment'],
    scope: 'line',
    why: 'a suppression comment that suppresses nothing: the title says it goes',
  },
];

/** The range of the document a fix for `d` may drop pieces of, by the rule's scope. */
function scopeRange(doc: ParsedDocument, d: Diagnostic, scope: Scope): { from: number; to: number } {
  const at = { from: d.offset, to: d.offset + d.length };
  if (scope === 'line') {
    const t = doc.text;
    const from = t.lastIndexOf('\n', d.offset - 1) + 1;
    const nl = t.indexOf('\n', d.offset + d.length);
    return { from, to: nl < 0 ? t.length : nl };
  }
  const n = nodeAt(doc.root, d.offset);
  if (!n || scope === 'node') return at;
  const holder = n.parent;
  const prop: PropertyNode | undefined = holder?.type === 'property' ? holder : undefined;
  if (scope === 'key') return prop && prop.key === n ? { from: n.offset, to: n.offset + n.length } : at;
  if (scope === 'property') return prop ? { from: prop.key.offset, to: prop.offset + prop.length } : at;
  if (scope === 'mapping') {
    const obj = prop ? prop.parent : n.type === 'object' ? n : undefined;
    return obj ? { from: obj.offset, to: obj.offset + obj.length } : at;
  }
  // The list item holding the diagnostic.
  let cur: Node | PropertyNode | undefined = n;
  while (cur && cur.parent && cur.parent.type !== 'array') cur = cur.parent as Node | PropertyNode;
  return cur && cur.type !== 'property' ? { from: cur.offset, to: cur.offset + cur.length } : at;
}

/**
 * Text that does not read as written: a syntax error, or a line off its column that the checker names as
 * misaligned when it knows the key (it says a syntax error for the same line when the key is not one of
 * the mapping's, so a fix that changes which keys are allowed may turn one into the other).
 */
const SYNTAX = new Set(['syntax-error', 'misaligned-indent']);

interface Loss {
  where: string;
  code: string;
  title: string;
  lost: string[];
}

test('every quick fix keeps what the user wrote (keys, values, block text, comments) unless its title says it removes it', () => {
  const rand = mulberry32(SEED);
  const files = corpus().flatMap((f) => variants(f, rand));
  const losses: Loss[] = [];
  const newErrors: string[] = [];
  const doubled: string[] = [];
  let onBroken = 0;
  const allowed = new Map<Drop, number>();
  let fixes = 0;
  for (const f of files) {
    const { doc, diagnostics } = analyze(f.text, f.language);
    for (const d of diagnostics) {
      const actions = getCodeActions(doc, diagnostics, { offset: d.offset, length: d.length }).filter(
        (a) => a.kind === 'quickfix' && a.diagnostic === d,
      );
      for (const a of actions) {
        fixes++;
        const out = applyEdits(f.text, a.edits);
        const analyzed = analyze(out, f.language);
        const after = analyzed.doc;
        // (Counted by line: the parser may say one problem twice, the checker once.)
        const syntax = (ds: readonly Diagnostic[], t: string): number =>
          new Set(ds.filter((x) => SYNTAX.has(x.code)).map((x) => t.slice(0, x.offset).split('\n').length)).size;
        // (A file with a line off its column already: what a fix there does to the reading of the lines
        // around it is counted, not failed; the fixes of that line are misaligned-indent's.)
        const had = syntax(diagnostics, f.text);
        if (syntax(analyzed.diagnostics, out) > had) {
          if (had > 0) onBroken++;
          else
            newErrors.push(
              `${f.path}: '${a.title}' for ${d.code}: ${analyzed.diagnostics
                .filter((x) => SYNTAX.has(x.code))
                .map((x) => x.message)
                .join(' | ')}`,
            );
        }
        // A comment written twice (left in place and carried too) is no loss, but a slip all the same.
        for (const c of new Set(
          piecesOf(doc)
            .filter((x) => x.kind === 'comment')
            .map((x) => x.text),
        ))
          if (count(out, c) > count(f.text, c)) doubled.push(`${f.path}: '${a.title}' (${d.code}) writes '${c}' twice`);
        const lost = lostPieces(doc, after);
        if (lost.length === 0) continue;
        const rule = DROPS.find((r) => r.code.split('|').includes(d.code) && r.title.test(a.title));
        const range = rule && scopeRange(doc, d, rule.scope);
        const bad = lost.filter(
          (l) =>
            !rule ||
            !range ||
            !l.at.some((p) => rule.kinds.includes(p.kind) && p.from >= range.from && p.to <= range.to) ||
            count(f.text.slice(range.from, range.to), l.text) < l.fewer,
        );
        if (rule && bad.length === 0) {
          allowed.set(rule, (allowed.get(rule) ?? 0) + 1);
          continue;
        }
        losses.push({
          where: f.path,
          code: d.code,
          title: a.title,
          lost: bad.map((l) => `${l.at.map((p) => p.kind).join('/')}:${l.text}`),
        });
      }
    }
  }
  console.log(
    `keepsText: ${files.length} files, ${fixes} fixes applied; ${losses.length} drop text their title does not name; ${newErrors.length} make a new syntax error in a file that had none (${onBroken} more in files with one already)`,
  );
  for (const r of DROPS)
    console.log(`  ${String(allowed.get(r) ?? 0).padStart(5)} dropped as titled: ${r.code} ${r.title.source}`);
  const shown = (l: Loss): string => `${l.where}: '${l.title}' (${l.code}) drops ${l.lost.join(' ; ')}`;
  assert.deepEqual(losses.map(shown), []);
  assert.deepEqual(newErrors, []);
  assert.deepEqual(doubled, []);
  assert.ok(fixes > 5000, `${fixes} fixes`);
});

test('the audit sees a dropped value, block line and comment, and not a value only requoted or moved', () => {
  const text = [
    'kind: AssistantConfig',
    'version: v2',
    'definition:',
    '  llm: { provider: hosted }',
    '  # the instructions',
    '  systemInstructions: |',
    '    Answer briefly.',
    '    Cite tables.',
    '  maxAssistantActions: 5',
    '',
  ].join('\n');
  const lost = (out: string): string[] =>
    lostPieces(analyze(text, 'yaml').doc, analyze(out, 'yaml').doc).map((l) => l.text);
  assert.deepEqual(lost(text.replace('    Cite tables.\n', '')), ['Cite tables.']);
  assert.deepEqual(lost(text.replace('  # the instructions\n', '')), ['the instructions']);
  assert.deepEqual(lost(text.replace('  maxAssistantActions: 5\n', '')), ['maxAssistantActions', '5']);
  assert.deepEqual(lost(text.replace('provider: hosted', 'provider: "hosted"')), []);
  assert.deepEqual(
    lost(
      text
        .replace('  maxAssistantActions: 5\n', '')
        .replace('definition:\n', 'definition:\n  maxAssistantActions: 5\n'),
    ),
    [],
  );
});

test("no 'Remove' of a key whose lines the parser could not read: the tree's value there ran over the next items and a key of 'definition'", () => {
  const path = 'test/fixtures/validation/misaligned-list-items.assistant.yaml';
  const lines = readFileSync(path, 'utf8').split('\n');
  // `tableName: orders` 2 columns left of its item's keys, so `columns: [id]` under it reads as its text.
  assert.equal(lines[13], '       tableName: orders');
  lines[13] = lines[13]!.slice(2);
  const text = lines.join('\n');
  const { doc, diagnostics } = analyze(text, 'yaml');
  const d = diagnostics.find((x) => x.code === 'unknown-property' && x.data?.key === 'tableName');
  assert.ok(d, diagnostics.map((x) => `${x.code}: ${x.message}`).join('\n'));
  const titles = getCodeActions(doc, diagnostics, { offset: d.offset, length: d.length }).map((a) => a.title);
  assert.ok(!titles.includes("Remove 'tableName'"), titles.join(' | '));
});

test('lint --fix (every safe fix, pass after pass) keeps what the user wrote unless a fix it applied says it removes it', () => {
  const rand = mulberry32(SEED);
  const files = corpus().flatMap((f) => variants(f, rand));
  const bad: string[] = [];
  let changed = 0;
  for (const f of files) {
    const r = fixAll(f.text, f.language, analyze);
    if (r.text === f.text) continue;
    changed++;
    const lost = lostPieces(analyze(f.text, f.language).doc, analyze(r.text, f.language).doc);
    // (Composed fixes: a drop is fine when a fix applied is one of DROPS for a piece of that kind.)
    const titled = (l: Lost): boolean =>
      r.applied.some((a) =>
        DROPS.some(
          (d) =>
            d.code.split('|').includes(a.code) && d.title.test(a.title) && l.at.some((p) => d.kinds.includes(p.kind)),
        ),
      );
    const untitled = lost.filter((l) => !titled(l));
    if (untitled.length > 0)
      bad.push(
        `${f.path}: ${r.applied.map((a) => `'${a.title}'`).join(', ')} drop ${untitled.map((l) => l.text).join(' ; ')}`,
      );
  }
  console.log(
    `keepsText lint --fix: ${files.length} files, ${changed} changed, ${bad.length} dropping text no applied fix names`,
  );
  assert.deepEqual(bad, []);
  assert.ok(changed > 1000, `${changed} files changed`);
});

/**
 * The keys a move's title names (`Move 'a' and 'b' under a new 'featureFlags'`, `Move 'a' into 'b'`):
 * those before ` under`/` into`/` to`.
 */
function movedKeys(title: string): string[] {
  const m = /^Move (.+?) (?:under|into|to|beside|up)\b/.exec(title);
  return m ? [...m[1]!.matchAll(/'([^']+)'/g)].map((x) => x[1]!) : [];
}

test('a move takes the comments of each key it moves with that key (above it and after it on its line)', () => {
  const rand = mulberry32(SEED);
  const files = corpus()
    .flatMap((f) => variants(f, rand))
    .filter((f) => f.path.includes('(commented'));
  const left: string[] = [];
  let checked = 0;
  for (const f of files) {
    const { doc, diagnostics } = analyze(f.text, f.language);
    const note = /(?:#|\/\/) note (\d+) (above|after)/g;
    const notes = [...f.text.matchAll(note)];
    if (notes.length === 0) continue;
    for (const d of diagnostics) {
      const actions = getCodeActions(doc, diagnostics, { offset: d.offset, length: d.length }).filter(
        (a) => a.kind === 'quickfix' && a.diagnostic === d && movedKeys(a.title).length > 0,
      );
      for (const a of actions) {
        const out = applyEdits(f.text, a.edits);
        const before = f.text.split(/\r?\n/);
        const after = out.split(/\r?\n/);
        const keyLine = (l: string | undefined, k: string): boolean =>
          l !== undefined && new RegExp(`(^|[\\s{,])"?${k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"?\\s*:`).test(l);
        for (const k of movedKeys(a.title)) {
          // The notes written on the moved key's line and right above it.
          const at = before.findIndex(
            (l, i) => keyLine(l, k) && (/ note \d+ after/.test(l) || / note \d+ above/.test(before[i - 1] ?? '')),
          );
          if (at < 0) continue;
          const own = [...before[at]!.matchAll(note), ...(before[at - 1] ?? '').matchAll(note)].filter(
            (m) => m[2] === 'after' || !keyLine(before[at - 1], k),
          );
          for (const m of own) {
            const i = after.findIndex((l) => l.includes(m[0]));
            const ok = m[2] === 'after' ? keyLine(after[i], k) : keyLine(after[i + 1], k);
            checked++;
            if (!ok) left.push(`${f.path}: '${a.title}' leaves '${m[0]}' away from '${k}'`);
          }
        }
      }
    }
  }
  console.log(
    `keepsText moves: ${files.length} commented files, ${checked} comments of moved keys, ${left.length} left behind`,
  );
  assert.deepEqual(left, []);
});

test('flowMoveUnderNew: the keys moved under a new key in JSON and in a YAML flow mapping over lines take their comments (keep18)', () => {
  const json = [
    '{',
    '  "kind": "AssistantConfig",',
    '  "version": "v2",',
    '  "definition": {',
    '    "llm": { "provider": "hosted" },',
    '    // automations on',
    '    "enable_automations": true, // since May',
    '    "maxAssistantActions": 5,',
    '    // charts',
    '    // (both kinds)',
    '    "enable_visualizations": false /* until Q3 */',
    '  }',
    '}',
    '',
  ].join('\n');
  const yaml = [
    'kind: AssistantConfig',
    'version: v2',
    'definition: {',
    '  llm: { provider: hosted },',
    '  # automations on',
    '  enable_automations: true, # since May',
    '  maxAssistantActions: 5,',
    '  # charts',
    '  enable_visualizations: false # until Q3',
    '}',
    '',
  ].join('\n');
  const want: Record<string, string> = {
    json: [
      '{',
      '  "kind": "AssistantConfig",',
      '  "version": "v2",',
      '  "definition": {',
      '    "llm": { "provider": "hosted" },',
      '    "featureFlags": {',
      '      // automations on',
      '      "enable_automations": true, // since May',
      '      // charts',
      '      // (both kinds)',
      '      "enable_visualizations": false /* until Q3 */',
      '    },',
      '    "maxAssistantActions": 5',
      '  }',
      '}',
      '',
    ].join('\n'),
    yaml: [
      'kind: AssistantConfig',
      'version: v2',
      'definition: {',
      '  llm: { provider: hosted },',
      '  featureFlags: {',
      '    # automations on',
      '    enable_automations: true, # since May',
      '    # charts',
      '    enable_visualizations: false # until Q3',
      '  },',
      '  maxAssistantActions: 5',
      '}',
      '',
    ].join('\n'),
  };
  for (const [language, text] of [
    ['json', json],
    ['yaml', yaml],
  ] as const)
    for (const eol of ['\n', '\r\n']) {
      const t = text.replace(/\n/g, eol);
      const { doc, diagnostics } = analyze(t, language);
      const d = diagnostics.find((x) => x.code === 'unknown-property' && x.data?.key === 'enable_automations');
      assert.ok(d, language);
      const a = getCodeActions(doc, diagnostics, { offset: d.offset, length: d.length }).find(
        (x) => x.title === "Move 'enable_automations' and 'enable_visualizations' under a new 'featureFlags'",
      );
      assert.ok(a, language);
      const out = applyEdits(t, a.edits);
      assert.equal(out, want[language]!.replace(/\n/g, eol), `${language} ${JSON.stringify(eol)}`);
      assert.deepEqual(
        analyze(out, language).diagnostics.filter((x) => x.code !== 'json-not-strict'),
        [],
        language,
      );
    }
});
