// The parser: one tree for YAML and JSON with UTF-16 offsets, aliases, several documents, never a throw.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse, nodeAt, pathOf, resolve, LineIndex } from '../../server/src/parser';
import type { Node } from '../../server/src/parser';

const at = (text: string, n: Node | undefined) => (n ? text.slice(n.offset, n.offset + n.length) : undefined);

test('YAML keys and values carry exact offsets, also after non-ASCII text', () => {
  const text = '# ünïcödé 😀\nkind: AssistantConfig\ndefinition:\n  llm:\n    provider: "vendor_a"\n';
  const doc = parse(text, 'yaml');
  assert.deepEqual(doc.problems, []);
  const off = text.indexOf('"vendor_a"') + 3;
  const n = nodeAt(doc.root, off)!;
  assert.equal(n.type, 'string');
  assert.equal(at(text, n), '"vendor_a"');
  assert.deepEqual(pathOf(n), ['definition', 'llm', 'provider']);
  const key = nodeAt(doc.root, text.indexOf('provider'))!;
  assert.equal(at(text, key), 'provider');
});

test('JSON gives the same tree shape and paths', () => {
  const text = '{\n  "definition": { "llm": { "provider": "hosted" } }\n}';
  const doc = parse(text, 'json');
  const n = nodeAt(doc.root, text.indexOf('hosted'))!;
  assert.deepEqual(pathOf(n), ['definition', 'llm', 'provider']);
  assert.equal(n.type === 'string' && n.value, 'hosted');
});

test('syntax errors become problems and parsing goes on', () => {
  const yaml = parse('kind: [unclosed\nversion: v2\n', 'yaml');
  assert.ok(yaml.problems.length > 0);
  assert.ok(yaml.root);
  const json = parse('{"a": 1,, "b": 2', 'json');
  assert.ok(json.problems.some((p) => /expected|symbol/i.test(p.message)));
  assert.equal(json.root?.type, 'object');
});

test("an alias points at its anchor's node", () => {
  const text = 'a: &x { provider: hosted }\nb: *x\n';
  const doc = parse(text, 'yaml');
  const root = resolve(doc.root)!;
  assert.equal(root.type, 'object');
  if (root.type !== 'object') return;
  const b = root.properties[1]!.value!;
  assert.equal(b.type, 'alias');
  assert.equal(resolve(b), resolve(root.properties[0]!.value));
});

test('several documents: the AssistantConfig one is read, the others reported', () => {
  const doc = parse('a: 1\n---\nkind: AssistantConfig\n---\nb: 2\n', 'yaml');
  const root = resolve(doc.root);
  assert.ok(root?.type === 'object' && root.properties[0]!.key.value === 'kind');
  assert.equal(doc.problems.filter((p) => p.kind === 'extra-document').length, 2);
});

test('never throws on odd input', () => {
  for (const t of [
    '',
    '\u0000\u0001',
    '{{{{',
    ']]]',
    ': : :',
    '- - - -',
    '"',
    "'",
    '&a *a',
    '*undefined',
    '\uFEFFkind: x',
    'a:\r\n  b: 1\r\n',
    '\t- x',
  ]) {
    assert.doesNotThrow(() => parse(t, 'yaml'));
    assert.doesNotThrow(() => parse(t, 'json'));
  }
});

test('nesting deeper than the limit is cut and reported, not a crash', () => {
  const deep = '['.repeat(5000) + ']'.repeat(5000);
  const doc = parse(deep, 'json', { maxDepth: 100 });
  assert.ok(doc.problems.some((p) => p.kind === 'resource-limit'));
});

test('LineIndex converts both ways, with CRLF', () => {
  const li = new LineIndex('ab\r\ncd\ne');
  assert.deepEqual(li.positionAt(4), { line: 1, character: 0 });
  assert.equal(li.offsetAt({ line: 2, character: 0 }), 7);
  assert.equal(li.offsetAt({ line: 1, character: 99 }), 7);
});

test('every control character and every irregular space is found by the one scan parseYaml makes for both', () => {
  // parseYaml looks for the two kinds with one regular expression before reading the text; a character
  // it missed would be read silently. Each kind, alone in a value or as the indentation of a line.
  const controls = [...Array.from({ length: 32 }, (_, c) => c).filter((c) => c !== 9 && c !== 10 && c !== 13), 0x7f];
  for (const c of controls) {
    const ch = String.fromCharCode(c);
    const doc = parse(`kind: AssistantConfig\nversion: v${ch}2\n`, 'yaml');
    const hex = c.toString(16).toUpperCase().padStart(4, '0');
    assert.ok(
      doc.problems.some((p) => p.message.includes(`U+${hex}`) && p.offset === 22 + 'version: v'.length),
      `U+${hex}: ${JSON.stringify(doc.problems)}`,
    );
  }
  const spaces = [0xa0, 0x1680, ...Array.from({ length: 12 }, (_, k) => 0x2000 + k), 0x202f, 0x205f, 0x3000];
  for (const c of spaces) {
    const ch = String.fromCharCode(c);
    const hex = c.toString(16).toUpperCase().padStart(4, '0');
    // After `key:` (read as a plain space, with its fix) and as the indentation of a key.
    const after = parse(`kind: AssistantConfig\nversion:${ch}v2\n`, 'yaml');
    assert.ok(
      after.problems.some((p) => p.irregularSpace === true),
      `U+${hex} after the colon: ${JSON.stringify(after.problems)}`,
    );
    const indent = parse(`definition:\n ${ch}llm:\n    provider: hosted\n`, 'yaml');
    assert.ok(
      indent.problems.some((p) => p.irregularSpace === true),
      `U+${hex} as indentation: ${JSON.stringify(indent.problems)}`,
    );
  }
  // And a text with neither: no problem.
  assert.deepEqual(parse('kind: AssistantConfig\nversion: v2 # é ü 😀\n', 'yaml').problems, []);
});
