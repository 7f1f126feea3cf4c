// The `.env` size limit is one (service/dotenv.ts MAX_DOTENV_BYTES) and behaves alike in the CLI and
// the editor: a `.env` up to the limit is read; a larger one is not, its names are reported as not
// set, and the user is told once, with the file named (CLI: on stderr; editor: a warning message and
// the log), never silently treated as empty. Neither says anything of the values.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MAX_DOTENV_BYTES } from '../../server/src/service/dotenv';
import { TestClient } from './lspClient';
import { runCli } from '../cli/helpers';

const SECRET = 'sk-live-9f8e7d6c5b4a39281706';
const HEAD = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    model: m\n';
const dirs: string[] = [];
const clients: TestClient[] = [];
after(() => {
  clients.forEach((c) => c.kill());
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

/** A `.env` of exactly `size` bytes defining BIGVAR (a comment pads it), in a git project that ignores it. */
function project(size: number): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'ac-envsize-')));
  dirs.push(root);
  execFileSync('git', ['init', '-q'], { cwd: root, env: { PATH: process.env.PATH ?? '' } });
  writeFileSync(join(root, '.gitignore'), '.env\n');
  mkdirSync(join(root, 'svc'));
  const head = `BIGVAR=${SECRET}\n# `;
  const text = head + 'x'.repeat(size - head.length - 1) + '\n';
  assert.equal(Buffer.byteLength(text), size);
  writeFileSync(join(root, 'svc/.env'), text);
  for (const f of ['a', 'b'])
    writeFileSync(join(root, `svc/${f}.assistant.yaml`), `${HEAD}    apiKey: {valueFromEnv: BIGVAR}\n`);
  return root;
}

const TOO_LARGE =
  /'svc\/\.env' is not read: it is larger than 1 MB, the limit for a \.env file; its variables are reported as not set/;

test('CLI: a .env at the limit is read; one byte more and it is not, with one warning naming it', () => {
  const atLimit = project(MAX_DOTENV_BYTES);
  const ok = runCli(['lint', 'svc'], { cwd: atLimit });
  assert.equal(ok.code, 0, ok.stdout + ok.stderr);
  assert.doesNotMatch(ok.stdout + ok.stderr, /env-not-set|not read/);

  const over = project(MAX_DOTENV_BYTES + 1);
  const r = runCli(['lint', 'svc'], { cwd: over });
  // Two files take that .env: one warning.
  assert.equal(r.stderr.match(new RegExp(TOO_LARGE.source, 'g'))?.length, 1, r.stderr);
  assert.equal(r.stdout.match(/env-not-set/g)?.length, 2, r.stdout);
  assert.ok(!(r.stdout + r.stderr).includes(SECRET));
});

async function editor(root: string): Promise<TestClient> {
  const c = new TestClient(undefined, { rootUri: pathToFileURL(root).href, env: { PATH: process.env.PATH ?? '' } });
  clients.push(c);
  await c.initialize();
  return c;
}

async function codesOf(c: TestClient, root: string, file: string): Promise<unknown[]> {
  const uri = pathToFileURL(join(root, 'svc', file)).href;
  await c.open(uri, `${HEAD}    apiKey: {valueFromEnv: BIGVAR}\n`);
  return (await c.waitForDiagnostics(uri)).diagnostics.map((d) => d.code);
}

test('editor: the same limit; over it, env-not-set and one warning naming the .env (not a silent empty)', async () => {
  const atLimit = project(MAX_DOTENV_BYTES);
  const ok = await editor(atLimit);
  assert.deepEqual(await codesOf(ok, atLimit, 'a.assistant.yaml'), []);
  assert.deepEqual(ok.messages, []);

  const over = project(MAX_DOTENV_BYTES + 1);
  const c = await editor(over);
  assert.deepEqual(await codesOf(c, over, 'a.assistant.yaml'), ['env-not-set']);
  assert.deepEqual(await codesOf(c, over, 'b.assistant.yaml'), ['env-not-set']);
  const warnings = c.messages.filter((m) => TOO_LARGE.test(m.message));
  assert.equal(warnings.length, 1, JSON.stringify(c.messages));
  assert.equal(warnings[0]!.type, 2);
  assert.ok(!JSON.stringify(c.messages).includes(SECRET));
  assert.ok(!c.stderr.includes(SECRET));
});
