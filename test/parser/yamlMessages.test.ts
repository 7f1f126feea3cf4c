// REVIEW8 K8: the `yaml` package's messages that quote source text are shown without it
// (server/src/parser/yamlMessages.ts). This test reads the package's own code: every message it
// builds from an interpolation in what parsing runs (compose/, parse/, doc/directives.js, schema/,
// nodes/Alias.js) is either listed below as quoting no source, or has its quoted piece dropped by
// sourceFreeMessage. A new message in an upgrade of the package fails here until it is placed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sourceFreeMessage, knownTag } from '../../server/src/parser/yamlMessages';
import { parseYaml } from '../../server/src/parser/yaml';

const DIST = join(__dirname, '..', '..', '..', 'node_modules', 'yaml', 'dist');

/** Messages whose interpolations are token types, indicators, flow names or known tags: no source text. */
const NO_SOURCE = new Set([
  "${kt.tag} used for ${expType} collection, but expects ${kt.collection ?? 'scalar'}",
  'Value may be parsed as either ${ts} or ${cs}',
  'Unsupported token ${token.type}',
  'Block scalar lines must not be less indented than their ${src}',
  'Unexpected token in block scalar header: ${token.type}',
  'Unexpected ${type} at node end',
  'Unexpected , in ${fcName}',
  'Unexpected empty item in ${fcName}',
  'Missing , between ${fcName} items',
  'Missing space after : in ${fcName}',
  'Missing , or : between ${fcName} items',
  'Expected a flow scalar value, but found: ${type}',
  'Plain value cannot start with ${badChar}',
  'Anchors and tags must be after the ${token.source} indicator',
  "Unexpected ${token.source} in ${flow ?? 'collection'}",
  'Unexpected , in ${flow}',
  'Unexpected ${token.type} token',
  'Unexpected ${this.type} token in YAML stream',
  'Unexpected ${this.type} token in YAML document',
  // (Options and schema set-up, not source: never reached by a parse here.)
  'Unknown schema "${schemaName}"; use one of ${keys} or define customTags array',
  'Unknown custom tag ${tagName}; use one of ${keys}',
  'Expected [key, value] tuple: ${it}',
  'Expected tuple with one key, not ${keys.length} keys',
  'Expected boolean value for set(key, value) in a YAML set, not ${typeof value}',
]);

function templates(): string[] {
  const files: string[] = [];
  const walk = (d: string): void => {
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.js')) files.push(p);
    }
  };
  for (const d of ['compose', 'parse', 'schema']) walk(join(DIST, d));
  files.push(join(DIST, 'doc', 'directives.js'), join(DIST, 'nodes', 'Alias.js'));
  const out = new Set<string>();
  for (const f of files)
    for (const line of readFileSync(f, 'utf8').split('\n'))
      if (/onError\(|message|Error\(|msg/.test(line))
        for (const m of line.matchAll(/`([^`]*\$\{[^`]*)`/g)) out.add(m[1]!);
  return [...out];
}

test("every message of the yaml package built from source text is shown without it (a run of 4 of the source's characters)", () => {
  const found = templates();
  assert.ok(found.length >= 20, `read ${found.length} messages from ${DIST}`);
  const sample = 'Zuqaxo-Vejiko-47';
  for (const t of found) {
    if (NO_SOURCE.has(t)) continue;
    const message = t
      .replace('${token.message}', 'Unexpected scalar token in YAML stream')
      .replace(/\$\{JSON\.stringify\([^}]*\)\}/g, JSON.stringify(sample))
      .replace(/\$\{[^}]*\}/g, sample);
    const shown = sourceFreeMessage(message, `a: ${sample}\n`, 3);
    assert.ok(!/zuqa|vejik/i.test(shown), `'${t}' is shown with the source it quotes: ${shown}`);
    assert.ok(shown.length > 10, `'${t}' is shown as '${shown}'`);
  }
});

test('a quoted piece shorter than 4 characters, a core tag or a CloudFormation function is kept', () => {
  assert.equal(sourceFreeMessage('Invalid escape sequence \\q', '', 0), 'Invalid escape sequence \\q');
  assert.equal(sourceFreeMessage('The !e! tag has no suffix', '', 0), 'The !e! tag has no suffix');
  assert.equal(
    sourceFreeMessage('Unexpected flow-map-end token in YAML stream: "}"', '', 0),
    'Unexpected flow-map-end token in YAML stream: "}"',
  );
  assert.equal(
    sourceFreeMessage('Unexpected scalar token in YAML stream: "Zuqaxo-Vejiko-47"', '', 0),
    'Unexpected scalar token in YAML stream',
  );
  for (const t of ['!Ref', '!GetAtt', '!!binary', '!!python/object:m.C', 'tag:yaml.org,2002:str', '!include'])
    assert.ok(knownTag(t), t);
  for (const t of ['!Passw0rd-2024', '!<!Zuqaxo>', '!hunter2hunter2']) assert.ok(!knownTag(t), t);
});

test('parseYaml: the problems of a credential pasted after `|`, `>` or `!` say what is wrong without it', () => {
  const secret = 'Zuqaxo-Vejiko-47';
  const cases: [string, RegExp][] = [
    [`a:\n  value: > ${secret}\n`, /block scalar indicator \(\| or >\): only a comment may follow it/],
    [`a:\n  value: |${secret}\n`, /^Block scalar header includes extra characters: after \| or >/],
    [`a:\n  value: !${secret}\n`, /^The tag is not a YAML type/],
    [`a:\n  value: "\\U${secret.replace(/-/g, '')}"\n`, /^Invalid escape sequence: /],
  ];
  for (const [text, says] of cases) {
    const messages = parseYaml(text).problems.map((p) => p.message);
    assert.ok(
      messages.some((m) => says.test(m)),
      `${JSON.stringify(text)}: ${messages.join(' | ')}`,
    );
    for (const m of messages) assert.ok(!/zuqa|vejik|xove/i.test(m), m);
  }
  // The CloudFormation function is still named.
  assert.match(
    parseYaml('a: !Ref b\n').problems[0]!.message,
    /The tag '!Ref' is not a YAML type \(a CloudFormation function/,
  );
});

test('text after a closing quote (an apostrophe inside single quotes, a stray word after "…"): one problem at the text, saying how to write the quote', () => {
  const cases: { text: string; at: string; quote: 'single' | 'double' }[] = [
    { text: "a:\n  s: 'it's broken'\n  n: 3\n", at: "s broken'", quote: 'single' },
    { text: "a:\n  s: 'don't do it', t: 1\n", at: "t do it', t", quote: 'single' },
    { text: "a: {s: 'it's', n: 1}\n", at: "s'", quote: 'single' },
    { text: "a:\n  - 'it's'\n  - b\n", at: "s'", quote: 'single' },
    { text: 'a:\n  s: "é́ 🇫🇷"   ; m: x\n  n: 3\n', at: '; m', quote: 'double' },
    { text: 's: "say "hi" now"\nn: 1\n', at: 'hi" now"', quote: 'double' },
    { text: "a:\r\n  s: 'x' y z\r\n", at: 'y z', quote: 'single' },
  ];
  for (const { text, at, quote } of cases) {
    const problems = parseYaml(text).problems;
    assert.equal(problems.length, 1, `${JSON.stringify(text)}: ${problems.map((p) => p.message).join(' | ')}`);
    const p = problems[0]!;
    assert.equal(text.slice(p.offset, p.offset + p.length), at, JSON.stringify(text));
    assert.match(p.message, new RegExp(`^Text after the closing quote of a ${quote}-quoted string`));
    assert.match(p.message, quote === 'single' ? /two \(''\)/ : /\\"/);
    // No word of the source in it (K8's rule).
    for (const word of text.split(/[^\p{L}]+/u).filter((w) => w.length >= 4))
      assert.ok(!p.message.includes(word), word);
  }
  // Not this case: a comment after the quote, a quote inside a plain value, a quote ending a key.
  for (const text of ["s: 'a' # ok\n", "s: it's fine\n", "'k': v\n", 's: "a\\"b"\n', "s: 'a''b'\n"])
    assert.deepEqual(parseYaml(text).problems, [], text);
  // Any other syntax error keeps the package's message.
  assert.match(parseYaml('s: x: y\n').problems[0]!.message, /^Nested mappings/);
});
