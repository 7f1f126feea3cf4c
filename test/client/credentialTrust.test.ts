// REVIEW4 G26: stored credentials (per machine) go only to addresses the user agreed to. An address
// that the workspace's settings name (a cloned repository's .vscode/settings.json) and that a
// credential was never sent to is asked about first; declined, nothing is sent. The Test Connection
// bundle (dist/client-connection.js) runs here against the `vscode` stub and the fake service.
import { describe, test, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { createVscodeStub } from '../../bench/client/vscode-stub.mjs';
import type { VscodeStub } from '../../bench/client/vscode-stub.mjs';
import { installStub, requireFresh } from '../../bench/client/load-client.mjs';
import { startFakeService } from '../connection/fakeService';
import type { FakeService } from '../connection/fakeService';
import { ROOT } from '../helpers';
import { approve, destinations, forget, question, unapproved } from '../../client/src/credentialTrust';
import type { AddressSetting } from '../../client/src/credentialTrust';
import type { ConnectionCommands } from '../../client/src/connectionTypes';

describe('which credential goes where (pure)', () => {
  const s = (name: AddressSetting['name'], value: string, source: AddressSetting['source']): AddressSetting => ({
    name,
    value,
    source,
  });
  const all = new Set(['pat', 'apiKey', 'dataToken'] as const);

  test('the PAT goes to the token refresh origin, the JWT it obtains and the API key to the base origin, the API key and data token to the program origin, the data token (relayed) to the data endpoint', () => {
    const ds = destinations(
      [
        s('tokenRefreshUrl', 'https://auth.example.com/v1/token', 'workspace'),
        s('baseUrl', 'https://api.example.com/v1/', 'user'),
        s('executeProgramUrl', 'https://run.example.com/x', 'workspace'),
        s('dataSourceUrl', 'https://data.example.com/v1/sql', 'workspace'),
      ],
      all,
    );
    assert.deepEqual(
      ds.map((d) => `${d.kind}@${d.origin}:${d.source}`),
      [
        'pat@https://auth.example.com:workspace',
        'jwt@https://api.example.com:user',
        'apiKey@https://api.example.com:user',
        'apiKey@https://run.example.com:workspace',
        'dataToken@https://run.example.com:workspace',
        'dataToken@https://data.example.com:workspace',
      ],
    );
  });

  test("REVIEW8 K12: a PAT kept for the user's own token refresh; a workspace names the base address: the JWT it obtains is asked about", () => {
    const ask = unapproved(
      destinations(
        [
          s('tokenRefreshUrl', 'https://auth.company.example/token/refresh', 'user'),
          s('baseUrl', 'https://evil.example/v1', 'workspace'),
          s('executeProgramUrl', '', 'user'),
        ],
        new Set(['pat'] as const),
      ),
      undefined,
    );
    assert.deepEqual(
      ask.map((d) => `${d.kind}@${d.origin}`),
      ['jwt@https://evil.example'],
    );
    assert.match(
      question(ask).detail,
      /https:\/\/evil\.example: a session token \(JWT\) obtained with your stored personal access token \(named by assistantConfig\.connection\.baseUrl\)/,
    );
    // A workspace's data endpoint, with the user's own program address: the relayed data token is asked about.
    const data = unapproved(
      destinations(
        [
          s('executeProgramUrl', 'https://run.company.example/x', 'user'),
          s('dataSourceUrl', 'https://evil.example/v1/sql', 'workspace'),
        ],
        new Set(['dataToken'] as const),
      ),
      undefined,
    );
    assert.deepEqual(
      data.map((d) => `${d.kind}@${d.origin}`),
      ['dataToken@https://evil.example'],
    );
  });

  test('credentials not stored, empty and malformed addresses send nothing, so nothing is asked', () => {
    const ds = destinations(
      [
        s('tokenRefreshUrl', 'not a url', 'workspace'),
        s('baseUrl', 'https://api.example.com', 'workspace'),
        s('executeProgramUrl', '', 'workspace'),
        // Without a program run the data endpoint receives nothing.
        s('dataSourceUrl', 'https://data.example.com/v1/sql', 'workspace'),
      ],
      new Set(['dataToken'] as const),
    );
    assert.deepEqual(ds, []);
  });

  test("only the workspace's addresses are asked about, each credential once per origin, and an answer is kept per credential", () => {
    const ds = destinations(
      [
        s('tokenRefreshUrl', 'https://h.example.com/t', 'workspace'),
        s('baseUrl', 'https://h.example.com/b', 'workspace'),
        s('executeProgramUrl', 'https://h.example.com/p', 'user'),
      ],
      all,
    );
    const ask = unapproved(ds, undefined);
    assert.deepEqual(
      ask.map((d) => `${d.kind}@${d.origin}`),
      ['pat@https://h.example.com', 'jwt@https://h.example.com', 'apiKey@https://h.example.com'],
    );
    const ok = approve(undefined, ask);
    assert.deepEqual(unapproved(ds, ok), []);
    // A new PAT (and so the JWTs it obtains) was sent nowhere: asked again; the API key's answer stands.
    assert.deepEqual(
      unapproved(ds, forget(ok, ['pat'])).map((d) => d.kind),
      ['pat', 'jwt'],
    );
    // Another origin for the same credential is asked.
    const other = destinations([s('tokenRefreshUrl', 'https://evil.example.net/t', 'workspace')], all);
    assert.equal(unapproved(other, ok).length, 1);
  });

  test('the question names each origin, the credentials and the settings, and nothing secret', () => {
    const q = question(
      unapproved(
        destinations(
          [
            s('tokenRefreshUrl', 'https://auth.example.com/t?k=1', 'workspace'),
            s('baseUrl', 'https://auth.example.com/b', 'workspace'),
          ],
          all,
        ),
        undefined,
      ),
    );
    assert.match(q.message, /this workspace's settings name/);
    assert.match(
      q.detail,
      /https:\/\/auth\.example\.com: your stored personal access token, a session token \(JWT\) obtained with your stored personal access token, your stored project API key \(named by assistantConfig\.connection\.tokenRefreshUrl, assistantConfig\.connection\.baseUrl\)/,
    );
    assert.doesNotMatch(q.detail, /k=1/);
  });
});

describe('Test Connection asks before a stored credential goes to a workspace-named address (stub + fake service)', () => {
  let svc: FakeService;
  let stub: VscodeStub;
  let uninstall: () => void;
  let commands: ConnectionCommands;
  let secrets: Map<string, string>;
  let global: Map<string, unknown>;
  let answer: string | undefined;

  before(async () => {
    svc = await startFakeService();
  });
  after(async () => {
    await svc.close();
  });

  const start = (where: 'workspace' | 'user'): void => {
    const addresses = {
      'assistantConfig.connection.baseUrl': svc.url,
      'assistantConfig.connection.tokenRefreshUrl': svc.tokenRefreshUrl,
      'assistantConfig.connection.projectId': svc.projectId,
    };
    stub = createVscodeStub({
      settings: where === 'user' ? addresses : {},
      workspaceSettings: where === 'workspace' ? addresses : {},
      answer: (_m, items) => (answer !== undefined && items.includes(answer) ? answer : undefined),
      inputBox: () => svc.pat,
    });
    uninstall = installStub(stub);
    secrets ??= new Map();
    global ??= new Map();
    const mod = requireFresh(join(ROOT, 'dist/client-connection.js')) as {
      createConnectionCommands(c: unknown, o: unknown, r: (x: unknown) => void): ConnectionCommands;
    };
    const output = (stub.vscode.window as { createOutputChannel(): unknown }).createOutputChannel();
    commands = mod.createConnectionCommands(stub.context(ROOT, new Map(), secrets, global), output, () => {});
  };
  const asked = (): string[] => stub.log.messages.filter((m) => m.options?.modal).map((m) => m.message);
  const sent = (): number => svc.calls.refresh + svc.calls.threads + svc.calls.program;

  beforeEach(() => {
    svc.calls.refresh = svc.calls.threads = svc.calls.program = 0;
  });
  afterEach(() => uninstall());

  test('declined: nothing reaches the service, and the output says why without any credential', async () => {
    secrets = new Map();
    global = new Map();
    start('workspace');
    await commands.setPersonalAccessToken();
    answer = undefined;
    await commands.testConnection();
    assert.equal(asked().length, 1);
    const modal = stub.log.messages.find((m) => m.options?.modal)!;
    assert.match(
      modal.options!.detail!,
      new RegExp(`${svc.origin.replace(/[.:/]/g, '\\$&')}: your stored personal access token`),
    );
    assert.equal(sent(), 0, 'a request was sent although the user declined');
    assert.ok(stub.log.output.some((l) => /was not agreed\. Nothing was sent\./.test(l)));
    assert.ok(
      !stub.log.output
        .concat(stub.log.messages.map((m) => `${m.message} ${m.options?.detail ?? ''}`))
        .some((l) => l.includes(svc.pat.slice(-8))),
    );
  });

  test('agreed: the run goes ahead, and the same address is not asked again', async () => {
    start('workspace');
    answer = 'Send';
    await commands.testConnection();
    assert.equal(asked().length, 1);
    assert.equal(svc.calls.refresh, 1, 'the token refresh should have run');
    uninstall();
    start('workspace');
    await commands.testConnection();
    assert.deepEqual(asked(), [], 'asked again about an address already agreed');
    assert.equal(svc.calls.refresh, 2);
  });

  test('storing the PAT anew forgets where the old one went: the address is asked again', async () => {
    start('workspace');
    answer = undefined;
    await commands.setPersonalAccessToken();
    await commands.testConnection();
    assert.equal(asked().length, 1);
    assert.equal(sent(), 0);
  });

  test("addresses in the user's own settings are not asked about", async () => {
    secrets = new Map();
    global = new Map();
    start('user');
    await commands.setPersonalAccessToken();
    answer = undefined;
    await commands.testConnection();
    assert.deepEqual(asked(), []);
    assert.equal(svc.calls.refresh, 1);
  });
});
