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
import { PATHS, startFakeService } from './fakeService';
import { startConnectProxy } from './proxy';
import type { FakeService } from './fakeService';
import { LeakScanner } from './leakScan';
import { CLI_PATH, runTestConnectionProcess } from './helpers';
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
  const io: CliIO = {
    stdout: (t) => (out += t),
    stderr: (t) => (err += t),
    env,
    cwd: dir,
    readStdin: () => Promise.resolve(''),
  };
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
  writeFileSync(
    join(dir, 'p.assistant.yaml'),
    'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n  aiPrimitivesLlm:\n    provider: vendor_c\n',
  );
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
    assert.deepEqual((svc.lastProgramPayload as { ai_primitives_llm: unknown }).ai_primitives_llm, {
      provider: 'vendor_c',
    });
  });
  it('a provider that is not one (a typo, or a key pasted there) fails program execution only, named in the file; it is never sent (REVIEW2 E18, REVIEW8 K7)', async () => {
    const key = ['sk', 'proj', 'Abc123XyZ789QwErTy456UiOp'].join('-');
    for (const [provider, said] of [
      ['vendr_a', /'vendr_a', is not a provider \(did you mean 'vendor_a'\?\)/],
      [key, /looks like a credential, not a provider \(it is not shown\)/],
    ] as const) {
      writeFileSync(
        join(dir, 'typo.assistant.yaml'),
        `kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n  aiPrimitivesLlm: {provider: ${provider}}\n`,
      );
      const sent = svc.requests.length;
      const r = await cli(['--config', 'typo.assistant.yaml', '--format=json'], envFor(svc));
      assert.equal(r.code, 1, r.out + r.err);
      const report = JSON.parse(r.out) as TestConnectionReport;
      const byName = new Map(report.steps.map((st) => [st.name, st]));
      for (const n of ['settings', 'token-refresh', 'threads-user', 'threads-project'] as const)
        assert.equal(byName.get(n)?.status, 'pass', `${n}: ${JSON.stringify(byName.get(n))}`);
      const program = byName.get('execute-program')!;
      assert.equal(program.status, 'fail');
      assert.equal(program.diagnosis, 'invalid-provider');
      assert.match(program.message, said);
      assert.match(program.message, /aiPrimitivesLlm\.provider in typo\.assistant\.yaml, line 5/);
      assert.match(program.advice ?? '', /^Fix aiPrimitivesLlm\.provider in typo\.assistant\.yaml, line 5 /);
      assert.doesNotMatch(program.advice ?? '', /Settings|ASSISTANT_|flag/);
      // The other steps were sent; program execution, which would send the provider, was not.
      const mine = svc.requests.slice(sent);
      assert.ok(mine.length >= 3, 'token refresh and both listings were sent');
      assert.ok(!mine.some((q) => q.path === PATHS.program || q.body.includes('Abc123')), 'the provider was not sent');
      assert.ok(!(r.out + r.err).includes('Abc123'), 'the key is not shown');
    }
  });
  it('refuses a --config with a syntax error, naming it, before sending anything (REVIEW4 G15)', async () => {
    for (const [file, text, where] of [
      [
        'broken.assistant.yaml',
        'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted\n  aiPrimitivesLlm: {provider: vendor_a}\n',
        /line \d+, column \d+: /,
      ],
      [
        'broken.assistant.json',
        '{"kind": "AssistantConfig", "definition": {"aiPrimitivesLlm": {"provider": "vendor_a",}}',
        /line 1, column \d+: /,
      ],
    ] as const) {
      writeFileSync(join(dir, file), text);
      const sent = svc.requests.length;
      for (const format of ['text', 'json']) {
        const r = await cli(['--config', file, '--format', format], envFor(svc));
        assert.equal(r.code, 2, r.out + r.err);
        assert.match(r.err, new RegExp(`--config ${file.replace(/\./g, '\\.')} has a syntax error at ${where.source}`));
        assert.match(r.err, /nothing was sent/);
        assert.equal(r.out, '');
      }
      assert.equal(svc.requests.length, sent, 'nothing was sent');
    }
  });
  it('reads the provider through YAML merge keys as lint does (<<: *p, own keys winning)', async () => {
    const merged =
      'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: &p\n    provider: vendor_b\n    apiKey: {valueFromEnv: K}\n  aiPrimitivesLlm: {<<: *p, model: x}\n';
    writeFileSync(join(dir, 'merge.assistant.yaml'), merged);
    const r = await cli(['--config', 'merge.assistant.yaml', '--format=json'], envFor(svc));
    assert.equal(r.code, 0, r.out + r.err);
    assert.deepEqual((svc.lastProgramPayload as { ai_primitives_llm: unknown }).ai_primitives_llm, {
      provider: 'vendor_b',
    });
    // A key of the mapping itself wins over the merged one.
    writeFileSync(join(dir, 'merge.assistant.yaml'), merged.replace('model: x', 'provider: cloud_c'));
    assert.equal((await cli(['--config', 'merge.assistant.yaml', '--format=json'], envFor(svc))).code, 0);
    assert.deepEqual((svc.lastProgramPayload as { ai_primitives_llm: unknown }).ai_primitives_llm, {
      provider: 'cloud_c',
    });
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
  it("quotes a service's answer with its control characters escaped (no terminal escapes, no workflow commands)", async () => {
    svc.faults.threads = {
      status: 502,
      contentType: 'text/html',
      body: '<html><body>Bad gateway\u001b]0;owned\u0007\u001b[2J ##[error]fake \u202eevil</body></html>',
      once: true,
    };
    try {
      const r = await cli([], envFor(svc));
      assert.equal(r.code, 1);
      assert.match(r.out, /Bad gateway\\e\]0;owned\\x07\\e\[2J #\\x23\[error\]fake \\u202eevil/, r.out);
      // eslint-disable-next-line no-control-regex -- the point of the test
      assert.doesNotMatch(r.out + r.err, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]|##\[/);
    } finally {
      svc.faults = {};
    }
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
    for (const args of [
      ['--format', 'xml'],
      ['--timeout-ms', 'soon'],
      ['--data-auth-mode', 'oauth'],
      ['--bogus'],
      ['stray'],
      ['--base-url'],
      ['--config', 'missing.yaml'],
    ]) {
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

describe('test-connection: malformed credentials fail the settings step and nothing is sent', () => {
  const shapes: [string, (v: string) => string][] = [
    ['the "pat " scheme pasted in front', (v) => `pat ${v}`],
    ['the "Bearer " scheme pasted in front', (v) => `Bearer ${v}`],
    ['an inner line break', (v) => `${v.slice(0, 10)}\n${v.slice(10)}`],
    ['an inner carriage return', (v) => `${v.slice(0, 10)}\r${v.slice(10)}`],
    ['a control character', (v) => `${v.slice(0, 10)}\u0007${v.slice(10)}`],
    ['a character a header cannot carry', (v) => `${v.slice(0, 10)}é${v.slice(10)}`],
    ['an inner space', (v) => `${v.slice(0, 10)} ${v.slice(10)}`],
    ['quotes around it', (v) => `"${v}"`],
  ];
  for (const variable of ['ASSISTANT_PAT', 'ASSISTANT_API_KEY', 'ASSISTANT_DATA_TOKEN'] as const) {
    for (const [what, shape] of shapes) {
      it(`${variable} with ${what}: exit 1, settings step fails naming ${variable}, no request`, async () => {
        const env = envFor(svc);
        env[variable] = shape(env[variable] ?? '');
        const before = svc.requests.length;
        const text = await cli([], env);
        const json = await cli(['--format', 'json'], env);
        assert.equal(text.code, 1, text.out);
        assert.equal(json.code, 1);
        const report = JSON.parse(json.out) as TestConnectionReport;
        assert.equal(report.steps[0]?.status, 'fail');
        assert.equal(report.steps[0]?.diagnosis, 'invalid-credential');
        assert.match(report.steps[0]?.message ?? '', new RegExp(`\\(${variable}\\)`));
        assert.ok(report.steps.slice(1).every((st) => st.status === 'skip'));
        assert.match(text.out, /FAIL {2}Settings and credentials/);
        assert.equal(svc.requests.length, before, 'the fake service received no request');
        leaks.addSecrets(env[variable]);
      });
    }
  }
  it('a trailing line break is trimmed: the run passes', async () => {
    const r = await cli([], envFor(svc, { ASSISTANT_PAT: `${svc.pat}\n`, ASSISTANT_API_KEY: `${svc.apiKey}\r\n` }));
    assert.equal(r.code, 0, r.out);
  });
});

describe('test-connection: progress and output streams', () => {
  it('announces each step on stderr as it starts in text format; JSON format keeps both streams clean', async () => {
    const t = await cli([], envFor(svc));
    assert.equal(t.code, 0);
    for (const title of [
      'Settings and credentials',
      'Token refresh',
      'List threads (user-scoped, JWT)',
      'List threads (project-scoped, API key)',
      'Program execution',
    ]) {
      assert.ok(t.err.includes(`… ${title}\n`), `${title} in ${t.err}`);
    }
    assert.ok(!t.out.includes('… '), 'progress is not on stdout');
    const j = await cli(['--format', 'json'], envFor(svc));
    assert.equal(j.err, '');
    assert.equal((JSON.parse(j.out) as TestConnectionReport).ok, true);
  });
  it('one deadline bounds the whole run: a stalled step fails with timeout and the rest are not run', async () => {
    svc.faults.threads = { hang: true };
    try {
      // (5 s: the token refresh passes within it even when a busy machine holds this process up.)
      const r = await cli(['--format', 'json', '--timeout-ms', '5000'], envFor(svc));
      assert.equal(r.code, 1);
      const report = JSON.parse(r.out) as TestConnectionReport;
      const byName = new Map(report.steps.map((st) => [st.name, st]));
      assert.equal(byName.get('token-refresh')?.status, 'pass');
      assert.equal(byName.get('threads-user')?.diagnosis, 'timeout');
      assert.match(byName.get('threads-user')?.message ?? '', /time limit of 5000 ms/);
      for (const n of ['threads-project', 'execute-program'] as const) {
        assert.equal(byName.get(n)?.status, 'skip');
        assert.equal(byName.get(n)?.diagnosis, 'timeout');
      }
    } finally {
      svc.faults = {};
    }
  });
});

describe('test-connection as a real process', () => {
  const cliPath = CLI_PATH;
  // Async: the fake service runs in this process and must keep answering.
  const proc = (args: string[], env: Record<string, string>) =>
    runTestConnectionProcess(args, env, (stream, text) => leaks.add(`process ${stream}`, text), dir);

  it('runs over HTTPS with the test CA from NODE_EXTRA_CA_CERTS', async () => {
    assert.ok(existsSync(cliPath), 'dist/cli.js is not built: run npm run build (npm test builds first)');
    const r = await proc(['--config', 'p.assistant.yaml'], envFor(tls, { NODE_EXTRA_CA_CERTS: join(dir, 'ca.pem') }));
    assert.equal(r.code, 0, r.out + r.err);
    assert.match(r.out, /PASS {2}Program execution/);
  });
  it('a provider typo in --config: the credentials are still proven; only program execution fails, pointing at the file and line (REVIEW8 K7)', async () => {
    assert.ok(existsSync(cliPath), 'dist/cli.js is not built: run npm run build (npm test builds first)');
    writeFileSync(
      join(dir, 'k7.assistant.yaml'),
      'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n  aiPrimitivesLlm: {provider: vendr_a, apiKey: {valueFromEnv: K}}\n',
    );
    const r = await proc(['--config', 'k7.assistant.yaml'], envFor(svc));
    assert.equal(r.code, 1, r.out + r.err);
    assert.match(r.out, /PASS {2}Settings and credentials/);
    assert.match(r.out, /PASS {2}Token refresh/);
    assert.match(r.out, /PASS {2}List threads \(user-scoped, JWT\)/);
    assert.match(r.out, /PASS {2}List threads \(project-scoped, API key\)/);
    assert.match(r.out, /FAIL {2}Program execution/);
    assert.match(r.out, /Diagnosis: invalid-provider/);
    assert.match(r.out, /What to do: Fix aiPrimitivesLlm\.provider in k7\.assistant\.yaml, line 5 /);
    assert.doesNotMatch(r.out, /Correct the setting named above/);
    // Without a program-execution address the provider is not sent at all: the run passes, and says it.
    const env = envFor(svc);
    delete (env as Partial<Record<string, string>>).ASSISTANT_EXECUTE_PROGRAM_URL;
    const quiet = await proc(['--config', 'k7.assistant.yaml'], env);
    assert.equal(quiet.code, 0, quiet.out + quiet.err);
    assert.match(quiet.out, /SKIP {2}Program execution/);
    assert.match(quiet.out, /'vendr_a', is not a provider \(did you mean 'vendor_a'\?\)/);
  });
  it('Ctrl-C stops at once, prints the partial report and exits 130', async () => {
    assert.ok(existsSync(cliPath), 'dist/cli.js is not built: run npm run build (npm test builds first)');
    svc.faults.threads = { hang: true };
    try {
      const child = spawn(process.execPath, [cliPath, 'test-connection'], {
        env: { PATH: process.env.PATH ?? '', ...envFor(svc, { ASSISTANT_TIMEOUT_MS: '600000' }) },
        cwd: dir,
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      // Interrupt once the stalled step has been announced.
      child.stderr.on('data', (c: Buffer) => {
        err += c.toString();
        if (err.includes('… List threads (user-scoped, JWT)') && !child.killed) child.kill('SIGINT');
      });
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      leaks.add('SIGINT stdout', out);
      leaks.add('SIGINT stderr', err);
      assert.equal(code, 130, out + err);
      assert.match(out, /PASS {2}Token refresh/);
      assert.match(out, /FAIL {2}List threads \(user-scoped, JWT\)[\s\S]*Diagnosis: cancelled/);
      assert.match(out, /SKIP {2}Program execution/);
      assert.match(err, /Interrupted/);
    } finally {
      svc.faults = {};
    }
  });
  it('never sends a loopback request through a proxy: HTTP_PROXY/HTTPS_PROXY on 127.0.0.3 receive nothing, PAT included', async () => {
    assert.ok(existsSync(cliPath), 'dist/cli.js is not built: run npm run build (npm test builds first)');
    const proxy = await startConnectProxy({ host: '127.0.0.3' });
    try {
      for (const s of [svc, tls]) {
        const r = await proc(
          ['--format', 'json'],
          envFor(s, {
            HTTP_PROXY: proxy.url,
            HTTPS_PROXY: proxy.url,
            http_proxy: proxy.url,
            NODE_EXTRA_CA_CERTS: join(dir, 'ca.pem'),
          }),
        );
        assert.equal(r.code, 0, r.out + r.err);
        assert.equal((JSON.parse(r.out) as TestConnectionReport).proxy, undefined);
      }
      assert.equal(proxy.connections, 0, `the proxy received: ${proxy.received.slice(0, 200)}`);
      for (const secret of [svc.pat, tls.pat, svc.apiKey, svc.dataToken])
        assert.ok(!proxy.received.includes(secret.slice(0, 8)));
    } finally {
      await proxy.close();
    }
  });
  it('exits 1 with the TLS diagnosis without the CA, and 2 on a credential flag', async () => {
    assert.ok(existsSync(cliPath), 'dist/cli.js is not built: run npm run build (npm test builds first)');
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
    leaks.addSecrets(
      svc.pat,
      svc.apiKey,
      svc.dataToken,
      ...svc.issuedTokens,
      tls.pat,
      tls.apiKey,
      tls.dataToken,
      ...tls.issuedTokens,
      'very-secret-value-123',
    );
    leaks.assertClean();
  });
});
