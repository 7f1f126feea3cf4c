// REVIEW5 H9: `lint --fix` (and the editor's Fix all) relabels the header only for a slip of `v2` /
// `AssistantConfig` (case, blanks, quotes, a letter or two; version 2 written as a release, `2.0`,
// `v2.0`: REVIEW15-user U13); another version or kind says what the
// file was written for and is left reported, unchanged. The editor still offers the change.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { runCli } from './helpers';
import { parse } from '../../server/src/parser';
import { analyze, getCodeActions } from '../../server/src/service';

const body = 'definition:\n  llm: {provider: hosted}\n';

function fix(kind: string, version: string): { code: number | null; after: string; out: string } {
  const dir = mkdtempSync(join(tmpdir(), 'ac-h9-'));
  const f = join(dir, 'h.assistant.yaml');
  writeFileSync(f, `kind: ${kind}\nversion: ${version}\n${body}`);
  const r = runCli(['lint', '--fix', '--no-env-check', '--no-config', f]);
  return { code: r.code, after: readFileSync(f, 'utf8'), out: r.stdout + r.stderr };
}

test('another version or kind is left as written and reported (exit 1)', () => {
  for (const [kind, version] of [
    ['AssistantConfig', 'v1'],
    ['AssistantConfig', 'v3'],
    ['AssistantConfig', 'v2beta'],
    // (A minor release that does not exist: which one was meant is the user's to say.)
    ['AssistantConfig', '2.1'],
    ['AssistantConfig', 'v2.1'],
    ['ProjectConfig', 'v2'],
    ['Config', 'v2'],
    ['Assistant', 'v2'],
  ]) {
    const r = fix(kind!, version!);
    assert.equal(r.after, `kind: ${kind}\nversion: ${version}\n${body}`, `${kind} ${version}: ${r.out}`);
    assert.equal(r.code, 1, `${kind} ${version}: ${r.out}`);
  }
});

test('a slip of v2 or AssistantConfig is fixed, and a second run changes nothing', () => {
  for (const [kind, version, written] of [
    ['AssistantConfig', 'V2', 'v2'],
    ['AssistantConfig', '"v2 "', '"v2"'],
    ['AssistantConfig', "'2'", "'v2'"],
    ['AssistantConfig', '2', 'v2'],
    // Version 2 written as a release (REVIEW15-user U13): the same version.
    ['AssistantConfig', '2.0', 'v2'],
    ['AssistantConfig', 'v2.0', 'v2'],
    ['AsistantConfig', 'v2', 'v2'],
    ['assistantconfig', 'v2', 'v2'],
    ['Assistant-Config', 'v2', 'v2'],
  ]) {
    // A quoted value keeps its quotes.
    const r = fix(kind!, version!);
    assert.equal(r.after, `kind: AssistantConfig\nversion: ${written}\n${body}`, `${kind} ${version}: ${r.out}`);
    assert.equal(r.code, 0, `${kind} ${version}: ${r.out}`);
  }
});

test('the editor still offers the change for another version (a quick fix, not --fix)', () => {
  const text = `kind: AssistantConfig\nversion: v3\n${body}`;
  const diagnostics = analyze(text, 'yaml').diagnostics;
  const d = diagnostics.find((x) => x.code === 'version-unsupported')!;
  const titles = getCodeActions(parse(text, 'yaml'), diagnostics, d).map((a) => a.title);
  assert.ok(
    titles.some((t) => /v2/.test(t)),
    titles.join(' | '),
  );
});
