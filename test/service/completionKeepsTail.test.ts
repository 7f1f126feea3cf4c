// Accepting a completion on a half-typed line never deletes what the user wrote after the cursor
// (keep18): the rest of the word being typed may be replaced (`vendr|_a` → `vendor_a`), never what
// follows it on the line (a comment, a JSON key's closing quote and its value, a flow mapping's next
// entries). Over the examples, YAML and JSON (pretty and one line, CRLF): in every key and value word,
// the cursor at a seeded sample of positions inside it (fixed, printed seed), the line also with a
// comment after it (YAML), every item applied alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '../../server/src/parser';
import type { Language } from '../../server/src/parser';
import { doComplete } from '../../server/src/service/completion';
import type { EnvInfo } from '../../server/src/service/types';
import { ROOT, applyCompletion, count, mulberry32 } from '../helpers';
import { testSeed } from '../seed';

const ENV: EnvInfo = {
  names: () => ['VENDOR_A_API_KEY', 'CLOUD_A_API_KEY'],
  isDefined: () => true,
  sourceOf: () => 'environment',
};

const SEED = testSeed('completionKeepsTail', 20261125, 'COMPLETION_TAIL_SEED');

interface Slip {
  where: string;
  label: string;
  tail: string;
  line: string;
  result: string;
}

test('a completion accepted inside a word keeps what follows the word on its line', () => {
  const rand = mulberry32(SEED);
  const docs: [string, string, Language][] = [];
  for (const f of readdirSync(join(ROOT, 'examples')).sort()) {
    const text = readFileSync(join(ROOT, 'examples', f), 'utf8');
    const language: Language = f.endsWith('.json') ? 'json' : 'yaml';
    docs.push([f, text, language]);
    docs.push([`${f} (CRLF)`, text.replace(/\n/g, '\r\n'), language]);
    if (language === 'json') docs.push([`${f} (one line)`, JSON.stringify(JSON.parse(text)), language]);
    else
      docs.push([
        `${f} (comments after values)`,
        text.replace(/^(\s*-?\s*[A-Za-z_]+: [^\s#|>&*!{[][^#\n]*?)$/gm, '$1 # note'),
        language,
      ]);
  }
  const slips: Slip[] = [];
  let accepted = 0;
  let positions = 0;
  for (const [name, text, language] of docs) {
    const words = [...text.matchAll(/[A-Za-z_][A-Za-z0-9_.-]{2,}/g)];
    for (const w of words) {
      if (rand() > 0.6) continue;
      const start = w.index;
      const end = start + w[0].length;
      // The cursor inside the word (after its first letter, before its last).
      const at = start + 1 + Math.floor(rand() * (w[0].length - 1));
      const le = text.indexOf('\n', end);
      const tail = text.slice(end, le < 0 ? text.length : le).replace(/\r$/, '');
      // What follows the word on the line, but a closing quote the item may write itself.
      const kept = tail.replace(/^"/, '').trim();
      if (kept === '') continue;
      // The word as written, and half typed: a letter before the cursor left out (`vendr|_a`).
      for (const [t, cur] of [
        [text, at],
        [text.slice(0, at - 1) + text.slice(at), at - 1],
      ] as const) {
        positions++;
        const items = doComplete(parse(t, language), cur, { env: ENV }).items;
        for (const e of items) {
          accepted++;
          const result = applyCompletion(t, e);
          if (count(result, kept) < count(t, kept)) {
            const ls = t.lastIndexOf('\n', start) + 1;
            const lineEnd = t.indexOf('\n', cur);
            const rEnd = result.indexOf('\n', ls);
            slips.push({
              where: `${name} @${cur}`,
              label: e.label,
              tail: kept,
              line: `${t.slice(ls, cur)}|${t.slice(cur, lineEnd < 0 ? t.length : lineEnd)}`,
              result: result.slice(ls, rEnd < 0 ? undefined : rEnd),
            });
          }
        }
      }
    }
  }
  console.log(
    `completionKeepsTail: ${docs.length} files, ${positions} cursors, ${accepted} items applied, ${slips.length} deleting text after the word`,
  );
  const by = new Map<string, Slip[]>();
  for (const s of slips) by.set(s.label, [...(by.get(s.label) ?? []), s]);
  for (const [label, ss] of by)
    console.log(
      `${ss.length}\t${label}\te.g. ${ss[0]!.where}: ${JSON.stringify(ss[0]!.line)} -> ${JSON.stringify(ss[0]!.result)}`,
    );
  assert.ok(accepted > 1000, `${accepted}`);
  assert.deepEqual(
    slips.map((s) => `${s.where}: '${s.label}' on ${JSON.stringify(s.line)} gives ${JSON.stringify(s.result)}`),
    [],
  );
});

test("the brief's cases: 'provider: vendr|_a # comment', '\"con|tent\": 1', a key typed before its comment", () => {
  const cases: [string, Language, string, string][] = [
    [
      'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendr|_a # comment\n',
      'yaml',
      'vendor_a',
      '    provider: vendor_a # comment',
    ],
    [
      '{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "hosted"}, "con|tent": 1}}',
      'json',
      'contextWindowLimit',
      '{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "hosted"}, "contextWindowLimit": 1}}',
    ],
    [
      '{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": {\n    "llm": {"provider": "hosted"},\n    "con|tent": 1, // c\n    "maxAssistantActions": 2\n  }\n}\n',
      'json',
      'contextWindowLimit',
      '    "contextWindowLimit": 1, // c',
    ],
    [
      'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    mod|l: m-1 # the model\n',
      'yaml',
      'model',
      '    model: m-1 # the model',
    ],
  ];
  for (const [raw, language, label, line] of cases) {
    const at = raw.indexOf('|');
    const text = raw.replace('|', '');
    const e = doComplete(parse(text, language), at, { env: ENV }).items.find((x) => x.label === label);
    assert.ok(e, `${label} at ${raw}`);
    const result = applyCompletion(text, e);
    assert.ok(result.split('\n').includes(line), `${raw}\n→\n${result}`);
  }
});

test('a key completion before a comment, no colon yet: the comment stays on the key line, the cursor on the indented line below', () => {
  const H = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n';
  for (const eol of ['\n', '\r\n'])
    for (const [line, label, want] of [
      // An object: `key:  # note`, then the line one unit in.
      ['  sche|  # note', 'schemaSelector', '  schemaSelector:  # note\n    '],
      ['  sche|ma # note', 'schemaSelector', '  schemaSelector: # note\n    '],
      // A list: `key: # note`, then `- `.
      ['  overr|  # per primitive', 'overrideAiPrimitivesLlm', '  overrideAiPrimitivesLlm:  # per primitive\n    - '],
      // A scalar: the value goes before the comment, on the line (as before).
      ['  maxAss| # note', 'maxAssistantActions', '  maxAssistantActions:  # note'],
    ] as const) {
      const at = H.length + line.indexOf('|');
      const text = (H + line.replace('|', '') + '\n  contextWindowLimit: 8000\n').replace(/\n/g, eol);
      const item = doComplete(parse(text, 'yaml'), at, { env: ENV }).items.find((e) => e.label === label);
      assert.ok(item, `${label} offered at ${line}`);
      const out = applyCompletion(text, item);
      assert.equal(
        out,
        (H + want + '\n  contextWindowLimit: 8000\n').replace(/\n/g, eol),
        `${line} -> ${label} (${JSON.stringify(eol)})`,
      );
    }
});
