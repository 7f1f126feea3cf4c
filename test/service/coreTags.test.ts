// Review D17: an explicit YAML 1.2 core tag decides a scalar's type (`!!float 3` is the number 3, not
// the string the `yaml` package leaves it as), so validation judges what the user meant.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { analyze } from '../../server/src/service/analyze';
import { coreTagged } from '../../server/src/parser/coreTags';

const H = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: { provider: hosted }\n';

test('core tags give their type: !!float 3, !!int "4096", !!int 0o17, !!bool, !!null; others stay strings', () => {
  const F = 'tag:yaml.org,2002:';
  assert.equal(coreTagged(`${F}float`, '3'), 3);
  assert.equal(coreTagged(`${F}float`, '-.inf'), -Infinity);
  assert.equal(coreTagged(`${F}int`, '0o17'), 15);
  assert.equal(coreTagged(`${F}int`, '3.5'), '3.5');
  assert.equal(coreTagged(`${F}bool`, 'TRUE'), true);
  assert.equal(coreTagged(`${F}bool`, 'yes'), 'yes');
  assert.equal(coreTagged(`${F}null`, '~'), null);
  assert.equal(coreTagged(`${F}str`, '3'), '3');
  assert.equal(coreTagged(undefined, '3'), '3');
  assert.equal(coreTagged('!custom', '3'), '3');
});

test('lint reads a tagged number as a number: no "found a string" for !!float 3 or !!int "4096"', () => {
  const ok = analyze(`${H}  maxAssistantActions: !!float 3\n  contextWindowLimit: !!int "4096"\n`, 'yaml');
  assert.deepEqual(
    ok.diagnostics.map((d) => `${d.code}: ${d.message}`),
    [],
  );
  const bad = analyze(`${H}  maxAssistantActions: !!str 3\n`, 'yaml');
  assert.ok(bad.diagnostics.some((d) => d.code === 'invalid-type' && /found a string/.test(d.message)));
  const frac = analyze(`${H}  maxAssistantActions: !!float 3.5\n`, 'yaml');
  assert.ok(
    frac.diagnostics.some((d) => d.code === 'not-integer'),
    frac.diagnostics.map((d) => d.code).join(),
  );
});
