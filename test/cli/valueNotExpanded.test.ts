// REVIEW5 H12: `apiKey: {value: ${OPENAI_KEY}}` (or `$OPENAI_KEY`) holds no credential: a reference
// the service does not expand, so the key it sends is that text. An error, value-not-expanded, whose
// fix (editor quick fix and `lint --fix`) writes `valueFromEnv: OPENAI_KEY`, as `apiKey: $VENDOR_KEY`
// is rewritten (the value's quotes are kept). In YAML (block and flow, with comments) and JSON, as processes and in the service.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { runCli } from './helpers';
import { parse } from '../../server/src/parser/index';
import { validate } from '../../server/src/service/validation/index';
import { getCodeActions } from '../../server/src/service/codeActions/index';
import { applyEdits } from '../../server/src/service/codeActions/edits';

const H = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
const YAML_BEFORE = `${H}  llm:\n    provider: vendor_a\n    apiKey: {value: "\${OPENAI_KEY}"}  # from the shell\n  aiPrimitivesLlm:\n    provider: vendor_b\n    apiKey:\n      # the key\n      value: $VENDOR_B_KEY\n  threadTitleGeneration:\n    enable: true\n    llm:\n      provider: vendor_c\n      apiKey:\n        value: \${VENDOR_C_KEY}\n`;
const YAML_AFTER = `${H}  llm:\n    provider: vendor_a\n    apiKey: {valueFromEnv: "OPENAI_KEY"}  # from the shell\n  aiPrimitivesLlm:\n    provider: vendor_b\n    apiKey:\n      # the key\n      valueFromEnv: VENDOR_B_KEY\n  threadTitleGeneration:\n    enable: true\n    llm:\n      provider: vendor_c\n      apiKey:\n        valueFromEnv: VENDOR_C_KEY\n`;
const JSON_BEFORE = `{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": {\n    "llm": { "provider": "vendor_a", "apiKey": { "value": "\${OPENAI_KEY}" } }\n  }\n}\n`;
const JSON_AFTER = `{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": {\n    "llm": { "provider": "vendor_a", "apiKey": { "valueFromEnv": "OPENAI_KEY" } }\n  }\n}\n`;

function lintAndFix(name: string, text: string): { lint: string; code: number | null; after: string } {
  const dir = mkdtempSync(join(tmpdir(), 'ac-unexpanded-'));
  writeFileSync(join(dir, name), text);
  const lint = runCli(['lint', '--no-config', '--no-env-check', name], { cwd: dir });
  runCli(['lint', '--no-config', '--no-env-check', '--fix', name], { cwd: dir });
  return { lint: lint.stdout, code: lint.code, after: readFileSync(join(dir, name), 'utf8') };
}

test('value: ${NAME} and value: $NAME are errors that say the service does not expand them; --fix writes valueFromEnv', () => {
  const y = lintAndFix('a.assistant.yaml', YAML_BEFORE);
  assert.equal(y.code, 1, y.lint);
  assert.match(
    y.lint,
    /error value-not-expanded 'value' of 'apiKey' is not expanded: the service sends the text '\$\{OPENAI_KEY\}' as the credential; use 'valueFromEnv: OPENAI_KEY'\./,
    y.lint,
  );
  assert.match(y.lint, /error value-not-expanded .*use 'valueFromEnv: VENDOR_B_KEY'/, y.lint);
  assert.doesNotMatch(y.lint, /literal-secret/, y.lint);
  assert.equal(y.after, YAML_AFTER);
  const j = lintAndFix('a.assistant.json', JSON_BEFORE);
  assert.match(j.lint, /error value-not-expanded/, j.lint);
  assert.equal(j.after, JSON_AFTER);
});

test('the editor offers the same rewrite as its preferred quick fix; a real literal stays literal-secret', () => {
  const doc = parse(YAML_BEFORE, 'yaml');
  const diags = validate(doc).filter((d) => d.code === 'value-not-expanded');
  assert.equal(diags.length, 3);
  const actions = getCodeActions(doc, [diags[0]!], diags[0]!, {});
  const fix = actions.find((a) => a.isPreferred);
  assert.ok(fix, JSON.stringify(actions.map((a) => a.title)));
  assert.equal(fix.title, 'Read the variable OPENAI_KEY (valueFromEnv: OPENAI_KEY)');
  assert.match(applyEdits(YAML_BEFORE, fix.edits), /apiKey: \{valueFromEnv: "OPENAI_KEY"\} {2}# from the shell/);
  const literal = parse(`${H}  llm:\n    provider: vendor_a\n    apiKey: {value: "pa$$word-with-dollars"}\n`, 'yaml');
  assert.deepEqual(
    validate(literal).map((d) => d.code),
    ['literal-secret'],
  );
});
