// REVIEW5 H18: anchor and alias names that YAML 1.1 loaders refuse (`&main.llm`: PyYAML "while
// scanning an anchor … expected alphabetic or numeric character, but found '.'"; `&主要`) are a
// warning on the anchor and on each alias, by the rule the rename already applies to new names; the
// fix renames the anchor and its aliases. The numbers of the same finding (`1e3`, `0o10`, `128_000`
// in whole-number fields) were already reported by the YAML 1.1 rules: checked here too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../server/src/parser';
import { analyze, applyEdits, getCodeActions } from '../../server/src/service';
import type { Diagnostic } from '../../server/src/service';
import { renameAnchor } from '../../server/src/service/anchors';

const H = 'kind: AssistantConfig\nversion: v2\n';

function unportable(text: string): { at: string; d: Diagnostic }[] {
  return analyze(text, 'yaml')
    .diagnostics.filter((d) => d.code === 'unportable-anchor')
    .map((d) => ({ at: text.slice(d.offset, d.offset + d.length), d }));
}

test('an anchor name PyYAML refuses: a warning on the anchor and on each alias, naming the characters', () => {
  const text = `${H}definition:\n  llm: &main.llm {provider: hosted}\n  aiPrimitivesLlm: *main.llm\n  threadTitleGeneration:\n    enable: true\n    llm: *main.llm\n`;
  const found = unportable(text);
  assert.deepEqual(
    found.map((f) => f.at),
    ['&main.llm', '*main.llm', '*main.llm'],
  );
  for (const f of found) {
    assert.equal(f.d.severity, 'warning');
    assert.match(f.d.message, /PyYAML/);
    assert.match(f.d.message, /\('\.'\)/);
  }
  const cjk = `${H}definition:\n  llm: &主要\n    provider: hosted\n  aiPrimitivesLlm: *主要\n`;
  const f2 = unportable(cjk);
  assert.deepEqual(
    f2.map((f) => f.at),
    ['&主要', '*主要'],
  );
  assert.match(f2[0]!.d.message, /'主', '要'/);
});

test('portable names are not reported (letters, digits, _ and -)', () => {
  const text = `${H}definition:\n  llm: &main_llm-2 {provider: hosted}\n  aiPrimitivesLlm: *main_llm-2\n`;
  assert.deepEqual(unportable(text), []);
});

test('the same rule as the rename: a name the rename refuses is reported, one it writes is not', () => {
  const text = `${H}definition:\n  llm: &main {provider: hosted}\n  aiPrimitivesLlm: *main\n`;
  const at = text.indexOf('&main');
  for (const name of ['main.llm', '主要', 'a:b', 'main_llm', 'x-1']) {
    const refused = 'error' in renameAnchor(parse(text, 'yaml'), at, name);
    const reported = unportable(text.replaceAll('main', name)).length > 0;
    assert.equal(reported, refused, name);
  }
});

test('the fix renames the anchor and its aliases; a name with nothing portable left gets none', () => {
  const text = `${H}definition:\n  llm: &main.llm {provider: hosted}\n  aiPrimitivesLlm: *main.llm\n`;
  for (const f of unportable(text)) {
    const actions = getCodeActions(parse(text, 'yaml'), [f.d], f.d).filter((a) => a.diagnostic === f.d);
    const p = actions.find((a) => a.isPreferred);
    assert.ok(p, `a fix from ${f.at}`);
    const after = applyEdits(text, p.edits);
    assert.equal(after, text.replaceAll('main.llm', 'main_llm'));
    assert.deepEqual(unportable(after), []);
  }
  const cjk = `${H}definition:\n  llm: &主要 {provider: hosted}\n  aiPrimitivesLlm: *主要\n`;
  const [f] = unportable(cjk);
  assert.ok(f);
  assert.deepEqual(
    getCodeActions(parse(cjk, 'yaml'), [f.d], f.d).filter(
      (a) => a.diagnostic === f.d && a.kind === 'quickfix' && !/^Ignore/.test(a.title),
    ),
    [],
  );
});

test('whole-number fields that PyYAML reads otherwise: 1e3, 0o10 (strings to it), 128_000 (a number to it only)', () => {
  const text = `${H}definition:\n  llm: {provider: hosted}\n  maxAssistantActions: 1e3\n  maxTableArtifactSampleRows: 0o10\n  contextWindowLimit: 128_000\n`;
  const ds = analyze(text, 'yaml').diagnostics;
  const on = (v: string): Diagnostic | undefined => ds.find((d) => text.slice(d.offset, d.offset + d.length) === v);
  assert.equal(on('1e3')?.code, 'yaml11-ambiguous');
  assert.equal(on('0o10')?.code, 'yaml11-ambiguous');
  assert.match(on('0o10')!.message, /the string '0o10' to YAML 1\.1 loaders.*write 8/);
  assert.equal(on('128_000')?.code, 'invalid-type');
  assert.match(on('128_000')!.message, /only YAML 1\.1 loaders .* read as the number 128000: write 128000/);
});
