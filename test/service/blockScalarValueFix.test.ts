// "Change X to Y" on a value written as a YAML block scalar (`provider: >-` with `hostd` on the next
// line): the plain value replaces the header and the text lines, and the line break after the
// block stays, so the next key keeps its own line (REVIEW2 E25). Through getCodeActions, and through
// `lint --fix` as a process (which used to refuse these fixes, or drop the file's final newline).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse as parseYaml } from 'yaml';
import { analyze } from '../../server/src/service/analyze';
import { applyEdits, getCodeActions } from '../../server/src/service/codeActions';
import { parse } from '../../server/src/parser';
import { runCli } from '../cli/helpers';

const Q2 = [
  'kind: AssistantConfig',
  'version: v2',
  'definition:',
  '  llm:',
  '    provider: >-',
  '      hostd',
  '    fallback: {provider: hosted}',
  '  schemaSelector:',
  '    type: |',
  '      al',
  '  maxAssistantActions: 3',
  '',
].join('\n');

const Q3 = [
  'kind: >-',
  '  AssistantConfg',
  'version: v2',
  'definition:',
  '  llm:',
  '    provider: vendor_c',
  '    apiKey: {valueFromEnv: K}',
  '    safetySettings:',
  '      harassment: |-  # keep this note',
  '        blockNon',
  '      dangerous: blockNone',
  '  overrideAiPrimitivesLlm:',
  '    - primitiveName: >',
  '        sumarize',
  '      llm: {provider: hosted}',
  '',
].join('\n');

/** The block scalar is the file's last value. */
const AT_END = [
  'kind: AssistantConfig',
  'version: v2',
  'definition:',
  '  llm:',
  '    provider: hosted',
  '  schemaSelector:',
  '    type: >-',
  '      al',
  '',
].join('\n');

/** Applies the preferred "Change … to '…'" fix of the diagnostic whose range holds `marker`. */
function fixAt(text: string, marker: string): { title: string; out: string } {
  const { doc, diagnostics } = analyze(text, 'yaml');
  const at = text.indexOf(marker);
  assert.ok(at >= 0, marker);
  const here = diagnostics.filter((x) => x.offset <= at && at <= x.offset + x.length);
  const action = here
    .flatMap((d) => getCodeActions(doc, diagnostics, { offset: d.offset, length: d.length }))
    .find((a) => a.isPreferred && a.title.startsWith('Change '));
  assert.ok(action, `no preferred Change fix at ${marker}: ${here.map((x) => x.code).join(', ')}`);
  return { title: action.title, out: applyEdits(text, action.edits) };
}

function assertClean(before: string, out: string): void {
  assert.deepEqual(parse(out, 'yaml').problems, [], `the fixed document does not parse:\n${out}`);
  // Every line but the fixed one is kept as it was, in order; the final newline too.
  assert.equal(out.endsWith('\n'), before.endsWith('\n'));
}

describe('value fixes on block scalars (E25)', () => {
  const cases: { text: string; marker: string; path: (string | number)[]; value: string; line: string }[] = [
    {
      text: Q2,
      marker: 'hostd',
      path: ['definition', 'llm', 'provider'],
      value: 'hosted',
      line: '    provider: hosted',
    },
    { text: Q2, marker: 'al\n', path: ['definition', 'schemaSelector', 'type'], value: 'all', line: '    type: all' },
    { text: Q3, marker: 'AssistantConfg', path: ['kind'], value: 'AssistantConfig', line: 'kind: AssistantConfig' },
    {
      text: Q3,
      marker: 'blockNon\n',
      path: ['definition', 'llm', 'safetySettings', 'harassment'],
      value: 'blockNone',
      line: '      harassment: blockNone # keep this note',
    },
    {
      text: Q3,
      marker: 'sumarize',
      path: ['definition', 'overrideAiPrimitivesLlm', 0, 'primitiveName'],
      value: 'summarize',
      line: '    - primitiveName: summarize',
    },
    {
      text: AT_END,
      marker: 'al\n',
      path: ['definition', 'schemaSelector', 'type'],
      value: 'all',
      line: '    type: all',
    },
  ];
  for (const c of cases) {
    for (const eol of ['\n', '\r\n']) {
      it(`${c.path.join('.')} → ${c.value} (${eol === '\n' ? 'LF' : 'CRLF'})`, () => {
        const text = c.text.replace(/\n/g, eol);
        const { title, out } = fixAt(text, c.marker.replace(/\n/g, eol));
        assert.ok(title.includes(`'${c.value}'`), title);
        assertClean(text, out);
        // The block's lines became the one plain line; every other line is unchanged.
        const lines = out.split(eol);
        assert.ok(lines.includes(c.line), `no line ${JSON.stringify(c.line)} in:\n${out}`);
        const kept = text.split(eol).filter((l) => !/: [|>][-+]?(\s|$)/.test(l));
        for (const l of kept.filter((l) => l.trim() !== c.marker.trim() && l.trim() !== ''))
          assert.ok(lines.includes(l), `line ${JSON.stringify(l)} lost:\n${out}`);
        const value = c.path.reduce<unknown>(
          (v, k) => (v as Record<string | number, unknown>)[k],
          parseYaml(out) as unknown,
        );
        assert.equal(value, c.value);
        // The same document as a whole is read as before, but for the fixed value.
        const want = parseYaml(text) as unknown;
        const last = c.path[c.path.length - 1]!;
        const holder = c.path
          .slice(0, -1)
          .reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], want) as Record<
          string | number,
          unknown
        >;
        holder[last] = c.value;
        assert.deepEqual(parseYaml(out), want);
      });
    }
  }
});

describe('lint --fix on block scalar values (E25)', () => {
  it('applies the fixes, keeps the next keys on their lines and the final newline', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ac-e25-'));
    const files = { 'q2.assistant.yaml': Q2, 'end.assistant.yaml': AT_END };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const r = runCli(['lint', '--fix', ...Object.keys(files)], { cwd: dir });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.equal(
      readFileSync(join(dir, 'q2.assistant.yaml'), 'utf8'),
      Q2.replace('>-\n      hostd', 'hosted').replace('|\n      al', 'all'),
    );
    assert.equal(readFileSync(join(dir, 'end.assistant.yaml'), 'utf8'), AT_END.replace('>-\n      al', 'all'));
  });
});
