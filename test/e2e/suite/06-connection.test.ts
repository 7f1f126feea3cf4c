// Test Connection against the fake service (test/connection/fakeService.ts, started here in the
// extension host on 127.0.0.1). The personal access token goes into SecretStorage through the
// extension's own command: the UI driver types it into the input box the command opens, as a user
// would. The outcome is read from the summary notification and from what the fake service saw.
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { FakeService } from '../../connection/fakeService';
import { startFakeService } from '../../connection/fakeService';
import { after, assert, before, describe, driver, hasDriver, it, open } from './harness';

const RESULTS_DIR = path.dirname(process.env.E2E_RESULTS ?? path.resolve(__dirname, '../../../../test-results/x'));
const SETTINGS = ['baseUrl', 'tokenRefreshUrl', 'projectId'] as const;

async function setPat(value: string): Promise<void> {
  const command = vscode.commands.executeCommand('assistantConfig.setPersonalAccessToken');
  await driver('type-input', { title: 'Set Personal Access Token', text: value });
  await command;
}

/**
 * Runs Test Connection and returns the text of its summary notification, which must say `outcome`
 * (the summary of an earlier run may still be fading out, so the outcome is part of the pattern).
 */
async function testConnection(outcome: 'passed' | 'failed', svc?: FakeService): Promise<string> {
  await vscode.commands.executeCommand('notifications.clearAll');
  // With the notification center open, every notification is listed there (a toast can vanish
  // when notifications come and go quickly).
  await vscode.commands.executeCommand('notifications.showList');
  let settled = false;
  let failure: unknown;
  const command = Promise.resolve(vscode.commands.executeCommand('assistantConfig.testConnection')).then(
    () => void (settled = true),
    (e) => void ((settled = true), (failure = e)),
  );
  let text: string;
  try {
    text = await driver<string>(
      'wait-notification',
      {
        pattern: `AssistantConfig Test Connection: .*${outcome}`,
        failureShot: path.join(RESULTS_DIR, `connection-${outcome}-failure.png`),
      },
      40_000,
    );
  } catch (e) {
    throw new Error(
      `${String(e)}; the command ${settled ? `finished${failure ? ` with ${String(failure)}` : ''}` : 'is still running'}; the fake service saw ${JSON.stringify(svc?.calls)}`,
    );
  }
  // The command resolves when its summary notification closes (it offers "Show Output").
  for (let i = 0; i < 100 && !settled; i++) {
    await vscode.commands.executeCommand('notifications.clearAll');
    await Promise.race([command, new Promise((r) => setTimeout(r, 100))]);
  }
  await vscode.commands.executeCommand('notifications.hideList');
  assert(settled, 'the Test Connection command did not finish after its notification was closed');
  return text;
}

describe('test connection', function () {
  this.timeout(120_000);
  let svc: FakeService | undefined;

  before(async function () {
    if (!hasDriver()) this.skip();
    svc = await startFakeService();
    const c = vscode.workspace.getConfiguration('assistantConfig.connection');
    await c.update('baseUrl', svc.url, vscode.ConfigurationTarget.Global);
    await c.update('tokenRefreshUrl', svc.tokenRefreshUrl, vscode.ConfigurationTarget.Global);
    await c.update('projectId', svc.projectId, vscode.ConfigurationTarget.Global);
    await open('configs/valid.assistant.json');
  });

  after(async () => {
    if (!svc) return;
    await vscode.commands.executeCommand('assistantConfig.clearCredentials');
    await vscode.commands.executeCommand('notifications.clearAll');
    const c = vscode.workspace.getConfiguration('assistantConfig.connection');
    for (const k of SETTINGS) await c.update(k, undefined, vscode.ConfigurationTarget.Global);
    await svc.close();
  });

  it('succeeds against the fake service with the right credentials', async () => {
    await setPat(svc!.pat);
    const text = await testConnection('passed', svc);
    assert(/passed/.test(text) && !/failed/.test(text), `summary: ${JSON.stringify(text)}`);
    assert(svc!.calls.refresh >= 1, 'the token refresh was not called');
    assert(svc!.calls.threads >= 1, 'the live query was not made');
    assert(!text.includes(svc!.pat), 'the notification shows the PAT');
  });

  it('reports the failure with a wrong personal access token', async () => {
    const wrong = `${svc!.pat.slice(0, -4)}XXXX`;
    await setPat(wrong);
    const threadsBefore = svc!.calls.threads;
    const refreshBefore = svc!.calls.refresh;
    const text = await testConnection('failed', svc);
    assert(/failed/.test(text), `summary: ${JSON.stringify(text)}`);
    assert(/token|PAT|401|refresh/i.test(text), `the summary does not say what failed: ${JSON.stringify(text)}`);
    assert(svc!.calls.refresh > refreshBefore, 'the token refresh was not tried');
    assert(svc!.calls.threads === threadsBefore, 'a live query was made without a token');
    assert(!text.includes(wrong), 'the notification shows the PAT');
  });
});
