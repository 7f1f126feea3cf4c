// The web worker's variables (lsp/reportedEnv.ts): the `.env` files the browser client reports by URI
// give each document the nearest one up within its workspace folder, as the desktop walks the disk.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ReportedEnv } from '../../server/src/lsp/reportedEnv';
import { analyze, DEFAULT_OPTIONS } from '../../server/src/service';

const FOLDER = 'vscode-vfs://github/acme/mono';

function env(files?: { uri: string; names: string[]; empty?: string[] }[], names: string[] = []): ReportedEnv {
  const e = new ReportedEnv();
  e.reload([FOLDER + '/'], true);
  e.setReportedNames(names, files);
  return e;
}

test('each document takes the nearest reported .env up to its folder; a nearer one replaces an outer one', () => {
  const e = env([
    { uri: `${FOLDER}/.env`, names: ['TOP'] },
    { uri: `${FOLDER}/packages/api/.env`, names: ['API'] },
  ]);
  const api = e.forDocument(`${FOLDER}/packages/api/config/a.assistant.yaml`);
  assert.equal(api.isDefined('API'), true);
  assert.equal(api.isDefined('TOP'), false);
  assert.equal(api.dotenvShown, '../.env');
  assert.equal(e.dotenvUri(`${FOLDER}/packages/api/config/a.assistant.yaml`), `${FOLDER}/packages/api/.env`);
  const web = e.forDocument(`${FOLDER}/packages/web/w.assistant.yaml`);
  assert.equal(web.isDefined('TOP'), true);
  assert.equal(web.dotenvShown, '../../.env');
  const top = e.forDocument(`${FOLDER}/t.assistant.yaml`);
  assert.deepEqual([...top.names()], ['TOP']);
  assert.equal(top.dotenvShown, '.env');
});

test('a folder without any .env: no name is set, the message says none was found, the link goes to its top', () => {
  const e = env([]);
  const d = e.forDocument(`${FOLDER}/a/b.assistant.yaml`);
  assert.equal(d.isDefined('ANY'), false);
  assert.equal(d.dotenvShown, null);
  assert.equal(e.dotenvUri(`${FOLDER}/a/b.assistant.yaml`), `${FOLDER}/.env`);
});

test('an older client (names only) and documents outside every folder get the reported names', () => {
  const old = env(undefined, ['OLD']);
  assert.equal(old.forDocument(`${FOLDER}/x/y.assistant.yaml`).isDefined('OLD'), true);
  const e = env([{ uri: `${FOLDER}/.env`, names: ['TOP'] }], ['TOP']);
  assert.equal(e.forDocument('untitled:Untitled-1').isDefined('TOP'), true);
  assert.equal(e.forDocument('file:///elsewhere/z.assistant.yaml').isDefined('TOP'), true);
});

test('an untrusted workspace knows no name, whatever is reported', () => {
  const e = new ReportedEnv();
  e.reload([FOLDER], false);
  e.setReportedNames(['A'], [{ uri: `${FOLDER}/.env`, names: ['A'] }]);
  assert.equal(e.forDocument(`${FOLDER}/a.assistant.yaml`).isDefined('A'), false);
  assert.equal(e.isDefined('A'), false);
});

test('a name the reported .env sets to nothing is empty there (env-empty, as on the desktop); an older report tells none', () => {
  const e = env([
    { uri: `${FOLDER}/.env`, names: ['TOP', 'BLANK'], empty: ['BLANK', 'NOT_ITS_NAME'] },
    { uri: `${FOLDER}/packages/api/.env`, names: ['API'] },
  ]);
  const top = e.forDocument(`${FOLDER}/t.assistant.yaml`);
  assert.equal(top.emptyInDotenv?.('BLANK'), true);
  assert.equal(top.emptyInDotenv?.('TOP'), false);
  // A name reported empty but not among the file's names counts for nothing.
  assert.equal(top.emptyInDotenv?.('NOT_ITS_NAME'), false);
  assert.equal(e.forDocument(`${FOLDER}/packages/api/a.assistant.yaml`).emptyInDotenv?.('BLANK'), false);
  // Through validation: one env-empty information, no env-not-set.
  const text =
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey: {valueFromEnv: BLANK}\n';
  const found = analyze(text, 'yaml', { ...DEFAULT_OPTIONS, env: top }).diagnostics.map(
    (d) => `${d.code} ${d.severity}`,
  );
  assert.deepEqual(found, ['env-empty information']);
});
