// A YAML merge key whose value is not a mapping nor a list of mappings (`<<: *on` with `&on true`,
// `<<:` empty, `<<: *names` with a list of strings): YAML 1.1 loaders refuse the file. It was read as
// a key named '<<': "provider 'hosted' does not allow '<<'" with a fix removing the alias, and under
// `featureFlags` (keys of your own allowed) no finding at all. Now one `invalid-type` error on the `<<`,
// saying what a merge key takes, with no fix; a valid merge is untouched. LF and CRLF, comments.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze } from '../../server/src/service';
import { getCodeActions } from '../../server/src/service/codeActions';

const TEXT = [
  'kind: AssistantConfig',
  'version: v2',
  'x-on: &on true   # a flag, shared',
  'x-names: &names [a, b]',
  'x-llm: &llm {provider: hosted}',
  'definition:',
  '  llm:',
  '    <<: *llm   # a real merge',
  '  aiPrimitivesLlm:',
  '    <<: *names',
  '    provider: hosted',
  '  featureFlags:',
  '    <<: *on   # looks like a merge of flags',
  '    enable_automations: true',
  '  threadTitleGeneration:',
  '    enable: true',
  '    llm: {<<: , provider: hosted}',
  '',
].join('\n');

for (const eol of ['\n', '\r\n']) {
  test(`a '<<' whose value no loader merges is one invalid-type error there, with no fix (${eol === '\n' ? 'LF' : 'CRLF'})`, () => {
    const text = TEXT.replace(/\n/g, eol);
    const { doc, diagnostics } = analyze(text, 'yaml');
    const line = (o: number): number => text.slice(0, o).split('\n').length;
    const found = diagnostics
      .filter((d) => !/x-on|x-names|x-llm/.test(d.message))
      .map((d) => [
        line(d.offset),
        d.code,
        text.slice(d.offset, d.offset + d.length),
        /here it is ([^.(]*)/.exec(d.message)?.[1]?.trim(),
      ]);
    assert.deepEqual(found, [
      [10, 'invalid-type', '<<', 'a list that holds something other than a mapping'],
      [13, 'invalid-type', '<<', 'a boolean'],
      [17, 'invalid-type', '<<', 'empty'],
    ]);
    for (const d of diagnostics.filter((x) => x.code === 'invalid-type'))
      assert.deepEqual(
        getCodeActions(doc, diagnostics, d)
          .filter((a) => a.diagnostic === d && !a.title.startsWith('Ignore'))
          .map((a) => a.title),
        [],
      );
    // The message says what a merge key takes, and through which alias.
    assert.match(
      diagnostics.find((d) => line(d.offset) === 13)!.message,
      /^'<<' is a YAML merge key: its value must be a mapping or a list of mappings \(or aliases to them\); here it is a boolean \(through alias '\*on'\)\. YAML 1\.1 loaders refuse the file/,
    );
  });
}
