// REVIEW11 C9: a text whose syntax errors leave no value (a hook that names YAML as `x.json` with
// --stdin-filepath, a JSON file that is YAML) got `not-an-object` "The document is empty" beside its
// syntax errors: it is not empty. Now it says no value could be read; an empty or comment-only
// document still says it is empty. As a process and through analyze (the editor's diagnostics).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runCli } from './helpers';
import { analyze } from '../../server/src/service';

const YAML = '# production\nkind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hosted\n';

test('C9: YAML read as JSON: not-an-object says no value could be read, not that the document is empty', () => {
  const r = runCli(['lint', '--no-env-check', '--no-config', '--stdin-filepath', 'prod.assistant.json'], {
    input: YAML,
  });
  assert.equal(r.code, 1);
  assert.match(
    r.stdout,
    /^prod\.assistant\.json:1:1 error not-an-object No value could be read \(see the syntax errors\): an AssistantConfig needs kind, version and definition\.$/m,
  );
  assert.match(r.stdout, / error syntax-error /);
  assert.doesNotMatch(r.stdout, /is empty/);
  const message = (text: string, language: 'yaml' | 'json'): string | undefined =>
    analyze(text, language).diagnostics.find((d) => d.code === 'not-an-object')?.message;
  for (const [text, language] of [
    ['', 'json'],
    ['', 'yaml'],
    ['# just a comment\n', 'yaml'],
    ['\r\n\r\n', 'json'],
  ] as const)
    assert.equal(
      message(text, language),
      'The document is empty: an AssistantConfig needs kind, version and definition.',
      JSON.stringify(text),
    );
  assert.match(message(YAML.replace(/\n/g, '\r\n'), 'json') ?? '', /^No value could be read/);
});
