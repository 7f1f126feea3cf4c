// One indentation slip of one line, in each of the examples, through `lint --fix`: a file that had an
// error and that `--fix` leaves with none must read as the example does. Otherwise the fix made a config
// that looks clean and says something else (REVIEW15-user's scan: `tables:` dedented under an empty
// `alwaysInclude:` was fixed by moving `functions` into `tables`, where it reads as a schema named
// "functions"; `-fct_events`, a list item that lost its space, was wrapped as `["-fct_events"]`). Every
// line that holds content, moved 2 or 1 columns left or right, and the space after a dash or a key's
// colon taken out; a line with the lines under it moved 2 columns (--fix moved a top-level
// `systemInstructions: |` under `definition` with the keys its text had swallowed: a clean file with
// no schemaSelector): ~1,300 files, run as one `lint --fix` over a directory. Read back with the `yaml` package (YAML 1.2, merge keys on).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { parse as parseYaml } from 'yaml';
import { ROOT } from '../helpers';
import { lintErrorsByFile, runCli } from './helpers';

const work = mkdtempSync(join(tmpdir(), 'ac-slip-scan-'));
after(() => rmSync(work, { recursive: true, force: true }));

interface Finding {
  code: string;
  severity: string;
}

const read = (text: string): unknown => parseYaml(text, { merge: true, uniqueKeys: false });

test('one line slipped by 1 or 2 columns, or glued after its dash or colon: lint --fix never turns an error into a clean file that reads otherwise', () => {
  const examples = readdirSync(join(ROOT, 'examples')).filter((f) => f.endsWith('.assistant.yaml'));
  const source = new Map<string, string>();
  const blocks = new Set<string>();
  for (const f of examples) {
    const text = readFileSync(join(ROOT, 'examples', f), 'utf8');
    const lines = text.split('\n');
    lines.forEach((l, i) => {
      if (l.trim() === '') return;
      const indent = l.length - l.trimStart().length;
      // The space after a list item's dash, or after a key's colon, lost.
      const glued = [l.replace(/^(\s*)- (?=\S)/, '$1-'), l.replace(/^(\s*[\w-]+): (?=\S)/, '$1:')];
      glued.forEach((g, k) => {
        if (g === l) return;
        const slipped = [...lines];
        slipped[i] = g;
        const name = `${f.replace('.assistant.yaml', '')}-L${i + 1}${k === 0 ? 'dash' : 'colon'}.assistant.yaml`;
        writeFileSync(join(work, name), slipped.join('\n'));
        source.set(name, text);
      });
      // The line with the lines under it (a block pasted a level off): what the user wrote may then put
      // a sibling inside the block (`functions:` at the column of `tables`' keys, keys after a block
      // scalar in its text), which a warning says (field-in-custom-keys, key-in-block-scalar); a fix
      // that makes one appear is not --fix's to apply, and the error it would fix stays.
      const under = lines.slice(i + 1).findIndex((x) => x.trim() !== '' && x.length - x.trimStart().length <= indent);
      const end = under < 0 ? lines.length : i + 1 + under;
      if (end > i + 1)
        for (const d of [-2, 2]) {
          if (indent + d < 0) continue;
          const slipped = [...lines];
          for (let j = i; j < end; j++)
            if (lines[j]!.trim() !== '') slipped[j] = d > 0 ? ' '.repeat(d) + lines[j] : lines[j]!.slice(-d);
          const name = `${f.replace('.assistant.yaml', '')}-B${i + 1}${d > 0 ? '+' : ''}${d}.assistant.yaml`;
          writeFileSync(join(work, name), slipped.join('\n'));
          source.set(name, text);
          blocks.add(name);
        }
      for (const d of [-2, -1, 1, 2]) {
        if (indent + d < 0) continue;
        const slipped = [...lines];
        slipped[i] = ' '.repeat(indent + d) + l.trimStart();
        const name = `${f.replace('.assistant.yaml', '')}-L${i + 1}${d > 0 ? '+' : ''}${d}.assistant.yaml`;
        writeFileSync(join(work, name), slipped.join('\n'));
        source.set(name, text);
      }
    });
  }
  assert.ok(source.size > 500, `${source.size} slipped files`);
  const before = lintErrorsByFile(work);
  runCli(['lint', '--no-config', '--no-env-check', '--fix', work]);
  const after = lintErrorsByFile(work);
  const wrong: string[] = [];
  let fixedClean = 0;
  for (const [name, text] of source) {
    if ((before.get(name) ?? []).length === 0 || (after.get(name) ?? []).length > 0) continue;
    fixedClean++;
    const fixed = readFileSync(join(work, name), 'utf8');
    try {
      assert.deepEqual(read(fixed), read(text));
    } catch {
      wrong.push(`${name} (${before.get(name)!.join(', ')})`);
    }
  }
  console.log(
    `slipScan: ${source.size} slipped files, ${fixedClean} made clean by --fix, ${wrong.length} reading otherwise`,
  );
  assert.ok(fixedClean > 50, 'the scan reaches files --fix repairs');
  assert.deepEqual(wrong, []);
});

test('tables: dedented under an empty alwaysInclude: is the one slip, and the fix indents that line alone', () => {
  const text = [
    'kind: AssistantConfig',
    'version: v2',
    'definition:',
    '  llm:',
    '    provider: hosted',
    '  schemaSelector:',
    '    type: llm_selector',
    '    llm: { provider: hosted }',
    '    maxItems: 40',
    '    alwaysInclude: # pinned',
    '    tables:',
    '        reporting: [daily_revenue]',
    '      functions: [fiscal_quarter]',
    '',
  ].join('\r\n');
  const dir = mkdtempSync(join(tmpdir(), 'ac-slip-one-'));
  try {
    const file = join(dir, 'a.assistant.yaml');
    writeFileSync(file, text);
    const lint = runCli(['lint', '--no-config', '--no-env-check', '--format', 'json', file]);
    const found = (JSON.parse(lint.stdout) as { files: { diagnostics: (Finding & { message: string })[] }[] }).files[0]!
      .diagnostics;
    assert.deepEqual(
      found.map((d) => d.code),
      ['misaligned-indent'],
    );
    assert.match(found[0]!.message, /'tables' belongs with 'functions' in 'alwaysInclude'/);
    runCli(['lint', '--no-config', '--no-env-check', '--fix', file]);
    assert.equal(readFileSync(file, 'utf8'), text.replace('\r\n    tables:', '\r\n      tables:'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
