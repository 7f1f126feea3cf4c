// REVIEW8 K13d: a duplicate key in a JSON file is explained in JSON's terms, not YAML loaders'.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze } from '../../server/src/service';
import type { Language } from '../../server/src/parser';

const H = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
const found = (text: string, code: string, language: Language = 'yaml'): string[] =>
  analyze(text, language)
    .diagnostics.filter((d) => d.code === code)
    .map((d) => `${d.severity} ${d.message}`);

test('K13d: duplicate-key speaks of JSON parsers in a JSON file, of YAML loaders in YAML', () => {
  const json =
    '{"kind":"AssistantConfig","version":"v2","definition":{"llm":{"provider":"hosted"},"llm":{"provider":"hosted"}}}';
  const [j] = found(json, 'duplicate-key', 'json');
  assert.match(j!, /as JSON\.parse and most JSON parsers do\), and strict JSON parsers reject the file\.$/);
  assert.doesNotMatch(j!, /YAML/);
  const [y] = found(`${H}  llm: {provider: hosted}\n  llm: {provider: hosted}\n`, 'duplicate-key');
  assert.match(y!, /strict YAML loaders reject the file\.$/);
});
