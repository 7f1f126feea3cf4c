// The editor's Test Connection refuses a document with syntax errors, as the CLI refuses
// `--config` with one (exit 2, nothing sent): the provider that error recovery guessed is not what
// was meant. The Test Connection bundle (dist/client-connection.js) runs here against a small stub
// of the `vscode` module, with the settings pointing at a fake service that counts requests; what
// the document says is read by the language server (dist/server.js over stdio), as in the editor.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { installStub, requireFresh } from '../../bench/client/load-client.mjs';
import type { VscodeStub } from '../../bench/client/vscode-stub.mjs';
import { startFakeService } from '../connection/fakeService';
import type { FakeService } from '../connection/fakeService';
import { ROOT } from '../helpers';
import { TestClient } from '../protocol/lspClient';
import { CONNECTION_CONFIG_REQUEST } from '../../server/src/shared';
import type { ConnectionConfigFacts, ConnectionConfigParams } from '../../server/src/shared';

interface ConnectionModule {
  createConnectionCommands(
    context: unknown,
    output: unknown,
    onResult: (r: { ok: boolean; summary: string }) => void,
    readConfig: (p: ConnectionConfigParams) => Promise<ConnectionConfigFacts | null>,
  ): { testConnection(): Promise<void> };
}

let svc: FakeService;
let server: TestClient;
/** The front's reader: the language server's answer (what the desktop and web clients send). */
const serverReads = (p: ConnectionConfigParams): Promise<ConnectionConfigFacts | null> =>
  server.request<ConnectionConfigFacts | null>(CONNECTION_CONFIG_REQUEST, p);
before(async () => {
  svc = await startFakeService();
  server = new TestClient(join(ROOT, 'dist/server.js'));
  await server.initialize();
});
after(async () => {
  await svc.close();
  server.kill();
});

/** Runs the command with `text` as the active document; what it showed and logged. */
async function run(
  languageId: string,
  text: string,
  readConfig = serverReads,
): Promise<{ warnings: string[]; infos: string[]; log: string[]; results: boolean[] }> {
  const warnings: string[] = [];
  const infos: string[] = [];
  const log: string[] = [];
  const results: boolean[] = [];
  const settings: Record<string, string> = {
    baseUrl: svc.url,
    tokenRefreshUrl: svc.tokenRefreshUrl,
    projectId: svc.projectId,
  };
  const secrets: Record<string, string> = {};
  const vscode = {
    version: '1.96.0',
    ProgressLocation: { Notification: 15 },
    window: {
      activeTextEditor: {
        document: {
          languageId,
          uri: { path: `/w/app.${languageId.endsWith('json') ? 'json' : 'yaml'}` },
          getText: () => text,
        },
      },
      showWarningMessage: (m: string) => (warnings.push(m), Promise.resolve(undefined)),
      showInformationMessage: (m: string) => (infos.push(m), Promise.resolve(undefined)),
      withProgress: (_o: unknown, task: (p: unknown, t: unknown) => Promise<unknown>) =>
        task({ report: () => undefined }, { onCancellationRequested: () => ({ dispose: () => undefined }) }),
    },
    workspace: {
      isTrusted: true,
      getConfiguration: (section: string) => ({
        get: (key: string) => (section === 'assistantConfig.connection' ? settings[key] : undefined),
        // Every setting is the user's own (no workspace value): Test Connection does not ask before sending.
        inspect: () => undefined,
      }),
    },
  };
  const uninstall = installStub({ vscode } as unknown as VscodeStub);
  try {
    const mod = requireFresh(join(ROOT, 'dist/client-connection.js')) as ConnectionModule;
    const context = {
      globalState: { get: () => undefined, update: () => Promise.resolve() },
      secrets: {
        get: (k: string) => Promise.resolve(secrets[k] ?? (k.endsWith('pat') ? svc.pat : undefined)),
        store: () => Promise.resolve(),
        delete: () => Promise.resolve(),
      },
    };
    const output = {
      info: (m: string) => log.push(m),
      warn: (m: string) => log.push(m),
      error: (m: string) => log.push(m),
      show: () => undefined,
    };
    await mod.createConnectionCommands(context, output, (r) => results.push(r.ok), readConfig).testConnection();
  } finally {
    uninstall();
  }
  return { warnings, infos, log, results };
}

describe("the editor's Test Connection and a document with syntax errors", () => {
  it('refuses, naming the first error line, and sends nothing (YAML and JSON)', async () => {
    for (const [languageId, text, line] of [
      [
        'assistantconfig',
        'kind: AssistantConfig\nversion: v2\ndefinition:\n  aiPrimitivesLlm: {provider: hosted\n  x: [1, 2\n',
        5,
      ],
      [
        'assistantconfig-json',
        '{\n  "kind": "AssistantConfig",\n  "version": "v2",\n  "definition": {\n    "aiPrimitivesLlm": { "provider": "vendor_a", }\n    oops\n}\n',
        6,
      ],
    ] as const) {
      const before = svc.requests.length;
      const r = await run(languageId, text);
      assert.equal(svc.requests.length, before, `${languageId}: nothing is sent`);
      assert.equal(r.warnings.length, 1, languageId);
      assert.match(
        r.warnings[0]!,
        new RegExp(`has a syntax error at line ${line}, column \\d+: .*nothing was sent`),
        languageId,
      );
      assert.match(r.warnings[0]!, /app\.(yaml|json)/);
      assert.ok(
        r.log.some((l) => l.includes('was not run')),
        languageId,
      );
      assert.deepEqual(r.results, [], 'the status item keeps its last result');
    }
  });
  it('a clean document is tested as before', async () => {
    const before = svc.requests.length;
    const r = await run(
      'assistantconfig',
      'kind: AssistantConfig\nversion: v2\ndefinition:\n  aiPrimitivesLlm:\n    provider: hosted\n',
    );
    assert.ok(svc.requests.length > before, 'requests were sent');
    assert.deepEqual(
      r.warnings.filter((w) => w.includes('syntax error')),
      [],
    );
    assert.equal(r.results.length, 1);
  });
});

describe("the editor's Test Connection and a provider typo in the active document (REVIEW8 K7)", () => {
  it('runs the steps that do not send the provider, and names the document and line of the typo', async () => {
    const before = svc.requests.length;
    const r = await run(
      'assistantconfig',
      'kind: AssistantConfig\nversion: v2\ndefinition:\n  aiPrimitivesLlm:\n    provider: vendr_a\n',
    );
    assert.ok(svc.requests.length > before, 'token refresh and the listing were sent');
    assert.deepEqual(r.results, [true], 'no program-execution address: the provider is not sent, the run passes');
    const report = r.log.join('\n');
    assert.match(report, /PASS {2}Token refresh/);
    assert.match(report, /aiPrimitivesLlm\.provider in app\.yaml, line 5\), 'vendr_a', is not a provider/);
    assert.doesNotMatch(report, /Correct the setting named above/);
  });
});

describe("the editor's Test Connection when the language server cannot read the document", () => {
  it('refuses, says why and what to do, and sends nothing (no provider guessed)', async () => {
    const text = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  aiPrimitivesLlm:\n    provider: vendor_a\n';
    for (const [reader, why] of [
      [() => Promise.reject(new Error('Client is not running')), /did not answer \(Client is not running\)/],
      [() => Promise.resolve(null), /could not read it/],
    ] as const) {
      const before = svc.requests.length;
      const r = await run('assistantconfig', text, reader);
      assert.equal(svc.requests.length, before, 'nothing is sent');
      assert.equal(r.warnings.length, 1);
      assert.match(r.warnings[0]!, /the language server, which reads the provider in app\.yaml, /);
      assert.match(r.warnings[0]!, why);
      assert.match(r.warnings[0]!, /Restart Language Server.*nothing was sent/);
      assert.deepEqual(r.results, []);
    }
  });
  it('a document that is not AssistantConfig is not asked about (the run tests `hosted`)', async () => {
    let asked = 0;
    const before = svc.requests.length;
    const r = await run('yaml', 'a: 1\n', (p) => (asked++, serverReads(p)));
    assert.equal(asked, 0);
    assert.ok(svc.requests.length > before);
    assert.equal(r.results.length, 1);
  });
});
