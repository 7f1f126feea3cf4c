// The review's security defects of Test Connection (REVIEW.md D8, D10, D19): plain http:// to
// `*.localhost` is pinned to loopback, usage errors are usage errors in the built CLI, and a time
// limit a timer cannot hold is refused.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import type { LookupAddress } from 'node:dns';
import { after, before, describe, it } from 'node:test';
import { runTestConnection } from '../../server/src/connection';
import { pinnedLookup } from '../../server/src/connection/pinnedLookup';
import { startFakeService } from './fakeService';
import type { FakeService } from './fakeService';
import { CLI_PATH, credentialsOf, optionsFor, runTestConnectionProcess } from './helpers';
import { LeakScanner } from './leakScan';

const leaks = new LeakScanner();
let svc: FakeService;
before(async () => {
  svc = await startFakeService();
});
after(async () => {
  await svc.close();
});

type Answer = { err: NodeJS.ErrnoException | null; address: string | LookupAddress[] };
function lookupWith(answer: LookupAddress[]): (host: string, all: boolean) => Promise<Answer & { asked: string[] }> {
  return (host, all) =>
    new Promise((resolve) => {
      const asked: string[] = [];
      const look = pinnedLookup((h, _o, cb) => {
        asked.push(h);
        cb(null, answer);
      });
      look(host, { all }, (err, address) => {
        resolve({ err, address, asked });
      });
    });
}

describe('D8: localhost names are pinned to loopback', () => {
  it('a *.localhost name never reaches the resolver: it is looked up as localhost', async () => {
    const r = await lookupWith([{ address: '127.0.0.1', family: 4 }])('evil.localhost', false);
    assert.deepEqual(r.asked, ['localhost']);
    assert.equal(r.err, null);
    assert.equal(r.address, '127.0.0.1');
  });
  it('a non-loopback answer for a localhost name is refused (all: true and false), loopback ones kept', async () => {
    const remote = lookupWith([{ address: '203.0.113.5', family: 4 }]);
    for (const all of [false, true]) {
      const r = await remote('a.localhost', all);
      assert.equal(r.err?.code, 'ENOTFOUND');
      assert.match(r.err?.message ?? '', /loopback/);
    }
    const mixed = await lookupWith([
      { address: '203.0.113.5', family: 4 },
      { address: '::1', family: 6 },
    ])('LOCALHOST.', true);
    assert.deepEqual(mixed.address, [{ address: '::1', family: 6 }]);
  });
  it('other names resolve as usual', async () => {
    const r = await lookupWith([{ address: '203.0.113.5', family: 4 }])('service.example', false);
    assert.deepEqual(r.asked, ['service.example']);
    assert.equal(r.address, '203.0.113.5');
  });
  it('plain http:// to app.localhost reaches the local service (resolved as loopback, not by DNS)', async () => {
    const port = new URL(svc.origin).port;
    const viaName = (u: string): string => u.replace(`127.0.0.1:${port}`, `app.localhost:${port}`);
    const report = await runTestConnection(
      optionsFor(svc, { tokenRefreshUrl: viaName(svc.tokenRefreshUrl), baseUrl: viaName(svc.url) }),
      credentialsOf(svc),
    );
    leaks.add('report', report);
    assert.equal(report.steps[1]?.status, 'pass', JSON.stringify(report.steps[1]));
    assert.equal(report.steps[2]?.status, 'pass', JSON.stringify(report.steps[2]));
  });
});

describe('D10, D19: usage errors of the built CLI', () => {
  const cliPath = CLI_PATH;
  const proc = (args: string[], env: Record<string, string> = {}) =>
    runTestConnectionProcess(args, env, (stream, text) => leaks.add(stream, text));
  it('usage errors say what is wrong, not "internal error", and exit 2', async () => {
    assert.ok(existsSync(cliPath), 'dist/cli.js is not built: run npm run build (npm test builds first)');
    for (const args of [['--pat', 'abcdefgh-value'], ['--timeout-ms', 'abc'], ['--format', 'yaml'], ['--bogus']]) {
      const r = await proc(args);
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.err, /^assistant-config: /, args.join(' '));
      assert.doesNotMatch(r.err, /internal error/, args.join(' '));
      assert.equal(r.out, '');
    }
  });
  it('--timeout-ms above 2^31-1 is a usage error, without a Node warning or a run', async () => {
    assert.ok(existsSync(cliPath), 'dist/cli.js is not built: run npm run build (npm test builds first)');
    const env = {
      ASSISTANT_BASE_URL: svc.url,
      ASSISTANT_TOKEN_REFRESH_URL: svc.tokenRefreshUrl,
      ASSISTANT_PROJECT_ID: svc.projectId,
      ASSISTANT_PAT: svc.pat,
    };
    const before = svc.requests.length;
    for (const args of [
      ['--timeout-ms', '99999999999'],
      ['--timeout-ms', String(2 ** 31), '--format', 'json'],
    ]) {
      const r = await proc(args, env);
      assert.equal(r.code, 2, r.out + r.err);
      assert.match(r.err, /--timeout-ms .*at most 2147483647/);
      assert.doesNotMatch(r.err, /TimeoutOverflowWarning|internal error/);
    }
    assert.equal(svc.requests.length, before, 'nothing was sent');
    const ok = await proc(['--timeout-ms', String(2 ** 31 - 1), '--format', 'json'], env);
    assert.equal(ok.err, '');
    assert.notEqual(ok.code, 2);
  });
  it('the settings step refuses a timeoutMs a timer cannot hold (the extension path)', async () => {
    const report = await runTestConnection(optionsFor(svc, { timeoutMs: 2 ** 31 }), credentialsOf(svc));
    leaks.add('report', report);
    assert.equal(report.steps[0]?.status, 'fail');
    assert.equal(report.steps[0]?.diagnosis, 'invalid-setting');
    assert.match(report.steps[0]?.message ?? '', /at most 2147483647/);
  });
});

describe('leak scan (review security)', () => {
  it('no credential in anything printed', () => {
    leaks.addSecrets(svc.pat, svc.apiKey, svc.dataToken, ...svc.issuedTokens);
    leaks.assertClean();
  });
});
