// After a reload of the window (see index.ts and the runner): the choices made with the two
// "Treat this file as…" commands in 01-activation are still in force.
import * as vscode from 'vscode';
import {
  assertEqual,
  completionsAt,
  describe,
  hasCode,
  it,
  open,
  waitForActivation,
  waitForDiagnostics,
  waitForLanguage,
} from './harness';

describe('the "Treat this file as…" choices', () => {
  it('notes.yaml (no kind) is AssistantConfig again, with its diagnostics', async () => {
    const doc = await waitForLanguage('workspace/notes.yaml', 'assistantconfig');
    await waitForDiagnostics(doc.uri, 'kind-missing', hasCode('kind-missing'));
  });

  it('deploy/plain-by-choice.yaml (with kind) stays plain YAML', async () => {
    const doc = await open('workspace/deploy/plain-by-choice.yaml');
    await waitForActivation();
    // A round trip through the extension host: a language switch it would make has been made.
    await completionsAt(doc.uri, 0, 0);
    const now = vscode.workspace.textDocuments.find((d) => d.uri.toString() === doc.uri.toString());
    assertEqual(now?.languageId, 'yaml', 'language of plain-by-choice.yaml');
  });
});
