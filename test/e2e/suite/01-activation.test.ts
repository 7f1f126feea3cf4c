// Activation: the fixture workspace holds no file *named* like an AssistantConfig file, so nothing
// activates the extension at start-up; opening an unrelated YAML/JSON file must not activate it,
// opening an AssistantConfig file must; once active, plain YAML files that declare
// `kind: AssistantConfig` become AssistantConfig documents.
import * as vscode from 'vscode';
import { PROVIDERS, assert, assertEqual, completionsAt, describe, extension, hasCode, it, label, open, ours, waitFor, waitForActivation, waitForDiagnostics } from './harness';

/** Waits until the open document at `rel` has the language `languageId` (content detection). */
async function languageBecomes(rel: string, languageId: string): Promise<vscode.TextDocument> {
  const first = await open(rel);
  const uri = first.uri.toString();
  return waitFor(
    `${rel} to become ${languageId}`,
    () => vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri && d.languageId === languageId),
    (fire) => vscode.workspace.onDidOpenTextDocument(fire),
    () => `language now: ${vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri)?.languageId}`,
  );
}

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

  // VS Code's `firstLine` never overrides a file extension that another language claims (.yaml,
  // .json), so a plain `project.yaml` that declares `kind: AssistantConfig` stays `yaml` and
  // nothing activates the extension; its content detection only runs once it is active. Making
  // this pass needs an `onLanguage:yaml`/`onLanguage:json` activation, which contradicts the test
  // above: a product decision, reported, so pending here.
  it('KNOWN GAP: a plain .yaml file that declares `kind: AssistantConfig` activates the extension by itself');

  it('activates on a file named like an AssistantConfig file', async () => {
    const doc = await open('configs/valid.assistant.json');
    assertEqual(doc.languageId, 'assistantconfig-json', 'language of valid.assistant.json');
    await waitForActivation();
  });

  it('once active, a plain YAML file with `kind: AssistantConfig` on its first line becomes AssistantConfig', async () => {
    await languageBecomes('workspace/by-content.yaml', 'assistantconfig');
  });

  it('once active, so does one whose `kind: AssistantConfig` is on a later line', async () => {
    await languageBecomes('workspace/later-kind.yaml', 'assistantconfig');
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
    assertEqual(json.languageId, 'json', 'language of unrelated.json');
    const labels = (await completionsAt(yaml.uri, 7, 14)).map(label);
    assertEqual(labels.filter((l) => PROVIDERS.includes(l)), [], 'provider completions offered in unrelated.yaml');
  });
});
