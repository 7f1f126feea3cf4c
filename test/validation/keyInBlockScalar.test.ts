// REVIEW14-user U2: keys typed after a block scalar of instructions, indented like its text, are
// text of the instructions: `key-in-block-scalar` says so on the first such line, and the editor's fix
// moves the lines out (spaces only). Prose, deeper lines, keys the mapping sets, and keys the mapping
// does not allow are left alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../server/src/parser/index';
import { validate } from '../../server/src/service/validation/index';
import { getProperty } from '../../server/src/parser/ast';
import type { ObjectNode } from '../../server/src/parser/ast';
import { fixesFor } from '../helpers';

const H = 'kind: AssistantConfig\nversion: v2\n';
const codesOf = (text: string): string[] => validate(parse(text, 'yaml')).map((d) => d.code);
const noSpaces = (s: string): string => s.replace(/[ ]/g, '');

// A team's config as written: comments, a pasted block of instructions, the next keys indented like it.
const SWALLOWED = `${H}# Assistant for the sales team
definition:
  llm:
    provider: vendor_a # the default model
    apiKey: { valueFromEnv: VENDOR_A_API_KEY }
  systemInstructions: |  # from the wiki
    Be brief.
    Answer in the language of the question.

    Quote the table you used.
    schemaSelector:
      type: all
    maxAssistantActions: 5
`;

test("U2: keys indented like a block scalar's text are said once, at the first, with a fix that moves them out", () => {
  const diags = validate(parse(SWALLOWED, 'yaml')).filter((d) => d.code === 'key-in-block-scalar');
  assert.equal(diags.length, 1);
  const d = diags[0]!;
  assert.equal(d.severity, 'warning');
  assert.equal(SWALLOWED.slice(d.offset, d.offset + d.length), 'schemaSelector');
  assert.match(
    d.message,
    /^'schemaSelector:' is text of the block scalar 'systemInstructions: \|' \(it is indented like its lines\), so 'schemaSelector' is not set here\./,
  );
  assert.equal(
    d.related?.[0] && SWALLOWED.slice(d.related[0].offset, d.related[0].offset + d.related[0].length),
    'systemInstructions',
  );
  const fixes = fixesFor(SWALLOWED, d);
  assert.equal(fixes.length, 1);
  assert.equal(
    fixes[0]!.title,
    "Move 'schemaSelector' and the 2 lines after it out of the text of 'systemInstructions'",
  );
  assert.equal(fixes[0]!.preferred, true);
  const after = fixes[0]!.result;
  // Only spaces removed: every other character is where it was.
  assert.equal(noSpaces(after), noSpaces(SWALLOWED));
  assert.ok(
    after.endsWith('    Quote the table you used.\n  schemaSelector:\n    type: all\n  maxAssistantActions: 5\n'),
    after,
  );
  // Now the keys are set and the instructions keep their text.
  const doc = parse(after, 'yaml');
  const def = getProperty(doc.root as ObjectNode, 'definition')!.value as ObjectNode;
  assert.equal((getProperty(def, 'maxAssistantActions')!.value as { value: number }).value, 5);
  assert.equal(getProperty(def, 'schemaSelector')!.value!.type, 'object');
  assert.equal(
    (getProperty(def, 'systemInstructions')!.value as { value: string }).value,
    'Be brief.\nAnswer in the language of the question.\n\nQuote the table you used.\n',
  );
  assert.deepEqual(codesOf(after), []);
});

test('U2 in CRLF and with a folded `>-` header: the same finding, the fix keeps CRLF', () => {
  const crlf = SWALLOWED.replace('|  # from the wiki', '>-').replace(/\n/g, '\r\n');
  const diags = validate(parse(crlf, 'yaml')).filter((d) => d.code === 'key-in-block-scalar');
  assert.equal(diags.length, 1);
  assert.equal(crlf.slice(diags[0]!.offset, diags[0]!.offset + diags[0]!.length), 'schemaSelector');
  const after = fixesFor(crlf, diags[0]!)[0]!.result;
  assert.equal(noSpaces(after), noSpaces(crlf));
  assert.ok(!/[^\r]\n/.test(after), 'every line break stays CRLF');
  assert.ok(after.endsWith('\r\n  schemaSelector:\r\n    type: all\r\n  maxAssistantActions: 5\r\n'));
  assert.deepEqual(codesOf(after), []);
});

test('prose, deeper lines, keys already set and keys the mapping does not take are text, not findings', () => {
  const prose = `${H}definition:
  llm: { provider: hosted }
  maxAssistantActions: 3
  systemInstructions: |
    Tone: friendly and brief.
    llm: is the model you run on; never name it.
    Example of a config the user may paste:
      schemaSelector:
        type: all
    maxAssistantActions: 5
    provider: hosted
    note:
`;
  // 'Tone' and 'note': not keys of definition; 'llm: is …' has prose after it; the indented example is
  // deeper than the text; 'maxAssistantActions' is set; 'provider' is a key of llm, not of definition.
  assert.deepEqual(codesOf(prose), []);
});

test('the first line of the text can be the key (a block left empty), and one line moved says so', () => {
  const text = `${H}definition:\n  llm: { provider: hosted }\n  systemInstructions: >\n    maxAssistantActions: 5\n`;
  const [d] = validate(parse(text, 'yaml')).filter((x) => x.code === 'key-in-block-scalar');
  assert.ok(d);
  const [fix] = fixesFor(text, d);
  assert.equal(fix!.title, "Move 'maxAssistantActions' out of the text of 'systemInstructions'");
  assert.equal(
    fix!.result,
    `${H}definition:\n  llm: { provider: hosted }\n  systemInstructions: >\n  maxAssistantActions: 5\n`,
  );
});

test('an anchored block scalar is said, without a fix (its aliases share the text)', () => {
  const text = `${H}definition:\n  llm: { provider: hosted }\n  systemInstructions: &rules |\n    Be brief.\n    maxAssistantActions: 5\n  featureFlags: { note: *rules }\n`;
  const [d] = validate(parse(text, 'yaml')).filter((x) => x.code === 'key-in-block-scalar');
  assert.ok(d);
  assert.deepEqual(fixesFor(text, d), []);
});

test('a block scalar the fast path hands to the full parser (an indentation indicator) is read the same', () => {
  const text = `${H}definition:\n  llm: { provider: hosted }\n  systemInstructions: |2\n    Be brief.\n    maxAssistantActions: 5\n`;
  // With `|2` the text's column is fixed at 2 more than the key's: the lines at 4 are text indented
  // by two more; the key line is at the text's own column, so it is said.
  const [d] = validate(parse(text, 'yaml')).filter((x) => x.code === 'key-in-block-scalar');
  assert.ok(d, 'said');
  assert.equal(text.slice(d.offset, d.offset + d.length), 'maxAssistantActions');
});
