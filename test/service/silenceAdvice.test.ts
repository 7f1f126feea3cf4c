// REVIEW5 H2: every code's page ("How to silence it", also SARIF's rules[].help) gives advice the
// project config accepts: the YAML it shows parses without a problem, for every code; a code that
// cannot be silenced says so and why, and never shows `off`. REVIEW15 U14: it names every way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CODES, isSuppressible } from '../../server/src/service/codes';
import type { DiagnosticCode } from '../../server/src/service/codes';
import { CODE_DOCS, codeDocMarkdown } from '../../server/src/service/codeDocs';
import { analyze, DEFAULT_OPTIONS } from '../../server/src/service';
import { suppressionActions } from '../../server/src/service/codeActions/suppress';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers';
import { runCli } from '../cli/helpers';
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

// REVIEW15 U14: the page names every way to silence a code, each as the tool really spells it.
test('"How to silence it" names every way: the comment the quick fix writes, --suppress and --rule, the setting, the project config with extends', () => {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    contributes: { configuration: { properties: Record<string, unknown> } };
  };
  assert.ok('assistantConfig.suppress' in manifest.contributes.configuration.properties);
  const help = runCli(['lint', '--help']).stdout;
  assert.match(help, /--suppress CODE/);
  assert.match(help, /--rule CODE=LEVEL/);
  let checkedFix = 0;
  for (const code of Object.keys(CODES) as DiagnosticCode[]) {
    if (!isSuppressible(code)) continue;
    const page = codeDocMarkdown(code);
    const section = page.slice(page.indexOf('## How to silence it'));
    for (const want of [
      `# assistant-config-disable-next-line ${code} -- why`,
      `# assistant-config-disable ${code} -- why`,
      `assistant-config lint --suppress ${code}`,
      `--rule ${code}=off`,
      `"assistantConfig.suppress": ["${code}"]`,
      '.assistant-config.yaml',
      'extends: ../../.assistant-config.yaml',
      `  ${code}: off`,
    ])
      assert.ok(section.includes(want), `${code}: "${want}" missing from\n${section}`);
    // The editor's quick fix on the page's own example: its title and the comment it writes are the page's.
    const d = CODE_DOCS[code];
    if (d.language === 'json' || d.options) continue;
    const a = analyze(d.example, 'yaml', DEFAULT_OPTIONS);
    const found = a.diagnostics.filter((x) => x.code === code);
    const action = found.flatMap((x) => suppressionActions(a.doc, [x], { offset: x.offset, length: 0 }))[0];
    if (!action) continue;
    checkedFix++;
    assert.ok(section.includes(`*${action.title}*`), `${code}: the page does not name '${action.title}'`);
    const written = action.edits.map((e) => e.newText.trim()).join('');
    assert.ok(section.includes(written), `${code}: the quick fix writes '${written}'`);
  }
  assert.ok(checkedFix > 20, `only ${String(checkedFix)} quick fixes compared`);
});

test('a code that cannot be silenced names --rule only to raise it', () => {
  const page = codeDocMarkdown('resource-limit' as DiagnosticCode);
  assert.match(page, /no suppression comment, `--suppress`, `--rule`, setting or project config turns it off/);
  const unused = codeDocMarkdown('unused-suppression' as DiagnosticCode);
  assert.match(unused, /for one run with `--rule unused-suppression=error`/);
});
