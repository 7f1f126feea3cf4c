// A finding's message is masked at the source (codes.diag): a message that quotes a value of the
// document never holds a credential-shaped piece of it, in the raw Diagnostic objects that analyze()
// returns, before any output's masker runs (`Unknown provider 'sk-…'`, `Version 'AKIA…' is not
// supported`, `'ghp_…' is not a valid BlockType`). Checked on the examples, every scalar value in
// turn replaced by a fake key of each shape (made at run time from a seed), YAML and JSON: no run
// of 6 of the key's characters after its public prefix, in any letter case, in a message, a
// related message or a quick fix's title.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyze, DEFAULT_OPTIONS } from '../../server/src/service';
import { getCodeActions } from '../../server/src/service/codeActions';
import { credentialShapes } from '../../server/src/service/credentialShapes';
import type { Language } from '../../server/src/parser';
import { fakeJwt, fakeSecret, ROOT } from '../helpers';

const SEED = 0x13c2;
const KEYS: { key: string; prefix: number }[] = [
  { key: fakeSecret('sk-' + 'proj-', 40, SEED), prefix: 8 },
  { key: fakeSecret('gh' + 'p_', 36, SEED + 1), prefix: 4 },
  { key: fakeSecret('AK' + 'IA', 16, SEED + 2, 'ABCDEFGHJKLMNPQRSTUVWXYZ234567'), prefix: 4 },
  { key: fakeJwt(SEED + 3), prefix: 3 },
  { key: fakeSecret('xo' + 'xb-', 30, SEED + 4), prefix: 5 },
];
const runsOf = (s: string): Set<string> => {
  const out = new Set<string>();
  for (let i = 0; i + 6 <= s.length; i++) out.add(s.slice(i, i + 6).toLowerCase());
  return out;
};
const holds = (text: string, runs: Set<string>): boolean => {
  const t = text.toLowerCase();
  for (let i = 0; i + 6 <= t.length; i++) if (runs.has(t.slice(i, i + 6))) return true;
  return false;
};

/** Where each scalar value of a key starts and ends (YAML: after `key: `; JSON: a string, number or literal). */
function valueSpans(text: string, language: Language): { at: number; length: number }[] {
  const re =
    language === 'yaml'
      ? /(:[ \t]+)([^\s#{}[\],&*|>'"][^#\n,}\]]*?)[ \t]*(?:#.*)?$/gm
      : /(:\s*)("(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*|true|false|null)/g;
  return [...text.matchAll(re)].map((m) => ({ at: m.index + m[1]!.length, length: m[2]!.length }));
}

test(`no raw message quotes a credential-shaped value (seed ${SEED.toString(16)})`, () => {
  console.log(`seed ${SEED.toString(16)}`);
  for (const { key } of KEYS) assert.ok(credentialShapes(key).length > 0, `${key.slice(0, 4)}… is a shape`);
  const dir = join(ROOT, 'examples');
  const files = readdirSync(dir).filter((f) => /\.(ya?ml|json)$/.test(f));
  assert.ok(files.length >= 10, `${files.length} examples`);
  const leaks: string[] = [];
  let checked = 0;
  let quoting = 0;
  for (const f of files) {
    const text = readFileSync(join(dir, f), 'utf8');
    const language: Language = f.endsWith('.json') ? 'json' : 'yaml';
    const spans = valueSpans(text, language);
    assert.ok(spans.length > 0, `${f}: ${spans.length} values`);
    for (const { at, length } of spans)
      for (const { key, prefix } of KEYS) {
        const written = language === 'json' ? JSON.stringify(key) : key;
        const t = text.slice(0, at) + written + text.slice(at + length);
        const { doc, diagnostics } = analyze(t, language, DEFAULT_OPTIONS);
        const runs = runsOf(key.slice(prefix));
        for (const d of diagnostics) {
          checked++;
          // A message that quotes where the key stands: what the masking is for (counted, so that the
          // test is known to reach them).
          if (/'\*{6,}…?'/.test(d.message)) quoting++;
          const texts = [d.message, ...(d.related ?? []).map((r) => r.message)];
          for (const a of getCodeActions(doc, diagnostics, d, {})) texts.push(a.title);
          if (texts.some((x) => holds(x, runs)))
            leaks.push(`${f} @${at} ${key.slice(0, prefix)}…: ${d.code}: ${texts.find((x) => holds(x, runs))}`);
        }
      }
  }
  assert.ok(checked > 500, `${checked} findings checked`);
  assert.ok(quoting > 20, `${quoting} messages quote a masked value`);
  assert.deepEqual(leaks.slice(0, 10), []);
});

test('the masked quote keeps its length (up to the cut of a long quote) and the rest of the message (kind, version, provider, type, an enum; YAML and JSON)', () => {
  const key = KEYS[0]!.key;
  // (A message quotes at most 40 characters of a value, then `…`.)
  const stars = '*'.repeat(Math.min(key.length, 40));
  const yaml = (kind: string, version: string, provider: string, harassment: string): string =>
    `kind: ${kind}\nversion: ${version}\ndefinition:\n  llm:\n    provider: ${provider}\n    modelId: m\n    cloudProject: p\n    cloudLocation: l\n    cloudServiceAccountKeyJson: {valueFromEnv: K}\n    safetySettings: {harassment: ${harassment}}\n  schemaSelector: {type: ${key}}\n`;
  const cases: [string, Language, RegExp][] = [
    [yaml(key, 'v2', 'cloud_b', 'blockNone'), 'yaml', /^'kind' must be 'AssistantConfig'; found '\*+…?'\.$/],
    [yaml('AssistantConfig', key, 'cloud_b', 'blockNone'), 'yaml', /^Version '\*+…?' is not supported/],
    [yaml('AssistantConfig', 'v2', key, 'blockNone'), 'yaml', /^Unknown provider '\*+…?'\. Valid values: 'hosted', /],
    [
      yaml('AssistantConfig', 'v2', 'cloud_b', key),
      'yaml',
      /^'harassment' of 'safetySettings' .*'\*+…?' is not a valid BlockType/,
    ],
    [
      JSON.stringify({ kind: 'AssistantConfig', version: 'v2', definition: { llm: { provider: key } } }),
      'json',
      /^Unknown provider '\*+…?'\. Valid values: 'hosted', /,
    ],
  ];
  for (const [text, language, want] of cases) {
    const { diagnostics } = analyze(text, language, DEFAULT_OPTIONS);
    const d = diagnostics.find((x) => want.test(x.message));
    assert.ok(d, `${want}: ${diagnostics.map((x) => x.message).join('\n')}`);
    assert.ok(d.message.includes(`'${stars}`), d.message);
    for (const x of diagnostics) assert.ok(!x.message.includes(key.slice(8, 14)), x.message);
  }
});
