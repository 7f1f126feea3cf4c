// A second AssistantConfig document of a `---` file gets the quick fixes the first one gets (they
// looked at the first document's tree only, and offered nothing there): for each finding of the same
// document text, the same fixes, whether it is the file's first AssistantConfig or the one after
// `---`; applied, each changes that document as it changes it alone, and leaves the other documents
// as they were (LF and CRLF; comments, an anchor and its alias, a half-typed last line).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, applyEdits } from '../../server/src/service';
import { getCodeActions } from '../../server/src/service/codeActions';

const CONFIG = [
  '# the staging assistant',
  'kind: AssistantConfig',
  'version: v2',
  'definition:',
  '  llm: &stage   # shared below',
  '    provider: hostd   # typo',
  '    mdoel: gpt-4o',
  '  aiPrimitivesLlm:',
  '    provider: cloud_a',
  '    model: gpt-4o',
  '    endpoint: 5',
  '  threadTitleGeneration:',
  '    enable: yes',
  '    llm: *stage',
  '  overrideAiPrimitivesLlm:',
  '    primitiveName: classify',
  '    llm: {provider: vendor_a, model: m, apiKey: {valueFromEnv: "$VENDOR_A_KEY"}}',
  '  featureFlags:',
  '    enable_automations: true',
  '    enbale_visualisations',
].join('\n');

const OTHER = [
  '# production',
  'kind: AssistantConfig',
  'version: v2',
  'definition:',
  '  llm: {provider: hosted, model: m}',
].join('\n');

/** The fixes of every finding in `part` (at `at` in `text`), as titles and the text of `part` after each. */
function fixesIn(text: string, at: number, part: string): Map<string, string[]> {
  const { doc, diagnostics } = analyze(text, 'yaml');
  const out = new Map<string, string[]>();
  for (const d of diagnostics) {
    if (d.offset < at || d.offset > at + part.length || d.code === 'extra-document') continue;
    const key = `${d.code}@${d.offset - at} ${d.message}`;
    const list: string[] = [];
    for (const a of getCodeActions(doc, diagnostics, d).filter((x) => x.diagnostic === d)) {
      const after = applyEdits(text, a.edits);
      // Nothing outside the document changed.
      assert.equal(after.slice(0, at), text.slice(0, at), a.title);
      const tail = text.length - (at + part.length);
      assert.equal(after.slice(after.length - tail), text.slice(text.length - tail), a.title);
      list.push(`${a.title}\n${after.slice(at, after.length - tail)}`);
    }
    out.set(key, list);
  }
  return out;
}

for (const [label, eol] of [
  ['LF', '\n'],
  ['CRLF', '\r\n'],
] as const) {
  const config = CONFIG.replace(/\n/g, eol);
  const other = OTHER.replace(/\n/g, eol);
  const sep = `${eol}---${eol}`;

  test(`(${label}) the AssistantConfig after '---' gets the fixes it gets first in the file, applied in it alone`, () => {
    const first = fixesIn(config + sep + other, 0, config);
    const second = fixesIn(other + sep + config, other.length + sep.length, config);
    // The same findings (the first document's own checks aside), with the same fixes and results.
    assert.deepEqual([...second.keys()], [...first.keys()]);
    assert.deepEqual(second, first);
    // And fixes there are: most findings have some.
    const titles = [...second.values()].flat().map((f) => f.split('\n')[0]!);
    for (const t of [
      "Change 'provider' to 'hosted'",
      "Rename 'mdoel' to 'model'",
      "Quote '5' (a string to every YAML loader)",
    ])
      assert.ok(titles.includes(t), `${t} in ${titles.join(' | ')}`);
    // No LF alone in a CRLF file.
    if (eol === '\r\n')
      for (const f of [...second.values()].flat()) assert.ok(!/[^\r]\n/.test(f.split('\n').slice(1).join('\n')));
  });

  test(`(${label}) a third document: its fixes too, the two others untouched`, () => {
    const text = other + sep + other.replace('m}', 'gpt-4o}') + sep + config;
    const at = text.length - config.length;
    const third = fixesIn(text, at, config);
    const first = fixesIn(config + sep + other, 0, config);
    assert.deepEqual(third, first);
  });
}
