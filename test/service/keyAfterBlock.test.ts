// A key at column 0 right after a block mapping (the header written after `definition:`, a stray
// top-level key after it): the block's value ends after its last line break, where that key starts.
// Hover, quick fixes and the node look-up must find the key there, not the block's last object.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, applyEdits, doHover, getCodeActions } from '../../server/src/service';
import { parse } from '../../server/src/parser';
import { nodeAt } from '../../server/src/parser/ast';

const crlf = (s: string): string => s.replace(/\n/g, '\r\n');
const BODY = 'definition:\n  llm:\n    provider: hosted\n    # the model\n    model: m1\n';

test('every key at column 0 after a block is found at its first character (LF and CRLF)', () => {
  for (const text of [
    `${BODY}kind: AssistantConfig\nversion: v2\n`,
    crlf(`${BODY}kind: AssistantConfig\nversion: v2\n`),
    `kind: AssistantConfig\n${BODY}version: v2\n`,
  ]) {
    const doc = parse(text, 'yaml');
    for (const key of ['kind', 'version', 'definition']) {
      const at = text.search(new RegExp(`^${key}:`, 'm'));
      const n = nodeAt(doc.root, at);
      assert.equal(n?.type, 'string', `${key} in ${JSON.stringify(text)}`);
      assert.equal(n?.type === 'string' ? n.value : undefined, key);
      const h = doHover(doc, at, {});
      assert.ok(h && /kind|version|definition|AssistantConfig/i.test(JSON.stringify(h.contents)), `hover on ${key}`);
    }
  }
});

test("a misspelt or misplaced top-level key after `definition:`'s block gets its quick fix", () => {
  for (const eol of ['\n', '\r\n']) {
    const text = `kind: AssistantConfig\nversion: v2\n${BODY}systemInstructions: hi\n`.replace(/\n/g, eol);
    const ds = analyze(text, 'yaml').diagnostics.filter((d) => d.code === 'unknown-property');
    const titles = (key: string): string[] => {
      const d = ds.find((x) => x.data?.key === key);
      assert.ok(d, `${key}: ${JSON.stringify(ds)}`);
      return getCodeActions(parse(text, 'yaml'), [d], { offset: d.offset, length: d.length }).map((a) => a.title);
    };
    assert.ok(titles('systemInstructions').includes("Move 'systemInstructions' under 'definition'"));
    const d = ds.find((x) => x.data?.key === 'systemInstructions')!;
    const move = getCodeActions(parse(text, 'yaml'), [d], { offset: d.offset, length: d.length }).find(
      (a) => a.title === "Move 'systemInstructions' under 'definition'",
    )!;
    const after = applyEdits(text, move.edits);
    assert.ok(after.includes(`    model: m1${eol}  systemInstructions: hi${eol}`), JSON.stringify(after));
  }
});
