// Applying LSP text edits as Neovim's vim.lsp.util.apply_text_edits does (REVIEW16-user N1): sorted by
// start position, last first, and at one position the later in the array first; each applied to the
// text as it then is, at its line and column. VS Code sorts edits itself, so only this shows an order
// other editors would apply wrongly.
import type { TextEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';

export function neovimApply(text: string, edits: readonly TextEdit[]): string {
  const order = edits
    .map((e, i) => ({ e, i }))
    .sort(
      (a, b) =>
        b.e.range.start.line - a.e.range.start.line ||
        b.e.range.start.character - a.e.range.start.character ||
        b.i - a.i,
    );
  let out = text;
  for (const { e } of order) {
    const doc = TextDocument.create('file:///x', 'yaml', 0, out);
    out = out.slice(0, doc.offsetAt(e.range.start)) + e.newText + out.slice(doc.offsetAt(e.range.end));
  }
  return out;
}
