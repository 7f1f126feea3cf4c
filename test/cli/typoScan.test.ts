// One-character slips of the examples through `lint --fix`, beside slipScan.test.ts (indentation): a
// letter of a key or of a plain value dropped, swapped with the next or replaced; in the examples
// written as JSON (as `json.dumps` writes them, indented and on one line), a `,` `:` `"` `{` `}` `[` `]`
// dropped or doubled. A file that had an error and that `--fix` leaves with none must read as the
// example does (YAML 1.2 with merge keys, JSON.parse). A sample of each kind, drawn with a printed seed.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { parse as parseYaml } from 'yaml';
import { mulberry32, ROOT } from '../helpers';
import { lintErrorsByFile, runCli } from './helpers';

const SEED = 20261124 + 17;
console.log(`typoScan: seed ${SEED}`);

const work = mkdtempSync(join(tmpdir(), 'ac-typo-scan-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** Every one-letter slip of `w`: a letter dropped, two swapped, one replaced by a common letter. */
function slipsOf(w: string): string[] {
  const out = new Set<string>();
  for (let j = 0; j < w.length; j++) {
    out.add(w.slice(0, j) + w.slice(j + 1));
    if (j + 1 < w.length) out.add(w.slice(0, j) + w[j + 1] + w[j] + w.slice(j + 2));
    for (const c of 'aeiost') out.add(w.slice(0, j) + c + w.slice(j + 1));
  }
  out.delete(w);
  return [...out];
}

test('one-character slips of keys, values and JSON punctuation: lint --fix never makes a clean file that reads otherwise', () => {
  const rnd = mulberry32(SEED);
  const examples = readdirSync(join(ROOT, 'examples')).filter((f) => f.endsWith('.assistant.yaml'));
  const meant = new Map<string, unknown>();
  const readYaml = (t: string): unknown => parseYaml(t, { merge: true, uniqueKeys: false });
  let n = 0;
  const write = (name: string, text: string, value: unknown): void => {
    writeFileSync(join(work, name), text);
    meant.set(name, value);
    n++;
  };
  for (const f of examples) {
    const text = readFileSync(join(ROOT, 'examples', f), 'utf8');
    const value = readYaml(text);
    const base = f.replace('.assistant.yaml', '');
    const lines = text.split('\n');
    // YAML: a key, or a plain one-word value, of four letters or more.
    lines.forEach((l, i) => {
      const m = /^(\s*(?:- )?)([A-Za-z_][\w-]{3,})(:(?:\s+([A-Za-z_][\w-]{3,}))?\s*(?:#.*)?)$/.exec(l);
      if (!m) return;
      const parts: [number, string][] = [[m[1]!.length, m[2]!]];
      if (m[4] !== undefined) parts.push([l.indexOf(m[4], m[1]!.length + m[2]!.length + 1), m[4]]);
      for (const [at, w] of parts)
        for (const s of slipsOf(w)) {
          if (rnd() > 0.12) continue;
          const slipped = [...lines];
          slipped[i] = l.slice(0, at) + s + l.slice(at + w.length);
          write(`${base}-y${n}.assistant.yaml`, slipped.join('\n'), value);
        }
    });
    // JSON, indented and on one line: a punctuation character dropped or doubled.
    for (const json of [JSON.stringify(value, null, 2), JSON.stringify(value)]) {
      for (let i = 0; i < json.length; i++) {
        if (!',:"{}[]'.includes(json[i]!) || rnd() > 0.06) continue;
        const slipped = rnd() < 0.5 ? json.slice(0, i) + json.slice(i + 1) : json.slice(0, i) + json[i] + json.slice(i);
        write(`${base}-j${n}.assistant.json`, slipped, value);
      }
    }
  }
  assert.ok(n > 400, `${n} slipped files`);
  const before = lintErrorsByFile(work);
  runCli(['lint', '--no-config', '--no-env-check', '--fix', work]);
  const afterFix = lintErrorsByFile(work);
  const wrong: string[] = [];
  let fixedClean = 0;
  for (const [name, value] of meant) {
    if ((before.get(name) ?? []).length === 0 || (afterFix.get(name) ?? []).length > 0) continue;
    fixedClean++;
    const fixed = readFileSync(join(work, name), 'utf8');
    try {
      assert.deepEqual(name.endsWith('.json') ? JSON.parse(fixed) : readYaml(fixed), value);
    } catch {
      wrong.push(`${name} (${before.get(name)!.join(', ')})`);
    }
  }
  console.log(
    `typoScan: ${n} slipped files, ${fixedClean} made error-free by --fix, ${wrong.length} reading otherwise`,
  );
  assert.ok(fixedClean > 100, 'the scan reaches files --fix repairs');
  assert.deepEqual(wrong, []);
});
