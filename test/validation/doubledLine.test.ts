// REVIEW14-user U12: a key line doubled by accident (`fallback:` twice, the fallback LLM under the
// second copy). As written every lenient loader reads the second copy, as meant; the tool said the
// second 'fallback' belonged under the first (an indentation slip) and `--fix` nested the whole LLM
// one level too deep: the primary's fallback became `{fallback: {…}}`, an LLM with no provider. Now it
// is a duplicate key, and the fix (editor and `--fix`) removes the empty copy.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { analyze } from '../../server/src/service';
import { fixAll } from '../../server/src/service/fixAll';
import { fixesFor } from '../helpers';

const ROOT = join(__dirname, '..', '..', '..');
const everything = readFileSync(join(ROOT, 'examples/everything.assistant.yaml'), 'utf8');

/** The example with the first line that is exactly `line` written twice. */
function doubled(text: string, line: string): string {
  const lines = text.split('\n');
  const at = lines.indexOf(line);
  assert.ok(at >= 0, `no line ${JSON.stringify(line)}`);
  lines.splice(at, 0, line);
  return lines.join('\n');
}

const primaryFallback = (text: string): unknown =>
  (parseYaml(text, { uniqueKeys: false }) as { definition: { llm: { fallback: { provider?: unknown } } } }).definition
    .llm.fallback.provider;

for (const eol of ['\n', '\r\n']) {
  const name = eol === '\n' ? 'LF' : 'CRLF';
  test(`U12 (${name}): a doubled 'fallback:' line is one duplicate-key, and --fix removes the empty copy`, () => {
    const text = doubled(everything, '    fallback:').replace(/\n/g, eol);
    assert.equal(primaryFallback(text), 'cloud_a', 'as written, loaders read the second copy');
    const diags = analyze(text, 'yaml').diagnostics;
    assert.deepEqual(
      diags.map((d) => d.code),
      ['duplicate-key'],
      diags.map((d) => d.message).join('\n'),
    );
    const [fix] = fixesFor(text, diags[0]!);
    assert.equal(fix!.title, "Remove the empty duplicate 'fallback' (the last one, with its value, is read)");
    assert.equal(fix!.preferred, true);
    assert.equal(fix!.result, everything.replace(/\n/g, eol));
    const fixed = fixAll(text, 'yaml', analyze).text;
    assert.equal(fixed, everything.replace(/\n/g, eol));
    assert.equal(primaryFallback(fixed), 'cloud_a');
  });
}

test("U12: a doubled 'specificLlm:' line, the same", () => {
  const text = doubled(everything, '        specificLlm:');
  const diags = analyze(text, 'yaml').diagnostics;
  assert.deepEqual(
    diags.map((d) => d.code),
    ['duplicate-key'],
  );
  assert.equal(fixAll(text, 'yaml', analyze).text, everything);
});

test('an empty copy with a comment, or an anchor, is not removed by --fix (the comment, the anchor are written)', () => {
  const withComment = doubled(everything, '    fallback:').replace(
    '    fallback:\n    fallback:',
    '    fallback:  # todo\n    fallback:',
  );
  assert.equal(fixAll(withComment, 'yaml', analyze).text, withComment);
  const withAnchor = doubled(everything, '    fallback:').replace(
    '    fallback:\n    fallback:',
    '    fallback: &fb\n    fallback:',
  );
  assert.notEqual(fixAll(withAnchor, 'yaml', analyze).text.indexOf('&fb'), -1);
});

test('a key left empty and then the keys of its mapping at its column is still an indentation slip', () => {
  const slip = everything.replace(
    '    fallback:\n      provider: cloud_a\n      endpoint:',
    '    fallback:\n    provider: cloud_a\n      endpoint:',
  );
  assert.notEqual(slip, everything);
  const codes = analyze(slip, 'yaml').diagnostics.map((d) => d.code);
  assert.ok(codes.includes('unknown-property') || codes.includes('misaligned-indent'), codes.join(', '));
});
