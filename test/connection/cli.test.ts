// `assistant-config test-connection`, in-process with a capturing CliIO and as a real process
// (dist/cli.js), with a scan of everything it printed for credentials.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { testConnectionCommand } from '../../server/src/cli/testConnection';
import { UsageError } from '../../server/src/cli/io';
import type { CliIO } from '../../server/src/cli/io';
import type { TestConnectionReport } from '../../server/src/connection';
import { startFakeService } from './fakeService';
import type { FakeService } from './fakeService';
import { LeakScanner } from './leakScan';
import { selfSignedCert } from './tls';

const leaks = new LeakScanner();
let svc: FakeService;
let tls: FakeService;
let dir: string;

function envFor(s: FakeService, extra: Record<string, string> = {}): Record<string, string> {
  return {
    ASSISTANT_BASE_URL: s.url,
    ASSISTANT_TOKEN_REFRESH_URL: s.tokenRefreshUrl,
    ASSISTANT_PROJECT_ID: s.projectId,
    ASSISTANT_DATA_SOURCE_URL: s.dataSourceUrl,
    ASSISTANT_EXECUTE_PROGRAM_URL: s.executeProgramUrl,
    ASSISTANT_PAT: s.pat,
    ASSISTANT_API_KEY: s.apiKey,
    ASSISTANT_DATA_TOKEN: s.dataToken,
    ...extra,
  };
}

async function cli(args: string[], env: Record<string, string>): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIO = { stdout: (t) => (out += t), stderr: (t) => (err += t), env, cwd: dir, readStdin: () => Promise.resolve('') };
  let code: number;
  try {
    code = await testConnectionCommand(args, io);
  } catch (e) {
    // What the dispatcher does with a UsageError.
    assert.ok(e instanceof UsageError, String(e));
    err += `assistant-config: ${e.message}\n`;
    code = 2;
  }
  leaks.add(`cli ${args.join(' ')} stdout`, out);
  leaks.add(`cli ${args.join(' ')} stderr`, err);
  return { code, out, err };
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ac-cli-'));
  svc = await startFakeService();
  tls = await startFakeService({ tls: selfSignedCert() });
  writeFileSync(join(dir, 'p.assistant.yaml'), 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n  aiPrimitivesLlm:\n    provider: vendor_c\n');
  writeFileSync(join(dir, 'ca.pem'), selfSignedCert().cert);
});
after(async () => {
  await Promise.all([svc.close(), tls.close()]);
  rmSync(dir, { recursive: true, force: true });
});

describe('test-connection in-process', () => {
  it('exits 0 and prints the text report when every step passes', async () => {
    const r = await cli([], envFor(svc));
    assert.equal(r.code, 0, r.out + r.err);
    assert.match(r.out, /PASS {2}Token refresh/);
    assert.match(r.out, /JWT expiry: \d{4}-/);
  });
  it('prints JSON with --format json and reads the provider from --config', async () => {
    const r = await cli(['--config', 'p.assistant.yaml', '--format=json'], envFor(svc));
    assert.equal(r.code, 0, r.out + r.err);
    const report = JSON.parse(r.out) as TestConnectionReport;
    assert.equal(report.ok, true);
    assert.equal(report.steps.length, 5);
    assert.deepEqual((svc.lastProgramPayload as { ai_primitives_llm: unknown }).ai_primitives_llm, { provider: 'vendor_c' });
  });
  it('flags win over the environment', async () => {
    const r = await cli(['--project-id', '00000000-0000-4000-8000-000000000000', '--format', 'json'], envFor(svc));
    assert.equal(r.code, 1);
    const report = JSON.parse(r.out) as TestConnectionReport;
    assert.equal(report.steps[1]?.diagnosis, 'forbidden');
  });
  it('exits 1 when a step fails, with the diagnosis', async () => {
    const r = await cli(['--base-url', `${svc.origin}/nope`], envFor(svc));
    assert.equal(r.code, 1);
    assert.match(r.out, /FAIL {2}List threads/);
    assert.match(r.out, /Diagnosis: not-found/);
  });
  it('exits 1 on invalid settings (plain http to a remote host), sending nothing', async () => {
    const before = svc.requests.length;
    const r = await cli(['--token-refresh-url', 'http://auth.example.invalid/refresh'], envFor(svc));
    assert.equal(r.code, 1);
    assert.match(r.out, /Diagnosis: insecure-url/);
    assert.equal(svc.requests.length, before);
  });
  for (const flag of ['--pat', '--token', '--api-key', '--data-token', '--jwt']) {
    it(`refuses ${flag} without echoing its value`, async () => {
      const r1 = await cli([flag, 'very-secret-value-123'], envFor(svc));
      const r2 = await cli([`${flag}=very-secret-value-123`], envFor(svc));
      for (const r of [r1, r2]) {
        assert.equal(r.code, 2);
        assert.match(r.err, /ASSISTANT_PAT/);
        assert.ok(!r.err.includes('very-secret-value-123'));
      }
    });
  }
  it('exits 2 on other usage errors', async () => {
    for (const args of [['--format', 'xml'], ['--timeout-ms', 'soon'], ['--data-auth-mode', 'oauth'], ['--bogus'], ['stray'], ['--base-url'], ['--config', 'missing.yaml']]) {
      const r = await cli(args, envFor(svc));
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.err, /assistant-config: /);
    }
  });
  it('prints its usage with --help', async () => {
    const r = await cli(['--help'], {});
    assert.equal(r.code, 0);
    assert.match(r.out, /ASSISTANT_EXECUTE_PROGRAM_URL/);
  });
});

describe('test-connection as a real process', () => {
  // The test runner's working directory is the repository root.
  const cliPath = join(process.cwd(), 'dist', 'cli.js');
  const proc = (args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> =>
    new Promise((resolve, reject) => {
      // Async spawn: the fake service runs in this process and must keep answering.
      const child = spawn(process.execPath, [cliPath, 'test-connection', ...args], { env: { PATH: process.env.PATH ?? '', ...env }, cwd: dir });
      let out = '';
      let err = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      child.stderr.on('data', (c: Buffer) => (err += c.toString()));
      child.on('error', reject);
      child.on('close', (code) => {
        leaks.add('process stdout', out);
        leaks.add('process stderr', err);
        resolve({ code, out, err });
      });
    });

  it('runs over HTTPS with the test CA from NODE_EXTRA_CA_CERTS', async (t) => {
    if (!existsSync(cliPath)) return t.skip('dist/cli.js not built');
    const r = await proc(['--config', 'p.assistant.yaml'], envFor(tls, { NODE_EXTRA_CA_CERTS: join(dir, 'ca.pem') }));
    assert.equal(r.code, 0, r.out + r.err);
    assert.match(r.out, /PASS {2}Program execution/);
  });
  it('exits 1 with the TLS diagnosis without the CA, and 2 on a credential flag', async (t) => {
    if (!existsSync(cliPath)) return t.skip('dist/cli.js not built');
    const r = await proc(['--format', 'json'], envFor(tls));
    assert.equal(r.code, 1, r.out + r.err);
    assert.equal((JSON.parse(r.out) as TestConnectionReport).steps[1]?.diagnosis, 'tls-untrusted');
    const u = await proc(['--pat', 'very-secret-value-123'], envFor(tls));
    assert.equal(u.code, 2);
    assert.ok(!u.err.includes('very-secret-value-123'));
  });
});

describe('leak scan (CLI)', () => {
  it('no credential in anything the CLI printed', () => {
    leaks.addSecrets(svc.pat, svc.apiKey, svc.dataToken, ...svc.issuedTokens, tls.pat, tls.apiKey, tls.dataToken, ...tls.issuedTokens, 'very-secret-value-123');
    leaks.assertClean();
  });
});
