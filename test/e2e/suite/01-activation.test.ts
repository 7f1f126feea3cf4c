// Activation: the fixture workspace holds no file *named* like an AssistantConfig file, so nothing
// activates the extension at start-up; opening an unrelated YAML/JSON file must not activate it,
// opening an AssistantConfig file must.
import * as vscode from 'vscode';
import { PROVIDERS, assert, assertEqual, completionsAt, describe, extension, it, label, open, ours, waitFor, waitForActivation, waitForDiagnostics, hasCode } from './harness';

describe('activation', () => {
  it('the extension is installed and not yet active', () => {
    assert(!extension().isActive, 'the extension is already active before any AssistantConfig file was opened');
  });

  it('opening unrelated YAML and JSON files does not activate it, and they keep their language', async () => {
    const yaml = await open('workspace/unrelated.yaml');
    const json = await open('workspace/unrelated.json');
    assertEqual(yaml.languageId, 'yaml', 'language of unrelated.yaml');
    assertEqual(json.languageId, 'json', 'language of unrelated.json');
    // A round trip through the extension host and the workbench: any activation that opening these
    // files would request has been dispatched by the time the answer comes back.
    const items = await completionsAt(yaml.uri, 7, 14);
    await completionsAt(json.uri, 2, 15);
    assert(!extension().isActive, 'the extension activated on an unrelated YAML/JSON file');
    const leaked = items.map(label).filter((l) => PROVIDERS.includes(l));
    assertEqual(leaked, [], 'provider completions offered in unrelated.yaml');
  });

  it('activates on a file that says `kind: AssistantConfig` on its first line', async () => {
    const doc = await open('workspace/by-content.yaml');
    assertEqual(doc.languageId, 'assistantconfig', 'language of by-content.yaml');
    await waitForActivation();
  });

  it('once active, recognises a plain YAML file whose `kind: AssistantConfig` is on a later line', async () => {
    const before = await open('workspace/later-kind.yaml');
    const uri = before.uri.toString();
    const doc = await waitFor(
      'later-kind.yaml to become an AssistantConfig document',
      () => vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri && d.languageId === 'assistantconfig'),
      (fire) => vscode.workspace.onDidOpenTextDocument(fire),
      () => `language now: ${vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri)?.languageId}`,
    );
    assertEqual(doc.languageId, 'assistantconfig', 'language of later-kind.yaml');
  });

  it('while active, leaves unrelated files alone: no diagnostics, no completions', async () => {
    // The server answers documents in the order they were opened: once a later broken file has
    // its diagnostics, anything the unrelated files would have got has arrived too.
    const yaml = await open('workspace/unrelated.yaml');
    const json = await open('workspace/unrelated.json');
    const broken = await open('configs/broken-provider.assistant.yaml');
    await waitForDiagnostics(broken.uri, 'unknown-discriminator', hasCode('unknown-discriminator'));
    assertEqual(ours(yaml.uri).length, 0, 'diagnostics on unrelated.yaml');
    assertEqual(ours(json.uri).length, 0, 'diagnostics on unrelated.json');
    assertEqual(yaml.languageId, 'yaml', 'language of unrelated.yaml');
    const labels = (await completionsAt(yaml.uri, 7, 14)).map(label);
    assertEqual(labels.filter((l) => PROVIDERS.includes(l)), [], 'provider completions offered in unrelated.yaml');
  });
});
