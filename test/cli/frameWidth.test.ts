// The code frame's caret sits under the finding in a terminal, also after characters a terminal
// shows two columns wide (CJK, emoji), zero wide (combining marks) and tabs (shown as two spaces).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runCli } from './helpers';

const H =
  'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n  schemaSelector:\n    type: fixed\n    tables:\n';

/** Columns in a terminal, for the characters these cases use. */
const width = (s: string): number =>
  [...s].reduce((w, ch) => {
    const c = ch.codePointAt(0)!;
    if (c >= 0x300 && c <= 0x36f) return w;
    return w + ((c >= 0x3000 && c <= 0x9fff) || c >= 0x1f300 ? 2 : 1);
  }, 0);

for (const [name, before] of [
  ['CJK', '{schemaName: 販売データ, tableName: 注文, '],
  ['an emoji', '{schemaName: s😀, tableName: t, '],
  ['a combining mark', '{schemaName: cafe\u0301, tableName: t, '],
] as const) {
  test(`the caret is under the key after ${name}`, () => {
    const line = `      - ${before}colums: [id]}`;
    const r = runCli(['lint', '--no-env-check', '--no-color', '-'], { input: `${H}${line}\n` });
    const lines = r.stdout.split('\n');
    const at = lines.findIndex((l) => l.startsWith('> 8 |'));
    assert.ok(at > 0, r.stdout);
    const caret = lines[at + 1]!;
    // `> 8 | ` and `    | ` are as wide; then the line up to the key.
    assert.equal(
      caret.indexOf('^'),
      '> 8 | '.length + width(line.slice(0, line.indexOf('colums'))),
      `${lines[at]!}\n${caret}`,
    );
    assert.equal(caret.trimEnd().length - caret.indexOf('^'), 'colums'.length);
  });
}
