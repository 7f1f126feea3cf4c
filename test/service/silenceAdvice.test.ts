// REVIEW5 H2: every code's page ("How to silence it", also SARIF's rules[].help) gives advice the
// project config accepts: the YAML it shows parses without a problem, for every code; a code that
// cannot be silenced says so and why, and never shows `off`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CODES, isSuppressible } from '../../server/src/service/codes';
import type { DiagnosticCode } from '../../server/src/service/codes';
import { codeDocMarkdown } from '../../server/src/service/codeDocs';
import { parseProjectConfig } from '../../server/src/service/projectConfig';

test('the YAML of each page\'s "How to silence it" is a project config without a problem', () => {
  for (const code of Object.keys(CODES) as DiagnosticCode[]) {
    const page = codeDocMarkdown(code);
    const section = page.slice(page.indexOf('## How to silence it'));
    const yaml = /```yaml\n([\s\S]*?)```/.exec(section)?.[1];
    if (!isSuppressible(code)) {
      assert.match(section, /cannot be silenced/, code);
      assert.doesNotMatch(section, /: off\b/, code);
      assert.match(section, /because (a file that is not fully read|a suppression that silences nothing)/, code);
    }
    if (yaml === undefined) continue;
    const cfg = parseProjectConfig('/p/.assistant-config.yaml', yaml.replace(/#.*$/gm, ''));
    assert.deepEqual(cfg.problems, [], `${code}: ${yaml}`);
  }
});

test("a refused level names the code's own reason, as a list a person writes", () => {
  const cfg = parseProjectConfig(
    '/p/.assistant-config.yaml',
    'rules:\n  unused-suppression: off\n  syntax-error: warning\n',
  );
  assert.equal(cfg.problems.length, 2);
  assert.match(
    cfg.problems[0]!,
    /a suppression that silences nothing must stay visible.*it may be info, warning or error$/,
  );
  assert.match(cfg.problems[1]!, /a file that is not fully read must not look clean\); it may be error$/);
});
