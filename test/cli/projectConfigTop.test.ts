// REVIEW5 H11: the project config is looked for walking up from each file, but never above the top
// of the file's git repository (as the `.env` walk): a `.assistant-config.yaml` left in `$HOME`, a
// CI runner's work directory or a shared /tmp must not switch rules off for a repository that has
// none. The CLI and the language server agree. Outside any repository the walk goes on as before.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runCli } from './helpers';
import { TestClient } from '../protocol/lspClient';

const dirs: string[] = [];
const clients: TestClient[] = [];
after(() => {
  clients.forEach((c) => c.kill());
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

// A file that is an error (missing endpoint) and a warning (literal value) unless rules are switched off.
const FILE =
  'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: cloud_a\n    apiKey: {value: not-a-real-key}\n';
const OUTER = 'rules:\n  literal-secret: off\n  missing-required: off\n';

function layout(git: boolean): { outer: string; file: string } {
  const outer = realpathSync(mkdtempSync(join(tmpdir(), 'ac-top-')));
  dirs.push(outer);
  writeFileSync(join(outer, '.assistant-config.yaml'), OUTER);
  const repo = join(outer, 'repo');
  mkdirSync(join(repo, 'configs'), { recursive: true });
  if (git) execFileSync('git', ['init', '-q'], { cwd: repo, env: { PATH: process.env.PATH ?? '' } });
  const file = join(repo, 'configs', 'p.assistant.yaml');
  writeFileSync(file, FILE);
  return { outer, file };
}

async function editorCodes(root: string, file: string): Promise<unknown[]> {
  const c = new TestClient(undefined, { rootUri: pathToFileURL(root).href, env: { PATH: process.env.PATH ?? '' } });
  clients.push(c);
  await c.initialize();
  const uri = pathToFileURL(file).href;
  await c.open(uri, FILE);
  const p = await c.waitForDiagnostics(uri);
  c.kill();
  return p.diagnostics.map((d) => d.code).sort();
}

test('a config above the repository does not apply: the CLI and the editor report the file in full', async () => {
  const { outer, file } = layout(true);
  const r = runCli(['lint', '--no-env-check', file], { cwd: join(outer, 'repo') });
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /error missing-required/);
  assert.match(r.stdout, /warning literal-secret/);
  assert.deepEqual(await editorCodes(join(outer, 'repo'), file), ['literal-secret', 'missing-required']);
  // A config inside the repository still applies, from any depth below it.
  writeFileSync(join(outer, 'repo', '.assistant-config.yaml'), 'rules:\n  literal-secret: off\n');
  const inside = runCli(['lint', '--no-env-check', file], { cwd: join(outer, 'repo') });
  assert.equal(inside.code, 1);
  assert.doesNotMatch(inside.stdout, /literal-secret/);
  assert.deepEqual(await editorCodes(join(outer, 'repo'), file), ['missing-required']);
});

test('outside any git repository the walk goes up as before (the nearest config wins)', async () => {
  const { outer, file } = layout(false);
  const r = runCli(['lint', '--no-env-check', file], { cwd: outer });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.deepEqual(await editorCodes(outer, file), []);
});
