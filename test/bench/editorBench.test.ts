// A tiny run of the editor benchmarks (bench/editor-features.mjs, bench/workspace-diagnostics.mjs):
// it proves the scripts run end to end and measure what they say. It asserts results and their
// shape, never times: the timed runs are the scripts themselves (see bench/README.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as EditorTypes from '../../bench/editor-features.mjs';
import type * as WorkspaceTypes from '../../bench/workspace-diagnostics.mjs';

const ROOT = process.cwd();
// The bench modules are ESM and stay outside the test bundle: loaded at run time, as the scripts run.
const editor = (): Promise<typeof EditorTypes> =>
  import(pathToFileURL(join(ROOT, 'bench/editor-features.mjs')).href) as Promise<typeof EditorTypes>;
const workspace = (): Promise<typeof WorkspaceTypes> =>
  import(pathToFileURL(join(ROOT, 'bench/workspace-diagnostics.mjs')).href) as Promise<typeof WorkspaceTypes>;

test('editor-features bench: inlay hints, lenses, links, anchors, outline and formatting answered, p95 and a verdict where a budget is set', async () => {
  const { runEditorFeatures, TARGET_P95_MS } = await editor();
  const r = await runEditorFeatures({ lines: 300, samples: 3 });
  assert.ok(r.lines > 200, `${r.lines} lines`);
  assert.equal(r.diagnostics, 0, 'the generated config is valid');
  const budgeted = [
    'inlay hints, visible range (60 lines)',
    'inlay hints, whole file',
    'code lenses',
    'document links',
  ];
  const names = r.rows.map((x) => x.name);
  assert.deepEqual(names.slice(0, 4), budgeted);
  assert.deepEqual(
    names.slice(4).map((n) => n.replace(/`&[\w-]+`/, '`&A`').replace(/\(\d+ aliases\)/, '(N aliases)')),
    [
      'references of `&A` (N aliases)',
      'highlight of `&A`',
      'rename of `&A`',
      'outline (document symbols)',
      'outline after a one-character edit',
      'format the whole file',
    ],
  );
  for (const row of r.rows) {
    assert.equal(row.n, 3);
    assert.ok(row.median > 0 && row.median <= row.p95 && row.p95 <= row.max, `${row.name}: ordered figures`);
    assert.equal(row.target, budgeted.includes(row.name) ? TARGET_P95_MS : undefined, row.name);
    assert.ok(Number.isNaN(row.cpuPerRequest) || row.cpuPerRequest >= 0, `${row.name}: CPU per request`);
    assert.equal(row.pass, row.target === undefined ? undefined : row.p95 < TARGET_P95_MS);
  }
  const count = (name: string) => r.rows.find((x) => x.name.startsWith(name))!.count;
  // The realistic file has valueFromEnv names (hints), a definition.llm (the chain and Test
  // Connection lenses), https base URLs (links) and LLM blocks shared through an anchor.
  assert.ok(count('inlay hints, whole file') > 0, 'inlay hints answered');
  assert.ok(count('inlay hints, whole file') >= count('inlay hints, visible range (60 lines)'));
  assert.ok(count('code lenses') >= 2, 'the chain lens and the connection lens');
  assert.ok(count('document links') > 0, 'links answered');
  // Each sample after an edit answers the new version with as many top-level symbols as before.
  assert.ok(count('outline (document symbols)') > 0);
  assert.equal(count('outline after a one-character edit'), count('outline (document symbols)'));
  const aliases = Number(/\((\d+) aliases\)/.exec(names[4] ?? '')?.[1]);
  assert.ok(aliases > 0, names[4]);
  assert.equal(count('references of'), aliases + 1, 'every alias and the anchor');
  assert.equal(count('rename of'), aliases + 1, 'one edit per alias and one for the anchor');
  assert.ok(r.peakKb > 0);
});

test('workspace-diagnostics bench: every file reported once, errors found, node_modules and excluded files absent', async () => {
  const { runWorkspaceDiagnostics } = await workspace();
  // A budget of 0 ms makes every request stop after one file: the loop over requests is exercised.
  const r = await runWorkspaceDiagnostics({ files: 12, timeBudgetMs: 0 });
  assert.equal(r.files, 12);
  assert.equal(r.reported, 12);
  assert.equal(r.requests, 12, 'one file per request with a zero budget');
  assert.equal(r.withDiagnostics, r.expectedWithDiagnostics);
  assert.equal(r.expectedWithDiagnostics, 1);
  assert.deepEqual(r.unexpected, []);
  assert.equal(r.unchanged, 12, 'the second pass answers unchanged for every file');
  assert.ok(r.fullMs > 0 && r.firstReportMs > 0 && r.unchangedPassMs > 0);
  assert.ok(r.idlePeakKb > 0 && r.peakKb >= r.idlePeakKb);
  assert.ok(r.hover.n >= 1, 'the responsiveness probe ran');
});
