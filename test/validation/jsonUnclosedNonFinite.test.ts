// Two JSON slips that were cascades (REVIEW16-user N4, N12), on text written as users write it (pretty,
// CRLF, minified, Python's json.dumps output):
// - N4: a key half typed in an unclosed string (`"con }` while typing in `"llm": { …, "con }`) was
//   "Unexpected end of string", unknown-property 'con }' (whose fix removed what was typed), "Colon
//   expected" and "Closing brace expected" at the end of the file. Now one syntax error at the string
//   that says it is not closed; no fix removes the typed text; completion there still offers the keys.
// - N12: `NaN` / `Infinity` / `-Infinity` (Python's json.dumps) made "Invalid symbol" and "Value
//   expected" for each, twice for `-Infinity`. Now one error per value saying JSON has none and what to
//   write; a fix writes null only where the field takes null, never a number, and not `lint --fix`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, applyEdits, getCodeActions } from '../../server/src/service';
import type { Diagnostic } from '../../server/src/service';
import { fixAll } from '../../server/src/service/fixAll';
import { parse } from '../../server/src/parser';
import { doComplete } from '../../server/src/service/completion';

const crlf = (s: string): string => s.replace(/\n/g, '\r\n');
const lint = (t: string): Diagnostic[] => analyze(t, 'json').diagnostics;
const said = (t: string): string[] =>
  lint(t).map((d) => `${d.code} ${JSON.stringify(t.slice(d.offset, d.offset + d.length))}`);
const actions = (t: string, d: Diagnostic) =>
  getCodeActions(parse(t, 'json'), [d], { offset: d.offset, length: d.length }).filter((a) => a.kind === 'quickfix');
const fixed = (t: string): string => fixAll(t, 'json', (x, l) => analyze(x, l)).text;

const HALF_TYPED = `{
  "kind": "AssistantConfig",
  "version": "v2",
  "definition": {
    "llm": { "provider": "cloud_a", "con }
  }
}
`;
const KEY_MESSAGE = `This key is not closed: write the closing '"' after its name (a JSON string ends on its line).`;

test('N4: a key half typed in an unclosed string is one syntax error at the string; no fix removes what was typed', () => {
  for (const text of [HALF_TYPED, crlf(HALF_TYPED)]) {
    const ds = lint(text);
    // (The provider's required fields are still said: they are missing whatever the key becomes.)
    assert.deepEqual(said(text), ['missing-required "\\"llm\\""', 'syntax-error "\\"con"']);
    const err = ds.find((d) => d.code === 'syntax-error')!;
    assert.equal(err.message, KEY_MESSAGE);
    const typed = text.indexOf('"con');
    for (const d of ds)
      for (const a of actions(text, d))
        for (const e of a.edits)
          assert.ok(
            e.offset + e.length <= typed || e.offset >= typed + '"con'.length,
            `${a.title} edits what was typed: ${JSON.stringify(e)}`,
          );
    assert.equal(fixed(text), text);
  }
});

test('N4: minified, at the end of the file, and a value string: one error each; a later independent slip is still said', () => {
  const mini = '{"kind":"AssistantConfig","version":"v2","definition":{"llm":{"provider":"hosted","con}}}';
  assert.deepEqual(said(mini), ['syntax-error "\\"con"']);
  // The brace the line lacks is really missing: said at the end of the file.
  const open = HALF_TYPED.replace('"con }', '"con');
  assert.deepEqual(said(open), ['missing-required "\\"llm\\""', 'syntax-error "\\"con"', 'syntax-error ""']);
  // An unclosed value before the next line: no "Comma expected" after it (the string's error comes first).
  const value = `{
  "kind": "AssistantConfig",
  "version": "v2",
  "definition": {
    "llm": {
      "provider": "vendor_a",
      "model": "va-4,
      "apiKey": { "valueFromEnv": "VENDOR_A_API_KEY" }
    }
    "maxAssistantActions": 5
  }
}
`;
  for (const text of [value, crlf(value)]) {
    const ds = lint(text);
    assert.deepEqual(said(text), ['syntax-error "\\"va-4"', 'missing-comma "}"']);
    assert.equal(
      ds[0]!.message,
      `This string is not closed: write the closing '"' at its end (a JSON string ends on its line).`,
    );
    // The comma missing after the llm object is an independent slip: said, at its place, with its fix.
    assert.equal(text.slice(ds[1]!.offset - 4, ds[1]!.offset + 1), '    }');
  }
});

test('N4: completion at the half-typed key still offers the keys, replacing what was typed', () => {
  for (const marked of [HALF_TYPED.replace('"con', '"con|'), crlf(HALF_TYPED).replace('"con', '"con|')]) {
    const offset = marked.indexOf('|');
    const text = marked.slice(0, offset) + marked.slice(offset + 1);
    const items = doComplete(parse(text, 'json'), offset, {}).items;
    const endpoint = items.find((i) => i.label === 'endpoint');
    assert.ok(endpoint, items.map((i) => i.label).join(','));
    assert.ok(items.some((i) => i.label === 'apiKey'));
    assert.deepEqual(endpoint.replace, { offset: text.indexOf('"con'), length: 4 });
  }
});

// What `json.dumps(config, indent=2)` writes for float('nan'), float('inf') and float('-inf').
const PYTHON = `{
  "kind": "AssistantConfig",
  "version": "v2",
  "definition": {
    "llm": {
      "provider": "hosted"
    },
    "maxAssistantActions": NaN,
    "contextWindowLimit": Infinity,
    "maxTableArtifactSampleRows": -Infinity,
    "threadTitleGeneration": {
      "enable": NaN
    }
  }
}`;

test('N12: NaN, Infinity, -Infinity: one error per value saying what to write; null offered only where the field takes it', () => {
  for (const text of [PYTHON, crlf(PYTHON)]) {
    assert.deepEqual(said(text), [
      'syntax-error "NaN"',
      'syntax-error "Infinity"',
      'syntax-error "-Infinity"',
      'syntax-error "NaN"',
    ]);
    const ds = lint(text);
    assert.match(
      ds[0]!.message,
      /^JSON has no NaN \(Python's json\.dumps writes it for float\('nan'\)\): write the value meant, a number, or null where the field may be left unset\.$/,
    );
    assert.match(ds[2]!.message, /^JSON has no -Infinity .*float\('-inf'\)/);
    const offered = ds.map((d) =>
      actions(text, d).map((a) => [a.title, applyEdits(text, a.edits).slice(d.offset, d.offset + 4)]),
    );
    assert.deepEqual(offered, [
      [["Write null for 'maxAssistantActions' (JSON has no NaN)", 'null']],
      [["Write null for 'contextWindowLimit' (JSON has no Infinity)", 'null']],
      [["Write null for 'maxTableArtifactSampleRows' (JSON has no -Infinity)", 'null']],
      // `enable` is a boolean that takes no null: nothing is guessed.
      [],
    ]);
    // Not lint --fix: which value is meant is the user's to say.
    assert.equal(fixed(text), text);
  }
  // Minified, in the spelling json.dumps(separators=(',', ':')) gives.
  const mini =
    '{"kind":"AssistantConfig","version":"v2","definition":{"llm":{"provider":"hosted"},"contextWindowLimit":-Infinity,"maxAssistantActions":NaN}}';
  assert.deepEqual(said(mini), ['syntax-error "-Infinity"', 'syntax-error "NaN"']);
});

test('N12: removing an unknown key whose value is NaN removes the value too; the text stays JSON', () => {
  const text =
    '{"kind": "AssistantConfig", "version": "v2", "definition": {"llm": {"provider": "hosted"}, "contextWindowLimit": NaN, "temperature": NaN}}';
  const unknown = lint(text).find((d) => d.code === 'unknown-property')!;
  const remove = actions(text, unknown).find((a) => a.title === "Remove 'temperature'")!;
  const out = applyEdits(text, remove.edits);
  assert.equal(out, text.replace(', "temperature": NaN', ''));
  assert.deepEqual(said(out), ['syntax-error "NaN"']);
});
