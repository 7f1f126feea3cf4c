// REVIEW14 F2: JSON with comments or a trailing comma was formatted by jsonc-parser's formatter, every
// object one property a line: `"apiKey": { "valueFromEnv": "X" },` before `}` went over three lines,
// where Prettier keeps it on one. Now the layout is Prettier's (formatJson.ts) and only whitespace
// changes: the comments stay where written (on an entry's line, or on a line of their own before the
// entry that follows), a trailing comma stays (lint reports it, `lint --fix` removes it). Checked on a
// seeded corpus written as people write JSON with comments (own-line and end-of-line comments, block
// comments, trailing commas, minified and pretty, CRLF): the tokens as written, idempotent, and, without
// a trailing comma, the text Prettier prints (both ways).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createScanner, SyntaxKind, parse as parseJsonc } from 'jsonc-parser';
import * as prettier from 'prettier';
import { parse } from '../../server/src/parser';
import { applyEdits, formatDocumentOutcome } from '../../server/src/service';
import { formatText } from '../../server/src/cli/format';
import { mulberry32 as rng } from '../helpers';
import { testSeed } from '../seed';

const SEED = testSeed('JSON with comments formats as Prettier lays it out', 0x0f2c, 'FORMAT_JSON_COMMENTS_SEED');

const ours = (text: string): string => {
  const o = formatDocumentOutcome(parse(text, 'json'), { tabSize: 2, insertSpaces: true });
  assert.equal(o.refused, undefined, `refused: ${o.refused ?? ''}\n${text}`);
  return applyEdits(text, o.edits);
};
const theirs = (text: string): Promise<string> => prettier.format(text, { parser: 'json' });

function tokens(text: string): string[] {
  const s = createScanner(text, false);
  const out: string[] = [];
  for (let k = s.scan(); k !== SyntaxKind.EOF; k = s.scan())
    if (k !== SyntaxKind.Trivia && k !== SyntaxKind.LineBreakTrivia)
      out.push(text.slice(s.getTokenOffset(), s.getTokenOffset() + s.getTokenLength()));
  return out;
}

test('F2: the reported case: one line kept, the comma and the comments where written, as Prettier lays it out', async () => {
  const text =
    '{\n  // the production config\n  "kind": "AssistantConfig",\n  "version": "v2", // pinned\n  "definition": {\n    "llm": {\n      "provider": "vendor_a",\n      /* model chosen in review */\n      "model": "m",\n      "apiKey": { "valueFromEnv": "X" }, // rotated monthly\n    },\n  },\n}\n';
  const out = ours(text);
  assert.equal(out, text, 'already formatted: left as it is');
  // Written minified with the comma: one line for what fits, the comma kept.
  assert.equal(
    ours('{"kind":"AssistantConfig","definition":{"llm":{"provider":"vendor_a","apiKey":{"valueFromEnv":"X"},}}}'),
    '{\n  "kind": "AssistantConfig",\n  "definition": {\n    "llm": {\n      "provider": "vendor_a",\n      "apiKey": { "valueFromEnv": "X" },\n    }\n  }\n}\n',
  );
  // Without the trailing commas: what Prettier prints, comments where written.
  const strict = text.replace(/,(\s*(?:\/\/[^\n]*)?\n\s*[}\]])/g, '$1');
  assert.equal(ours(strict), await theirs(strict));
  // CRLF kept; the CLI gives the same bytes.
  const crlf = text.replace(/\n/g, '\r\n');
  assert.equal(ours(crlf), crlf);
  const cli = formatText(crlf, 'json', 2);
  assert.ok('text' in cli && cli.text === crlf);
});

test('F2: a comment this printer cannot keep where written is formatted as before (one property a line), never lost', () => {
  for (const text of [
    '{"kind": /* why */ "AssistantConfig", "definition": {"llm": {"provider": "hosted"}}}\n',
    '{"kind": "AssistantConfig" /* above the comma */\n, "definition": {}}\n',
  ]) {
    const out = ours(text);
    assert.deepEqual(tokens(out), tokens(text), out);
    assert.equal(ours(out), out);
  }
});

/** A JSON AssistantConfig with comments as people write them. */
function commented(random: () => number, trailingCommas: boolean): string {
  const pick = <T>(a: readonly T[]): T => a[Math.floor(random() * a.length)]!;
  const comment = (): string =>
    pick(['// why', '// TODO: rotate', '/* reviewed */', '// ключ', '/* a\n     longer note */', '// 日本語']);
  const scalar = (): string => pick(['"hosted"', '"K"', '12', 'true', 'null', '"a string, with commas"']);
  const value = (depth: number): string => {
    const r = random();
    if (depth > 3 || r < 0.4) return scalar();
    if (r < 0.55) return '[' + Array.from({ length: Math.floor(random() * 4) }, scalar).join(', ') + ']';
    return object(depth + 1);
  };
  const object = (depth: number): string => {
    const n = Math.floor(random() * 4);
    // A multi-line object (the usual place for comments) or one on a line.
    const multi = n > 0 && random() < 0.7;
    const indent = '  '.repeat(depth + 1);
    if (!multi)
      return `{${Array.from({ length: n }, (_, k) => `"k${k}": ${value(depth)}`).join(', ')}${n > 0 && trailingCommas && random() < 0.3 ? ',' : ''}}`;
    let s = '{';
    if (random() < 0.15) s += '\n';
    for (let k = 0; k < n; k++) {
      if (random() < 0.3) s += `\n${indent}${comment()}`;
      const last = k === n - 1;
      const comma = !last || (trailingCommas && random() < 0.5);
      // An end-of-line comment: a line comment after the comma, a block comment before it (where
      // Prettier puts one; after the comma it is kept there and Prettier moves it: the README's list).
      const eol = random() < 0.3 ? comment().replace('\n', ' ') : '';
      const block = eol.startsWith('/*');
      s += `\n${indent}"${pick(['provider', 'apiKey', 'llm', 'tables', 'model'])}${k}": ${value(depth)}${block ? ` ${eol}` : ''}${comma ? ',' : ''}${eol && !block ? ` ${eol}` : ''}`;
      if (!last && random() < 0.1) s += '\n';
    }
    if (random() < 0.15) s += `\n${indent}${comment()}`;
    return s + `\n${'  '.repeat(depth)}}`;
  };
  const head = random() < 0.2 ? `${comment()}\n` : '';
  return `${head}{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": ${object(1)}\n}\n`;
}

test('F2: a seeded corpus of JSON with comments: only whitespace changes, once and for all, as Prettier lays it out', async () => {
  const random = rng(SEED);
  let compared = 0;
  for (let k = 0; k < 250; k++) {
    const withCommas = k % 3 === 0;
    let text = commented(random, withCommas);
    if (k % 5 === 0) text = text.replace(/\n/g, '\r\n');
    const what = `document ${k} (seed ${SEED}):\n${text}`;
    const once = ours(text);
    assert.deepEqual(tokens(once), tokens(text), `tokens changed: ${what}\n---\n${once}`);
    assert.deepEqual(parseJsonc(once), parseJsonc(text), what);
    assert.equal(ours(once), once, `not idempotent: ${what}\n---\n${once}`);
    if (!/,\s*(?:\/\/[^\n]*\n\s*|\/\*[^]*?\*\/\s*)*[}\]]/.test(text) && !text.includes('\r')) {
      // No trailing comma: Prettier keeps ours, and ours keeps Prettier's.
      const p = await theirs(text);
      assert.equal(ours(p), p, `format changes Prettier's output of ${what}\n---\n${p}`);
      assert.equal(await theirs(once), once, `Prettier changes format's output of ${what}\n---\n${once}`);
      compared++;
    }
  }
  assert.ok(compared > 100, `${compared} documents compared with Prettier`);
});
