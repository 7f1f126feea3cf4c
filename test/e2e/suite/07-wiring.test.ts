// The rest of the client/server wiring: settings apply without a restart, the restart command,
// document symbols and formatting reach the server.
import * as vscode from 'vscode';
import {
  after,
  assert,
  assertEqual,
  codeOf,
  describe,
  fixtureUri,
  hasCode,
  it,
  lacksCode,
  open,
  revertAll,
  waitForDiagnostics,
} from './harness';

describe('wiring', () => {
  after(async () => {
    await vscode.workspace
      .getConfiguration('assistantConfig')
      .update('diagnostics.envNotSet', undefined, vscode.ConfigurationTarget.Global);
    await revertAll();
  });

  // This test found that the client sent no workspace/didChangeConfiguration (fixed in 256a33a).
  it('a setting applies without a restart (diagnostics.envNotSet hides and shows env-not-set)', async () => {
    const doc = await open('configs/missing-required.assistant.yaml');
    const ds = await waitForDiagnostics(doc.uri, 'env-not-set', hasCode('env-not-set'));
    assertEqual(
      ds.find((d) => codeOf(d) === 'env-not-set')?.severity,
      vscode.DiagnosticSeverity.Information,
      'severity of env-not-set',
    );
    const config = vscode.workspace.getConfiguration('assistantConfig');
    await config.update('diagnostics.envNotSet', false, vscode.ConfigurationTarget.Global);
    await waitForDiagnostics(
      doc.uri,
      'env-not-set gone with the setting off',
      (x) => lacksCode('env-not-set')(x) && hasCode('missing-required')(x),
    );
    await config.update('diagnostics.envNotSet', undefined, vscode.ConfigurationTarget.Global);
    await waitForDiagnostics(doc.uri, 'env-not-set back with the setting on', hasCode('env-not-set'));
  });

  // The client no longer watches .env itself: the server registers **/.env (and .gitignore, the
  // project config) and vscode-languageclient creates the watcher (REVIEW2 E21).
  it('a .env written on disk clears env-not-set, through the watcher the server registered', async () => {
    const dir = fixtureUri('workspace/envwatch');
    const file = vscode.Uri.joinPath(dir, 'w.assistant.yaml');
    try {
      await vscode.workspace.fs.writeFile(
        file,
        new TextEncoder().encode(
          'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendor_a\n    apiKey: {valueFromEnv: E2E_WATCHED_VAR}\n',
        ),
      );
      const doc = await vscode.workspace.openTextDocument(file);
      await vscode.window.showTextDocument(doc, { preview: false });
      await waitForDiagnostics(doc.uri, 'env-not-set before the .env exists', hasCode('env-not-set'));
      await vscode.workspace.fs.writeFile(
        vscode.Uri.joinPath(dir, '.env'),
        new TextEncoder().encode('E2E_WATCHED_VAR=1\n'),
      );
      await waitForDiagnostics(doc.uri, 'env-not-set gone once the .env is written', lacksCode('env-not-set'));
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      await vscode.workspace.fs.delete(dir, { recursive: true, useTrash: false });
    }
  });

  it('Restart Language Server: the new server checks the next edit', async () => {
    const doc = await open('configs/variant-keys.assistant.yaml');
    await waitForDiagnostics(doc.uri, 'missing-required', hasCode('missing-required'));
    await vscode.commands.executeCommand('assistantConfig.restartServer');
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, new vscode.Range(4, 14, 4, 22), 'vendr_a');
    assert(await vscode.workspace.applyEdit(edit), 'the edit was not applied');
    await waitForDiagnostics(doc.uri, 'unknown-discriminator after the restart', hasCode('unknown-discriminator'));
    await revertAll();
    await waitForDiagnostics(doc.uri, 'unknown-discriminator gone after revert', lacksCode('unknown-discriminator'));
  });

  it('document symbols follow the document', async () => {
    const doc = await open('configs/variant-keys.assistant.yaml');
    const symbols =
      (await vscode.commands.executeCommand<vscode.DocumentSymbol[]>(
        'vscode.executeDocumentSymbolProvider',
        doc.uri,
      )) ?? [];
    const names = (ss: vscode.DocumentSymbol[]): string[] => ss.flatMap((s) => [s.name, ...names(s.children ?? [])]);
    const all = names(symbols);
    for (const n of ['kind', 'version', 'definition', 'llm', 'provider', 'model'])
      assert(all.includes(n), `symbol ${n} missing from ${JSON.stringify(all)}`);
  });

  it('formatting keeps comments', async () => {
    const doc = await vscode.workspace.openTextDocument({
      language: 'assistantconfig',
      content:
        'kind: AssistantConfig   # the kind\nversion:    v2\ndefinition:\n    llm:\n        provider: hosted   # platform LLM\n',
    });
    const edits =
      (await vscode.commands.executeCommand<vscode.TextEdit[]>('vscode.executeFormatDocumentProvider', doc.uri, {
        tabSize: 2,
        insertSpaces: true,
      })) ?? [];
    const we = new vscode.WorkspaceEdit();
    we.set(doc.uri, edits);
    assert(await vscode.workspace.applyEdit(we), 'the formatting edits were not applied');
    const text = doc.getText();
    assert(/# the kind/.test(text) && /# platform LLM/.test(text), `comments lost:\n${text}`);
    assert(/^ {2}llm:$/m.test(text) && /^ {4}provider: hosted/m.test(text), `not re-indented to 2 spaces:\n${text}`);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('Format Selection formats the selected line only (REVIEW8 K13e)', async () => {
    const doc = await vscode.workspace.openTextDocument({
      language: 'assistantconfig',
      content: 'kind:    AssistantConfig\nversion: v2\ndefinition:\n  llm: {provider: hosted}\n  featureFlags: [ x ]\n',
    });
    const edits =
      (await vscode.commands.executeCommand<vscode.TextEdit[]>(
        'vscode.executeFormatRangeProvider',
        doc.uri,
        new vscode.Range(3, 2, 3, 8),
        { tabSize: 2, insertSpaces: true },
      )) ?? [];
    const we = new vscode.WorkspaceEdit();
    we.set(doc.uri, edits);
    assert(await vscode.workspace.applyEdit(we), 'the range formatting edits were not applied');
    const text = doc.getText();
    assertEqual(
      text,
      'kind:    AssistantConfig\nversion: v2\ndefinition:\n  llm: { provider: hosted }\n  featureFlags: [ x ]\n',
      'only the selected line formatted',
    );
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
