// REVIEW14-editor E7: `--fix` (fixAll) treats a second or third AssistantConfig document of a `---`
// file as it treats the first: the same safe fixes applied, and the same ones refused (a fix whose
// result is an error in the property it edits). Its checks read the tree of the document that holds
// the fix, not the first document's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { analyze } from '../../server/src/service/analyze';
import { fixAll } from '../../server/src/service/fixAll';

const H = 'kind: AssistantConfig\nversion: v2\n';
const CLEAN = `${H}definition:\n  llm:\n    provider: hosted # clean\n`;
const NOTES = '# notes\nowner: data-team\n';
const fix = (t: string): string => fixAll(t, 'yaml', (x, l) => analyze(x, l)).text;

// Renames whose result is an error in the renamed property: refused, in any document.
const REFUSED = [
  `${H}definition:\n  llm:\n    provider: vendor_a\n    modle: [1]\n    apiKey: {valueFromEnv: K}\n`,
  `${H}definition:\n  llm:\n    provider: hosted\n  threadTitleGeneration:\n    enabel: maybe\n`,
  `${H}definition:\n  llm:\n    provider: hosted\n  maxAsistantActions: abc\n`,
];

test('a document gets the same --fix result first, second or third in its file, LF and CRLF', () => {
  const dir = join(__dirname, '../../../test/fixtures/fixes');
  const fixtures = readdirSync(dir)
    .filter((f) => f.endsWith('.assistant.yaml') && !f.includes('.golden.'))
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .filter((t) => !/^(---|\.\.\.)/m.test(t) && /^kind: AssistantConfig/m.test(t));
  let changed = 0;
  for (const text of [...REFUSED, ...fixtures])
    for (const conv of [(s: string): string => s, (s: string): string => s.replace(/\r?\n/g, '\r\n')]) {
      const alone = fix(conv(text));
      if (alone !== conv(text)) changed++;
      for (const before of [`${CLEAN}---\n`, `${CLEAN}---\n${NOTES}---\n`, `${NOTES}---\n${CLEAN}---\n`].map(conv)) {
        const got = fix(before + conv(text));
        assert.equal(got, before + alone, `${JSON.stringify(text.slice(0, 200))} after ${JSON.stringify(before)}`);
      }
    }
  for (const t of REFUSED) assert.equal(fix(t), t, 'refused alone');
  assert.ok(changed >= 10, `${changed} fixture texts changed by --fix`);
});

// The staging config of a team file, shared LLM block and all.
const STAGING = [
  '# the staging config',
  'kind: AssistantConfig',
  'version: v2',
  'definition:',
  '  llm: &stage # shared',
  '    provider: vendor_a',
  '    model: fast-model',
  '    apiKey: { valueFromEnv: VENDOR_A_API_KEY }',
  '    fallback:',
  '      provider: vendor_b',
  '      model: small',
  '      apiKey:',
  '        valueFromEnv: VENDOR_B_API_KEY',
  '  systemInstructions: |',
  '    Be brief.',
  '  aiPrimitivesLlm: *stage',
  '  threadTitleGeneration:',
  '    enable: true',
  '    llm:',
  '      <<: *stage',
  '      model: other',
  '  maxAssistantActions: 5',
  '',
].join('\n');

test('a one-line slip (dedented, indented, doubled, its colon lost) gets the same --fix in a second document as alone', () => {
  // (A second document was read without the schema's answer for misaligned lines: a dedented `llm:`
  // read as its siblings belonging under it, and --fix moved them there.)
  const lines = STAGING.split('\n');
  let changed = 0;
  for (let i = 1; i < lines.length - 1; i++) {
    const l = lines[i]!;
    const slips = [
      l.startsWith('  ') ? l.slice(2) : undefined,
      `  ${l}`,
      `${l}\n${l}`,
      l.includes(': ') ? l.replace(': ', ' ') : undefined,
    ];
    for (const slip of slips) {
      if (slip === undefined) continue;
      const text = [...lines.slice(0, i), slip, ...lines.slice(i + 1)].join('\n');
      const alone = fix(text);
      if (alone !== text) changed++;
      assert.equal(fix(`${CLEAN}---\n${text}`), `${CLEAN}---\n${alone}`, `line ${i + 1}: ${JSON.stringify(slip)}`);
    }
  }
  assert.ok(changed >= 10, `${changed} slips changed by --fix`);
});
