// compare19: our side of bench/errors-vs-peers.mjs. Each hand-written broken file of bench/error-cases/
// (cases.json says the mistake in each) is judged by the benchmark's own rules (judge.mjs): every
// mistake has a finding on the text to change whose message names the fix, and no more findings than
// the few listed here. The peers' side is not asserted (their messages change from version to version):
// `node bench/errors-vs-peers.mjs` prints both.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { analyze } from '../../server/src/service';
import type * as JudgeTypes from '../../bench/error-cases/judge.mjs';

type JudgeModule = typeof JudgeTypes;
const ROOT = process.cwd();
const DIR = join(ROOT, 'bench/error-cases');
// The bench modules are ESM and stay outside the test bundle: loaded at run time.
const judge = (): Promise<JudgeModule> => import(pathToFileURL(join(DIR, 'judge.mjs')).href) as Promise<JudgeModule>;

const SEVERITY = { error: 1, warning: 2, information: 3, hint: 4 } as const;

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** Our findings on `text` as the language server sends them (LSP ranges, numeric severities). */
function ours(text: string, json: boolean): JudgeTypes.LspDiagnostic[] {
  const starts = lineStarts(text);
  const pos = (offset: number): JudgeTypes.Position => {
    let line = 0;
    while (line + 1 < starts.length && starts[line + 1]! <= offset) line++;
    return { line, character: offset - starts[line]! };
  };
  return (
    analyze(text, json ? 'json' : 'yaml')
      // The benchmark sets the variables the cases name, as on the machine of the user who wrote them.
      .diagnostics.filter((d) => d.code !== 'env-not-set')
      .map((d) => ({
        range: { start: pos(d.offset), end: pos(d.offset + d.length) },
        message: d.message,
        severity: SEVERITY[d.severity],
        code: d.code,
      }))
  );
}

/**
 * Findings beyond one per mistake that are right to make: a second thing to know (a literal credential
 * beside both `value` and `valueFromEnv`), a key being typed that is also a near miss (a colon missing,
 * and which key it may become), an override whose LLM keys stand beside `primitiveName` (`llm` missing,
 * each key said to belong under it: the peers say the same three).
 */
const EXTRA: Record<string, number> = {
  'y20-half-typed-key.assistant.yaml': 1,
  'y29-env-value-both.assistant.yaml': 1,
  'j14-primitive-missing-llm.assistant.json': 2,
};

test('compare19: every hand-written broken file gets a finding on the text to change that names the fix, and no noise', async () => {
  const { loadCases, judgeCase } = await judge();
  const cases = loadCases(DIR);
  assert.ok(cases.length >= 40, `${cases.length} cases`);
  const failures: string[] = [];
  let named = 0;
  let errors = 0;
  for (const c of cases) {
    const j = judgeCase(c, ours(c.text, c.file.endsWith('.json')));
    named += j.named;
    errors += j.errors;
    const want = EXTRA[c.file] ?? 0;
    if (j.found !== j.errors || j.named !== j.errors || j.extra !== want)
      failures.push(
        `${c.file} (${c.what}): on the spot ${j.found}/${j.errors}, names the fix ${j.named}/${j.errors}, extra ${j.extra} (want ${want}):\n${j.diagnostics.map((d) => `  ${d.range.start.line + 1}:${d.range.start.character + 1} ${String(d.code)}: ${d.message}`).join('\n')}`,
      );
  }
  console.log(`peer cases: ${cases.length} files, ${errors} mistakes, ${named} named with their fix`);
  assert.deepEqual(failures, []);
});

test('compare19: the judge’s rules can fail: a finding elsewhere, one that does not name the fix, one too many', async () => {
  const { judgeCase } = await judge();
  const text = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendr_a\n';
  const c = { file: 'x.assistant.yaml', what: 'x', text, errors: [{ at: 'vendr_a', names: ['vendor_a'] }] };
  const at = (line: number, from: number, to: number, message: string): JudgeTypes.LspDiagnostic => ({
    range: { start: { line, character: from }, end: { line, character: to } },
    message,
    severity: 1,
  });
  const good = at(4, 14, 21, "Unknown provider 'vendr_a'. Did you mean 'vendor_a'?");
  assert.deepEqual([judgeCase(c, [good]).found, judgeCase(c, [good]).named, judgeCase(c, [good]).extra], [1, 1, 0]);
  // Elsewhere (the `llm` key): not on the spot.
  assert.equal(judgeCase(c, [at(3, 2, 5, "Unknown provider; did you mean 'vendor_a'?")]).found, 0);
  // On the spot, but the wrong value quoted is no fix ('vendr_a' is not 'vendor_a').
  assert.equal(judgeCase(c, [at(4, 14, 21, "Value 'vendr_a' is not accepted.")]).named, 0);
  // The same said twice: one extra.
  assert.equal(judgeCase(c, [good, good]).extra, 1);
  // A hint is not counted (no Problems panel shows it).
  assert.equal(judgeCase(c, [good, { ...good, severity: 4 }]).count, 1);
});
