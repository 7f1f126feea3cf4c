// The alias hover's preview masks a plain value that is a secret only because an alias of it stands
// in a credential field somewhere else (REVIEW2 E17), without walking the whole document on every
// hover: the document's secrets are found once per parsed version (counted in reads of the tree's
// mappings, not timed), and a new version finds them again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../server/src/parser';
import type { Node, ParsedDocument } from '../../server/src/parser/ast';
import { applyEdit } from '../../server/src/parser/incremental';
import { doHover } from '../../server/src/service/hover';

const PLAIN = 'meadowlark'; // a plain word: no credential shape, a secret only by where its alias stands

/**
 * `&main` holds `model: &pk meadowlark`; `*pk` stands in `apiKey` of another mapping, itself used
 * through an alias; the hover is on `*main`, whose preview shows the model's line.
 */
function documentWith(apiKeyLine: string, filler = 0): string {
  const items = Array.from(
    { length: filler },
    (_, i) => `    - primitiveName: summarize\n      llm: {provider: hosted, model: m${i}}   # item ${i}\n`,
  ).join('');
  return `kind: AssistantConfig
version: v2
definition:
  llm: &main
    provider: vendor_a
    model: &pk ${PLAIN}   # just a model name, one would think
    apiKey: {valueFromEnv: K}
  aiPrimitivesLlm: &second
    provider: vendor_b
${apiKeyLine}
  threadTitleGeneration: {enable: true, llm: *second}
  schemaSelector: {type: llm_selector, llm: *main}
  overrideAiPrimitivesLlm:
${items}    - primitiveName: extract
      llm: *second
`;
}

function hoverOnMain(doc: ParsedDocument): string {
  const at = doc.text.indexOf('*main') + 2;
  const h = doHover(doc, at, {});
  assert.ok(h, 'a hover on *main');
  assert.match(h.contents, /Alias of `&main`/);
  return h.contents;
}

test('the alias preview masks a value made a secret by an alias chain, in LF and CRLF, and again after an edit', () => {
  for (const eol of ['\n', '\r\n']) {
    const secret = documentWith('    apiKey: *pk        # the anchored model name IS the key').replace(/\n/g, eol);
    const a = hoverOnMain(parse(secret, 'yaml'));
    assert.match(a, /model: •••/, a);
    assert.ok(!a.includes(PLAIN), a);
    // Without the credential alias it is a model name, shown.
    const plain = documentWith('    apiKey: {valueFromEnv: K2}').replace(/\n/g, eol);
    assert.ok(hoverOnMain(parse(plain, 'yaml')).includes(PLAIN));
  }
  // An edit that makes it a secret (a new version of a parsed, hovered document) masks it.
  const before = documentWith('    apiKey: {valueFromEnv: K2}');
  const doc1 = parse(before, 'yaml');
  assert.ok(hoverOnMain(doc1).includes(PLAIN));
  const from = before.indexOf('{valueFromEnv: K2}');
  const doc2 =
    applyEdit(doc1, from, from + '{valueFromEnv: K2}'.length, '*pk') ??
    parse(before.slice(0, from) + '*pk' + before.slice(from + '{valueFromEnv: K2}'.length), 'yaml');
  const b = hoverOnMain(doc2);
  assert.ok(!b.includes(PLAIN), b);
  assert.match(b, /model: •••/, b);
});

/** Counts the reads of every mapping's property list (each element read) while `f` runs. */
function countReads(root: Node | undefined, f: () => void): number {
  let reads = 0;
  const seen = new Set<Node>();
  const visit = (n: Node | undefined): void => {
    if (!n || seen.has(n)) return;
    seen.add(n);
    if (n.type === 'object') {
      for (const p of n.properties) visit(p.value);
      const raw = n.properties;
      n.properties = new Proxy(raw, {
        get(t, k, rcv) {
          if (typeof k === 'string' && /^\d+$/.test(k)) reads++;
          return Reflect.get(t, k, rcv) as unknown;
        },
      });
    } else if (n.type === 'array') for (const x of n.items) visit(x);
  };
  visit(root);
  f();
  return reads;
}

test('hovering an alias again walks the document once per version, not once per hover (reads counted)', () => {
  const text = documentWith('    apiKey: *pk', 2000);
  const doc = parse(text, 'yaml');
  const first = countReads(doc.root, () => assert.ok(!hoverOnMain(doc).includes(PLAIN)));
  const doc2 = parse(text, 'yaml');
  const twenty = countReads(doc2.root, () => {
    for (let i = 0; i < 20; i++) assert.ok(!hoverOnMain(doc2).includes(PLAIN));
  });
  console.log(`  reads of mappings: 1 hover ${first}, 20 hovers ${twenty}`);
  // The first hover reads the 2,000 items' mappings; 19 more hovers read only around the alias.
  assert.ok(first > 4000, `the first hover walks the document (${first} reads)`);
  assert.ok(twenty < first * 1.5, `20 hovers read ${twenty} times, one hover ${first}`);
});
