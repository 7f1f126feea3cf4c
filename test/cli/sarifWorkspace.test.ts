// REVIEW11 C12: SARIF named files from the working directory (`uri` relative, `%SRCROOT%` the working
// directory in `originalUriBaseIds`). GitHub code scanning reads a relative `uri` from the
// repository's root and does not apply `originalUriBaseIds` (github/codeql-action#2215): a step with
// `working-directory: packages/web` uploaded alerts on `config/prod.assistant.yaml`, a file the
// repository does not have. Now, below GITHUB_WORKSPACE, files are named from the workspace (as
// `--format github` names them), `%SRCROOT%` is the workspace; elsewhere as before. As processes;
// each report valid against the SARIF 2.1.0 schema.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import Ajv from 'ajv';
import { ROOT } from '../helpers';
import { runCli } from './helpers';

interface Sarif {
  runs: {
    originalUriBaseIds: Record<string, { uri: string }>;
    results: { locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string } } }[] }[];
  }[];
}

const validate = new Ajv({ strict: false, allErrors: true, validateFormats: false }).compile(
  JSON.parse(readFileSync(join(ROOT, 'test/fixtures/sarif/sarif-schema-2.1.0.json'), 'utf8')) as object,
);

test('C12: SARIF from a step below GITHUB_WORKSPACE names files from the workspace (code scanning reads uri from the repository root)', () => {
  const top = realpathSync(mkdtempSync(join(tmpdir(), 'ac-sarifws-')));
  const web = join(top, 'packages', 'web');
  mkdirSync(join(web, 'config'), { recursive: true });
  writeFileSync(
    join(web, 'config', 'prod env.assistant.yaml'),
    '# production\nkind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: vendr_a}\n',
  );
  const sarif = (env: Record<string, string>, cwd = web): Sarif['runs'][number] => {
    const r = runCli(['lint', '--no-env-check', '--no-config', '--format', 'sarif', '.'], { cwd, env });
    assert.equal(r.code, 1, r.stderr);
    const doc = JSON.parse(r.stdout) as Sarif;
    assert.ok(validate(doc), JSON.stringify(validate.errors?.slice(0, 3)));
    return doc.runs[0]!;
  };
  const where = (run: Sarif['runs'][number]): [string, string | undefined, string] => {
    const loc = run.results[0]!.locations[0]!.physicalLocation.artifactLocation;
    return [loc.uri, loc.uriBaseId, run.originalUriBaseIds['%SRCROOT%']!.uri];
  };
  const dirUri = (p: string): string => pathToFileURL(p).href.replace(/\/?$/, '/');
  assert.deepEqual(where(sarif({ GITHUB_WORKSPACE: top })), [
    'packages/web/config/prod%20env.assistant.yaml',
    '%SRCROOT%',
    dirUri(top),
  ]);
  // Without it, or with a workspace the step is not in: from the working directory, as before.
  const before: [string, string, string] = ['config/prod%20env.assistant.yaml', '%SRCROOT%', dirUri(web)];
  assert.deepEqual(where(sarif({})), before);
  assert.deepEqual(where(sarif({ GITHUB_WORKSPACE: join(top, 'other') })), before);
  assert.deepEqual(where(sarif({ GITHUB_WORKSPACE: 'relative/path' })), before);
  // A workspace named through a link (macOS runners: /tmp is /private/tmp); the working directory is real.
  const link = join(mkdtempSync(join(tmpdir(), 'ac-sarifwsl-')), 'repo');
  symlinkSync(top, link);
  assert.deepEqual(where(sarif({ GITHUB_WORKSPACE: `${link}/` })), [
    'packages/web/config/prod%20env.assistant.yaml',
    '%SRCROOT%',
    dirUri(top),
  ]);
  // At the workspace itself: the same names as without it.
  assert.deepEqual(where(sarif({ GITHUB_WORKSPACE: top }, top)), [
    'packages/web/config/prod%20env.assistant.yaml',
    '%SRCROOT%',
    dirUri(top),
  ]);
});
