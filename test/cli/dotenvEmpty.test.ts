// A `valueFromEnv` name that the file's `.env` sets to nothing (`NAME=`, `NAME=""`, `NAME=  # todo`,
// a blank quoted value) while the environment does not define it: set, but the service would get an
// empty credential. An `env-empty` information saying so (REVIEW8 K13k: a code of its own, not env-not-set), in the CLI (one thread, workers, --cache
// after the `.env` changes) and the editor (hover, inlay hint, the server's view of a document's
// `.env`); never with a value, and not under --no-env-check. A name the environment defines is
// not flagged (dotenv does not replace it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import { parse } from '../../server/src/parser';
import { doHover, inlayHints } from '../../server/src/service';
import { WorkspaceEnv } from '../../server/src/lsp/env';
import { withDotenvLink } from '../../server/src/lsp/features';
import { leakedRuns, runCli } from './helpers';
import { mulberry32 } from '../helpers';

const HEAD = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
const SEED = 0xe3e7;
/** A fake credential for the one name that has a value (built at run time). */
const FULL = (() => {
  const r = mulberry32(SEED);
  const abc = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  let s = 'fake-';
  for (let i = 0; i < 24; i++) s += abc[Math.floor(r() * abc.length)];
  return s;
})();

function config(first: string, second: string): string {
  return `${HEAD}  llm:\n    provider: vendor_a\n    model: m\n    apiKey: {valueFromEnv: ${first}}\n    fallback:\n      provider: vendor_b\n      model: m\n      apiKey: {valueFromEnv: ${second}}\n`;
}

function project(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'ac-empty-')));
  writeFileSync(
    join(dir, '.env'),
    `E1=\nE2=""\r\nexport E3=   # fill in later\nE4='  '\nFULL=${FULL}\nBOTH=\nLATER=\nLATER=set-later\n`,
  );
  writeFileSync(join(dir, 'a.assistant.yaml'), config('E1', 'E2'));
  writeFileSync(join(dir, 'b.assistant.yaml'), config('E3', 'E4'));
  writeFileSync(join(dir, 'c.assistant.yaml'), config('FULL', 'BOTH'));
  writeFileSync(join(dir, 'd.assistant.yaml'), config('LATER', 'FULL'));
  return dir;
}

const emptyNamed = (out: string): string[] =>
  [...out.matchAll(/information env-empty Variable '(\w+)' is set in \.env but empty/g)].map((m) => m[1]!).sort();

test('lint: an env-empty information for each name .env sets to nothing, none for a value or a name the environment has', () => {
  const dir = project();
  for (const extra of [[], ['--jobs', '2']]) {
    const r = runCli(['lint', ...extra, dir], { env: { BOTH: 'from-the-environment' } });
    assert.deepEqual(emptyNamed(r.stdout), ['E1', 'E2', 'E3', 'E4'], r.stdout + r.stderr);
    assert.deepEqual(leakedRuns(r.stdout + r.stderr, [FULL], 6), []);
    // One finding a name: an empty one is not also env-not-set, and nothing else is reported.
    assert.doesNotMatch(r.stdout, /env-not-set/);
    assert.match(r.stdout, /0 errors, 0 warnings, 4 information/);
    assert.equal(r.code, 0, r.stdout);
  }
  // Without the environment: BOTH is set to nothing in .env too.
  assert.deepEqual(emptyNamed(runCli(['lint', dir]).stdout), ['BOTH', 'E1', 'E2', 'E3', 'E4']);
  // --no-env-check: neither env-not-set nor env-empty.
  assert.deepEqual(emptyNamed(runCli(['lint', '--no-env-check', dir]).stdout), []);
  const json = runCli(['lint', '--format', 'json', join(dir, 'a.assistant.yaml')]).stdout;
  assert.match(json, /"code":\s*"env-empty"/);
  assert.match(json, /"severity":\s*"information"/);
  assert.doesNotMatch(json, /"severity":\s*"(warning|error)"/);
});

test('lint --cache: a .env that gives the name a value is read again', () => {
  const dir = project();
  const cache = join(dir, 'cache.json');
  const lint = (): string => runCli(['lint', '--cache', '--cache-location', cache, dir]).stdout;
  assert.deepEqual(emptyNamed(lint()), ['BOTH', 'E1', 'E2', 'E3', 'E4']);
  writeFileSync(join(dir, '.env'), `E1=now-set\nE2=""\nE3=x\nE4=y\nFULL=${FULL}\nBOTH=z\n`);
  assert.deepEqual(emptyNamed(lint()), ['E2']);
});

test('the editor: the server reads emptiness from the document`s .env; hover and inlay hint say so', () => {
  const dir = project();
  const uri = pathToFileURL(join(dir, 'a.assistant.yaml')).href;
  const env = new WorkspaceEnv({ BOTH: 'from-the-environment' }, () => undefined);
  env.reload([pathToFileURL(dir).href], true);
  const view = env.forDocument(uri);
  for (const n of ['E1', 'E2', 'E3', 'E4']) assert.equal(view.emptyInDotenv?.(n), true, n);
  for (const n of ['FULL', 'BOTH', 'LATER', 'NOWHERE']) assert.equal(view.emptyInDotenv?.(n), false, n);
  const text = config('E1', 'FULL');
  const doc = parse(text, 'yaml');
  const hints = inlayHints(doc, { offset: 0, length: text.length }, { env: view });
  assert.deepEqual(
    hints.map((h) => h.label),
    ['✗ empty in .env', 'fallback 1', '✓ set in .env'],
  );
  const hover = doHover(doc, text.indexOf('E1'), { env: view });
  assert.match(hover?.contents ?? '', /`E1` is set in \.env but \*\*empty\*\*/);
  // An untrusted workspace reads no .env: nothing is empty.
  env.reload([pathToFileURL(dir).href], false);
  assert.equal(env.forDocument(uri).emptyInDotenv?.('E1') ?? false, false);
});

test('lint and the editor: a file under the home directory, outside git, does not take ~/.env (HOME set)', () => {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'ac-homeenv-')));
  const home = join(base, 'home');
  mkdirSync(join(home, 'notes'), { recursive: true });
  mkdirSync(join(base, 'tmp'));
  writeFileSync(join(home, '.env'), `E1=\nFULL=${FULL}\n`);
  for (const dir of [join(home, 'notes'), join(base, 'tmp')]) {
    const file = join(dir, 'a.assistant.yaml');
    writeFileSync(file, config('FULL', 'E1'));
    const r = runCli(['lint', file], { env: { HOME: home } });
    assert.match(
      r.stdout,
      /Variable 'FULL' is defined neither in the environment nor in a \.env file \(none found/,
      r.stdout,
    );
    assert.deepEqual(emptyNamed(r.stdout), []);
    const env = new WorkspaceEnv({ HOME: home }, () => undefined);
    env.reload([pathToFileURL(dir).href], true);
    const uri = pathToFileURL(file).href;
    assert.equal(env.forDocument(uri).isDefined('FULL'), false);
    // A fix would create a .env in the document's folder, never append to ~/.env.
    assert.equal(env.dotenvUri(uri), pathToFileURL(join(dir, '.env')).href);
  }
  // The home directory's own files take it.
  const own = join(home, 'a.assistant.yaml');
  writeFileSync(own, config('FULL', 'E1'));
  assert.deepEqual(emptyNamed(runCli(['lint', own], { env: { HOME: home } }).stdout), ['E1']);
});

test('the editor: env-empty links to the .env that sets the name to nothing', () => {
  const uri = 'file:///w/a.assistant.yaml';
  const range = { start: { line: 5, character: 27 }, end: { line: 5, character: 29 } };
  const d = {
    range,
    code: 'env-empty',
    message:
      "Variable 'E1' is set in .env but empty: the service would get an empty credential. Give it its value there.",
  };
  const linked = withDotenvLink(uri, d, ['file:///w'], () => 'file:///w/.env');
  assert.deepEqual(
    linked.relatedInformation?.map((r) => [r.location.uri, r.message]),
    [['file:///w/.env', '.env: give E1 its value in this .env file']],
  );
  // Another code gets no link.
  assert.equal(withDotenvLink(uri, { ...d, code: 'literal-secret' }, ['file:///w']).relatedInformation, undefined);
});
