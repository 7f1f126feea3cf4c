// Reports without code frames (cli/report.ts buildReport's `frames`, used by every format but text):
// on hand-written fixtures and seeded mutations of them (credentials pasted into values, long
// minified JSON lines, suppression comments, CRLF, unknown keys), the JSON, SARIF, GitHub and JUnit
// outputs are the same text as from reports with frames, and each finding is the framed one without
// its frame and caret; and what --cache keeps of it gets the same frames back from the file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { lintText } from '../../server/src/cli/analyze';
import { githubOfFile, json, junit } from '../../server/src/cli/output';
import { toSarif } from '../../server/src/cli/sarif';
import { withFrames } from '../../server/src/cli/report';
import type { FileReport } from '../../server/src/cli/report';
import { languageOf } from '../../server/src/parser';
import { DEFAULT_OPTIONS } from '../../server/src/service';
import { ROOT, mulberry32, fakeSecret } from '../helpers';
import { testSeed } from '../seed';

function fixtures(): { name: string; text: string }[] {
  const out: { name: string; text: string }[] = [];
  for (const dir of ['examples', 'test/fixtures/validation'])
    for (const n of readdirSync(join(ROOT, dir)).sort())
      if (/\.(ya?ml|json)$/.test(n)) out.push({ name: n, text: readFileSync(join(ROOT, dir, n), 'utf8') });
  return out;
}

const PASTED = [
  fakeSecret('sk-' + 'proj-', 31, 0x3d18),
  'vendor_x',
  'AKIAIOSFODNN7EXAMPLE',
  'ghp_1234567890abcdefABCDEF1234567890abcd',
];

function mutate(text: string, rnd: () => number): string {
  let t = text;
  const r = rnd();
  if (r < 0.25) t = t.replace(/provider: (\w+)/, `provider: ${PASTED[Math.floor(rnd() * PASTED.length)]!}`);
  else if (r < 0.45) t = t.replace(/\n( +)(\w+):/, (_m, ind: string, k: string) => `\n${ind}${k}x: 1\n${ind}${k}:`);
  else if (r < 0.6) t = t.replace(/valueFromEnv: \w+/, `value: ${PASTED[0]!}`);
  else if (r < 0.7) t = `# assistant-config-disable-next-line unknown-property\n${t}`;
  if (rnd() < 0.3) t = t.replace(/\r?\n/g, '\r\n');
  return t;
}

test('reports without code frames print the same JSON, SARIF, GitHub and JUnit output (fixtures, seeded mutations)', () => {
  const seed = testSeed('frames off', 0x5eed15, 'FRAMES_OFF_SEED');
  const rnd = mulberry32(seed);
  const docs: { name: string; text: string }[] = [];
  for (const f of fixtures()) {
    docs.push(f);
    for (let k = 0; k < 3; k++) docs.push({ name: f.name, text: mutate(f.text, rnd) });
    // Minified JSON: one long line, where frames are windowed.
    if (f.name.endsWith('.json'))
      try {
        docs.push({ name: f.name, text: JSON.stringify(JSON.parse(f.text)).replace('"hosted"', '"hostedx"') });
      } catch {
        // not JSON after all
      }
  }
  const framed: FileReport[] = [];
  const bare: FileReport[] = [];
  let findings = 0;
  let suppressed = 0;
  docs.forEach((d, i) => {
    const path = `/work/p/d${i}/${d.name}`;
    const language = languageOf(d.name, d.text);
    // Every third document as with --suppress: silenced findings are reported too (SARIF).
    const options =
      i % 3 === 2 ? { ...DEFAULT_OPTIONS, suppress: ['unknown-property', 'unknown-discriminator'] } : DEFAULT_OPTIONS;
    const a = lintText(path, `d${i}/${d.name}`, d.text, language, options, undefined, true);
    const b = lintText(path, `d${i}/${d.name}`, d.text, language, options, undefined, false);
    findings += a.findings.length;
    suppressed += a.suppressed?.length ?? 0;
    const strip = ({ masks: _m, ...r }: FileReport): FileReport => ({
      ...r,
      findings: r.findings.map(({ frame: _f, caret: _c, ...rest }) => rest),
      ...(r.suppressed ? { suppressed: r.suppressed.map(({ frame: _f, caret: _c, ...rest }) => rest) } : {}),
    });
    assert.deepEqual(b, strip(a), `${d.name} (${i})`);
    // What --cache keeps (no frames, the masks' positions) gives the same frames back (cache.ts).
    const kept = strip(a);
    if (a.masks) kept.masks = a.masks;
    assert.deepEqual(withFrames(kept, d.text), a, `${d.name} (${i}): frames rebuilt`);
    assert.ok(
      b.findings.every((f) => f.frame === undefined && f.caret === undefined),
      'no frame is built',
    );
    assert.ok(
      a.findings.every((f) => f.frame !== undefined && f.caret !== undefined),
      'the text format gets its frames',
    );
    framed.push(a);
    bare.push(b);
  });
  assert.ok(findings > 100, `${findings} findings`);
  assert.ok(suppressed > 0, `${suppressed} suppressed findings`);
  assert.equal(JSON.stringify(json(bare), null, 2), JSON.stringify(json(framed), null, 2));
  assert.equal(JSON.stringify(toSarif(bare, '/work/p'), null, 2), JSON.stringify(toSarif(framed, '/work/p'), null, 2));
  assert.equal(junit(bare), junit(framed));
  assert.equal(bare.map((r) => githubOfFile(r)).join(''), framed.map((r) => githubOfFile(r)).join(''));
});
