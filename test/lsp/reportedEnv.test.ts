// The web worker's variables (lsp/reportedEnv.ts): the `.env` files the browser client reports by URI
// give each document the nearest one up within its workspace folder, as the desktop walks the disk.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ReportedEnv } from '../../server/src/lsp/reportedEnv';

const FOLDER = 'vscode-vfs://github/acme/mono';

function env(files?: { uri: string; names: string[] }[], names: string[] = []): ReportedEnv {
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
