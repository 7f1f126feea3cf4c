// `explain CODE` and docs/codes/: every code has a page generated from the registry, its example
// really triggers it, the CLI prints the same page, and the editor's diagnostics link to it.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyze, CODES, DEFAULT_OPTIONS } from '../../server/src/service';
import type { DiagnosticCode } from '../../server/src/service';
import { CODE_DOCS, codeDocMarkdown, codeDocPath } from '../../server/src/service/codeDocs';
import { ROOT, UPDATE } from '../helpers';
import { TestClient } from '../protocol/lspClient';
import { runCli } from './helpers';

const codes = Object.keys(CODES) as DiagnosticCode[];

test("every code's example triggers that code", () => {
  for (const code of codes) {
    const d = CODE_DOCS[code];
    const { envDefined, envExposed, envEmpty, ...limits } = d.options ?? {};
    const env = envDefined
      ? {
          isDefined: (n: string) => envDefined.includes(n),
          exposedInDotenv: (n: string) => (envExposed ?? []).includes(n),
          emptyInDotenv: (n: string) => (envEmpty ?? []).includes(n),
        }
      : undefined;
    const options = { ...DEFAULT_OPTIONS, ...limits, ...(env ? { env } : {}) };
    const found = analyze(d.example, d.language ?? 'yaml', options).diagnostics.map((x) => x.code);
    assert.ok(found.includes(code), `${code}: the example gives ${found.join(', ') || 'nothing'}`);
  }
});

test('docs/codes/<code>.md are generated from the registry and in sync (UPDATE_GOLDEN=1 rewrites them)', () => {
  const dir = join(ROOT, 'docs/codes');
  for (const code of codes) {
    const path = join(ROOT, codeDocPath(code));
    const want = codeDocMarkdown(code);
    if (UPDATE) writeFileSync(path, want);
    assert.ok(existsSync(path), `${path} is missing: run the tests with UPDATE_GOLDEN=1`);
    assert.equal(readFileSync(path, 'utf8'), want, `${path} is out of date: run the tests with UPDATE_GOLDEN=1`);
  }
  const extra = readdirSync(dir).filter((f) => !codes.includes(f.replace(/\.md$/, '') as DiagnosticCode));
  assert.deepEqual(extra, [], 'pages for codes that no longer exist');
});

test('explain CODE prints the page: meaning, example, fix, how to silence', () => {
  const r = runCli(['explain', 'unknown-property']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, readFileSync(join(ROOT, 'docs/codes/unknown-property.md'), 'utf8'));
  for (const h of ['## What it means', '## Example', '## How to fix it', '## How to silence it'])
    assert.ok(r.stdout.includes(h), h);
  assert.match(r.stdout, /modle: x/);
  assert.match(r.stdout, /unknown-property: off/);
});

test('explain yaml11-ambiguous names the %YAML 1.1 directive, and what it says of it is what the tool does', () => {
  const r = runCli(['explain', 'yaml11-ambiguous']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /%YAML 1\.1/);
  const example = CODE_DOCS['yaml11-ambiguous'].example;
  const under11 = analyze(`%YAML 1.1\n---\n${example}`, 'yaml').diagnostics;
  assert.ok(!under11.some((d) => d.code === 'yaml11-ambiguous'), JSON.stringify(under11));
  assert.ok(under11.some((d) => d.code === 'invalid-type' && /apiVersion/.test(d.message)));
});

test('explain: an unknown code is a usage error with a suggestion; --list lists every code', () => {
  const r = runCli(['explain', 'unknown']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /Unknown diagnostic code 'unknown'\. Did you mean 'unknown-discriminator'/);
  assert.equal(runCli(['explain']).code, 2);
  const list = runCli(['explain', '--list']);
  assert.equal(list.code, 0);
  for (const c of codes) assert.match(list.stdout, new RegExp(`^${c} +${CODES[c].severity}`, 'm'));
});

const clients: TestClient[] = [];
after(() => clients.forEach((c) => c.kill()));

test("the editor's diagnostics link their code page (codeDescription), which exists", async () => {
  const c = new TestClient();
  clients.push(c);
  await c.initialize();
  const uri = 'file:///work/x.assistant.yaml';
  await c.open(uri, 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: hosted\n    modle: x\n');
  const p = await c.waitForDiagnostics(uri);
  const d = p.diagnostics.find((x) => x.code === 'unknown-property');
  assert.ok(d?.codeDescription, JSON.stringify(p.diagnostics));
  assert.match(d.codeDescription.href, /^file:\/\/.*\/docs\/codes\/unknown-property\.md$/);
  assert.equal(readFileSync(fileURLToPath(d.codeDescription.href), 'utf8'), codeDocMarkdown('unknown-property'));
  await c.shutdown();
});
