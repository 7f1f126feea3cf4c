// REVIEW10 L7: a `file:` URI with a host (`file://server/share/…`, how some clients on Linux or macOS
// name a network share) is no local path here. It threw: `initialize` failed for such a workspace
// folder (the server unusable), and a document of that name got no diagnostics (an unhandled rejection,
// "Validation failed") and no hover. It is now a document without a path, like an `untitled:` one.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Hover } from 'vscode-languageserver-protocol';
import { TestClient } from './lspClient';

const clients: TestClient[] = [];
after(() => clients.forEach((c) => c.kill()));

const TEXT = 'kind: AssistantConfig\nversion: v2\ndefinition:\n  llm:\n    provider: vendr_a\n';

for (const folder of [true, false]) {
  test(`a file://host/… ${folder ? 'workspace folder and ' : ''}document: initialized, diagnosed, hovered`, async () => {
    const root = 'file://server/share/project';
    const c = new TestClient(undefined, {
      configuration: true,
      ...(folder ? { rootUri: root, workspaceFolders: [{ uri: root, name: 'project' }] } : {}),
    });
    clients.push(c);
    await c.initialize();
    const uri = `${root}/prod.assistant.yaml`;
    await c.open(uri, TEXT);
    const p = await c.waitForDiagnostics(uri, (x) => x.diagnostics.length > 0);
    assert.deepEqual(
      p.diagnostics.map((d) => d.code),
      ['unknown-discriminator'],
    );
    const hover = await c.request<Hover | null>('textDocument/hover', {
      textDocument: { uri },
      position: { line: 4, character: 16 },
    });
    assert.ok(hover, 'a hover on the provider');
    // The other requests answer too.
    await c.request('textDocument/documentSymbol', { textDocument: { uri } });
    await c.request('textDocument/codeAction', {
      textDocument: { uri },
      range: p.diagnostics[0]!.range,
      context: { diagnostics: p.diagnostics },
    });
    assert.equal(await c.shutdown(), 0);
    assert.doesNotMatch(c.stderr, /unhandled|File URL host/i);
  });
}
