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
