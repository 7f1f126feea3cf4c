// REVIEW4 G30: every request said `User-Agent: undici`. Now each names the product, its version and
// what ran the test, on the CLI (a real process) and in the editor's path (runTestConnection with
// the client the extension passes); the spec's own headers are unchanged. (The web extension's
// fetch sends the browser's User-Agent: see fetchBrowser.test.ts.)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { runTestConnection, userAgent } from '../../server/src/connection';
import { startFakeService } from './fakeService';
import type { FakeService } from './fakeService';
import { credentialsOf, optionsFor, runTestConnectionProcess } from './helpers';

const VERSION = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
let svc: FakeService;
before(async () => {
  svc = await startFakeService();
});
after(async () => {
  await svc.close();
});

describe('G30: the User-Agent of Test Connection', () => {
  it('names the product, its version and the client; nothing a header cannot carry', () => {
    assert.equal(userAgent('cli'), `assistant-config/${VERSION} (test-connection; cli)`);
    assert.equal(userAgent(), `assistant-config/${VERSION} (test-connection)`);
    assert.equal(userAgent('vscode 1.96.0\n(x)'), `assistant-config/${VERSION} (test-connection; vscode 1.96.0x)`);
  });
  it("the editor's path: every request carries it, beside the spec's headers", async () => {
    svc.requests.length = 0;
    const report = await runTestConnection(optionsFor(svc, { client: 'vscode 1.96.0' }), credentialsOf(svc));
    assert.equal(report.ok, true, JSON.stringify(report.steps));
    assert.equal(svc.requests.length, 4);
    for (const r of svc.requests) {
      assert.equal(r.headers['user-agent'], `assistant-config/${VERSION} (test-connection; vscode 1.96.0)`, r.path);
      assert.match(String(r.headers['content-type']), /^application\/json/, r.path);
    }
    const refresh = svc.requests[0]!;
    assert.equal(refresh.method, 'POST');
    assert.match(String(refresh.headers.authorization), /^pat /);
    assert.equal(refresh.headers['x-platform-project-id'], svc.projectId);
  });
  it('the CLI (a real process) sends it on every request', async () => {
    svc.requests.length = 0;
    const run = await runTestConnectionProcess(
      [],
      {
        ASSISTANT_BASE_URL: svc.url,
        ASSISTANT_TOKEN_REFRESH_URL: svc.tokenRefreshUrl,
        ASSISTANT_PROJECT_ID: svc.projectId,
        ASSISTANT_PAT: svc.pat,
        ASSISTANT_API_KEY: svc.apiKey,
      },
      () => undefined,
    );
    assert.equal(run.code, 0, run.out + run.err);
    assert.equal(svc.requests.length, 3);
    for (const r of svc.requests)
      assert.equal(r.headers['user-agent'], `assistant-config/${VERSION} (test-connection; cli)`, r.path);
  });
});
