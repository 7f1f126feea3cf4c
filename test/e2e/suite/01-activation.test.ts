// Recognition and activation (issue 16), in a fresh window: the fixture workspace holds no file
// *named* like an AssistantConfig file, so nothing activates the extension at start-up. An
// unrelated YAML/JSON file opened first activates only the small client: it stays YAML/JSON and no
// language server process exists (checked in the process list). `config/prod.yaml`, which declares
// `kind: AssistantConfig`, opened next gets the language, a server and its diagnostics. The two
// "Treat this file as…" commands switch a file; 99-reload checks them again after a reload.
import * as vscode from 'vscode';
import {
  PROVIDERS,
  assert,
  assertEqual,
  completionsAt,
  describe,
  extension,
  hasCode,
  it,
  label,
  open,
  ours,
  revertAll,
  serverProcesses,
  waitFor,
  waitForActivation,
  waitForDiagnostics,
  waitForLanguage,
} from './harness';

describe('activation', () => {
  it('the extension is installed and not yet active', () => {
    assert(!extension().isActive, 'the extension is already active before any file was opened');
    assertEqual(serverProcesses(), [], 'language server processes before anything was opened');
  });

  it('an unrelated YAML or JSON file opened first keeps its language, and no language server process exists', async () => {
    const yaml = await open('workspace/unrelated.yaml');
    const json = await open('workspace/unrelated.json');
    // The extension activates on YAML/JSON (only its small client: the sniff and the commands).
    await waitForActivation();
    // A round trip through the extension host and the workbench: anything opening these files
    // would start has been dispatched by the time the answer comes back.
    const items = await completionsAt(yaml.uri, 7, 14);
    await completionsAt(json.uri, 2, 15);
    assertEqual(languageOf(yaml.uri), 'yaml', 'language of unrelated.yaml');
    assertEqual(languageOf(json.uri), 'json', 'language of unrelated.json');
    assertEqual(serverProcesses(), [], 'language server processes after opening unrelated files');
    assertEqual(
      items.map(label).filter((l) => PROVIDERS.includes(l)),
      [],
      'provider completions offered in unrelated.yaml',
    );
    assertEqual(ours(yaml.uri).length + ours(json.uri).length, 0, 'diagnostics on unrelated files');
  });

  it('config/prod.yaml with `kind: AssistantConfig`, the first such file, gets the language and its diagnostics', async () => {
    const doc = await waitForLanguage('workspace/config/prod.yaml', 'assistantconfig');
    const diags = await waitForDiagnostics(doc.uri, 'unknown-discriminator', hasCode('unknown-discriminator'));
    assertEqual(diags.find((d) => d.message.includes('vendr_a'))?.range.start.line, 7, 'line of the unknown provider');
    const procs = await waitFor(
      'a language server process',
      () => (serverProcesses().length > 0 ? serverProcesses() : undefined),
      (fire) => {
        const t = setInterval(fire, 200);
        return { dispose: () => clearInterval(t) };
      },
      () => 'none in the process list',
    );
    assertEqual(procs.length, 1, `language server processes (${procs.join(' | ')})`);
  });

  it('a file named like an AssistantConfig file gets its language too', async () => {
    const doc = await open('configs/valid.assistant.json');
    assertEqual(doc.languageId, 'assistantconfig-json', 'language of valid.assistant.json');
  });

  it('a plain YAML file with `kind: AssistantConfig` on its first line becomes AssistantConfig', async () => {
    await waitForLanguage('workspace/by-content.yaml', 'assistantconfig');
  });

  it('so does one whose `kind: AssistantConfig` comes after comments and other keys', async () => {
    await waitForLanguage('workspace/later-kind.yaml', 'assistantconfig');
  });

  it('leaves unrelated files alone while the server runs: no diagnostics, no completions', async () => {
    // The server answers documents in the order they were opened: once a later broken file has
    // its diagnostics, anything the unrelated files would have got has arrived too.
    const yaml = await open('workspace/unrelated.yaml');
    const json = await open('workspace/unrelated.json');
    const broken = await open('configs/broken-provider.assistant.yaml');
    await waitForDiagnostics(broken.uri, 'unknown-discriminator', hasCode('unknown-discriminator'));
    assertEqual(ours(yaml.uri).length, 0, 'diagnostics on unrelated.yaml');
    assertEqual(ours(json.uri).length, 0, 'diagnostics on unrelated.json');
    assertEqual(languageOf(yaml.uri), 'yaml', 'language of unrelated.yaml');
    assertEqual(languageOf(json.uri), 'json', 'language of unrelated.json');
    const labels = (await completionsAt(yaml.uri, 7, 14)).map(label);
    assertEqual(
      labels.filter((l) => PROVIDERS.includes(l)),
      [],
      'provider completions offered in unrelated.yaml',
    );
  });
});

describe('the two "Treat this file as…" commands', () => {
  it('"Treat this file as AssistantConfig" makes notes.yaml (no kind) an AssistantConfig file with diagnostics', async () => {
    const doc = await open('workspace/notes.yaml');
    assertEqual(doc.languageId, 'yaml', 'language of notes.yaml before the command');
    await vscode.commands.executeCommand('assistantConfig.treatAsAssistantConfig');
    const now = await waitForLanguage('workspace/notes.yaml', 'assistantconfig');
    await waitForDiagnostics(now.uri, 'kind-missing', hasCode('kind-missing'));
  });

  it('"Treat this file as plain YAML/JSON" makes deploy/plain-by-choice.yaml (with kind) plain YAML, without diagnostics', async () => {
    const doc = await waitForLanguage('workspace/deploy/plain-by-choice.yaml', 'assistantconfig');
    await vscode.commands.executeCommand('assistantConfig.treatAsPlain');
    const now = await waitForLanguage('workspace/deploy/plain-by-choice.yaml', 'yaml');
    await waitForDiagnostics(now.uri, 'no diagnostics', (ds) => ds.length === 0);
    assert(doc.uri.toString() === now.uri.toString(), 'the same file');
  });
});

describe('the quiet offer for a YAML file that reads like an AssistantConfig without kind', () => {
  it("its action switches the language and adds `kind: AssistantConfig` and `version: v2` where the server's fix puts them", async () => {
    const doc = await open('workspace/looks-like.yaml');
    assertEqual(doc.languageId, 'yaml', 'language of looks-like.yaml before the action');
    // What the language status item's action runs (the item itself is not readable through the API).
    await vscode.commands.executeCommand('assistantConfig.treatAsAssistantConfigAddHeader', doc.uri);
    const now = await waitForLanguage('workspace/looks-like.yaml', 'assistantconfig');
    // The server's kind-missing fix (REVIEW8 K16): after the comments and the `---` at the top, in
    // the one document (before it, the header was a document of its own and the config was ignored).
    assert(
      /^# An assistant config[^\n]*\n# It starts[^\n]*\n---\nkind: AssistantConfig\nversion: v2\ndefinition:/.test(
        now.getText(),
      ),
      `text now: ${JSON.stringify(now.getText().slice(0, 140))}`,
    );
    await revertAll();
  });
});

function languageOf(uri: vscode.Uri): string | undefined {
  return vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString())?.languageId;
}
