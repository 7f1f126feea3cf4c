// Diagnostics: codes, severities and exact ranges, waited for on onDidChangeDiagnostics; live
// updates on edits.
import * as vscode from 'vscode';
import {
  after,
  assert,
  assertEqual,
  codeOf,
  describe,
  hasCode,
  it,
  lacksCode,
  open,
  ours,
  rangeText,
  revertAll,
  showDiagnostics,
  waitForDiagnostics,
} from './harness';

interface Case {
  file: string;
  code: string;
  /** [startLine, startChar, endLine, endChar], zero-based. */
  range: [number, number, number, number];
  message: RegExp;
}

const CASES: Case[] = [
  {
    file: 'configs/broken-provider.assistant.yaml',
    code: 'unknown-discriminator',
    range: [4, 14, 4, 21],
    message: /vendr_a.*vendor_a/,
  },
  {
    file: 'configs/broken.assistant.json',
    code: 'unknown-discriminator',
    range: [4, 25, 4, 34],
    message: /vendr_b.*vendor_b/,
  },
  {
    file: 'configs/missing-required.assistant.yaml',
    code: 'missing-required',
    range: [3, 2, 3, 5],
    message: /cloud_b.*cloudProject/,
  },
  {
    file: 'configs/unknown-property.assistant.yaml',
    code: 'unknown-property',
    range: [5, 4, 5, 10],
    message: /hosted.*apiKey/,
  },
];

describe('diagnostics', () => {
  after(revertAll);

  for (const c of CASES) {
    it(`${c.file}: ${c.code} at ${c.range.join(':')}`, async () => {
      const doc = await open(c.file);
      const ds = await waitForDiagnostics(doc.uri, c.code, hasCode(c.code));
      const d = ds.find((x) => codeOf(x) === c.code)!;
      assertEqual(rangeText(d.range), rangeText(new vscode.Range(...c.range)), `range of ${c.code}`);
      assertEqual(d.severity, vscode.DiagnosticSeverity.Error, `severity of ${c.code}`);
      assert(
        c.message.test(d.message),
        `message of ${c.code} ${JSON.stringify(d.message)} does not match ${c.message}`,
      );
      assert(!/^\s*$/.test(doc.getText(d.range)), `the range of ${c.code} covers no text`);
    });
  }

  it('a valid file has none', async () => {
    const valid = await open('configs/valid.assistant.json');
    const byContent = await open('workspace/by-content.yaml');
    // Ordering barrier: a broken file opened after them has its diagnostics, so theirs are in.
    const broken = await open('configs/unknown-property.assistant.yaml');
    await waitForDiagnostics(broken.uri, 'unknown-property', hasCode('unknown-property'));
    assertEqual(showDiagnostics(ours(valid.uri)), 'no diagnostics', 'diagnostics of valid.assistant.json');
    assertEqual(showDiagnostics(ours(byContent.uri)), 'no diagnostics', 'diagnostics of by-content.yaml');
  });

  it("follow edits: fixing the provider clears the error and shows the new variant's requirement", async () => {
    const doc = await open('configs/broken-provider.assistant.yaml');
    await waitForDiagnostics(doc.uri, 'unknown-discriminator', hasCode('unknown-discriminator'));
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, new vscode.Range(4, 14, 4, 21), 'vendor_a');
    assert(await vscode.workspace.applyEdit(edit), 'the edit was not applied');
    const ds = await waitForDiagnostics(
      doc.uri,
      'unknown-discriminator gone, missing-required there',
      (x) => lacksCode('unknown-discriminator')(x) && hasCode('missing-required')(x),
    );
    const d = ds.find((x) => codeOf(x) === 'missing-required')!;
    assert(
      /vendor_a.*apiKey/.test(d.message),
      `message ${JSON.stringify(d.message)} names neither the variant nor apiKey`,
    );
    assertEqual(rangeText(d.range), '3:2-3:5', 'range of missing-required (the llm key)');
    await revertAll();
    await waitForDiagnostics(doc.uri, 'unknown-discriminator back after revert', hasCode('unknown-discriminator'));
  });
});
