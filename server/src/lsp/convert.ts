// Service results (offsets) ↔ protocol types (ranges). The only place that knows both.
import type { TextDocument } from 'vscode-languageserver-textdocument';
import {
  DiagnosticSeverity,
  CompletionItemKind,
  InsertTextFormat,
  InsertTextMode,
  SymbolKind,
  DiagnosticRelatedInformation,
  Location,
} from 'vscode-languageserver';
import type {
  Diagnostic as LspDiagnostic,
  Range,
  TextEdit as LspTextEdit,
  CompletionItem,
  DocumentSymbol,
} from 'vscode-languageserver';
import type {
  Diagnostic,
  Severity,
  TextEdit,
  CompletionEntry,
  SymbolEntry,
  CompletionKind,
  SymbolKind as SvcSymbolKind,
} from '../service';
// Light modules imported directly: importing the index would load the whole service at startup.
import { SOURCE } from '../service/codes';
import { snippetToPlain } from './plainText';

export function toRange(doc: TextDocument, offset: number, length: number): Range {
  return { start: doc.positionAt(offset), end: doc.positionAt(offset + length) };
}

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** `docsBase`: where docs/codes/<code>.md pages live (a file: URL of the installed package, or the repository). */
/**
 * `mask`: what hides the document's secrets in the messages (the service's messageMasker for the
 * document and this diagnostic's ranges): a message may quote a value of the document, and a literal
 * in a credential field is no less a secret for not looking like one.
 */
export function toLspDiagnostic(
  doc: TextDocument,
  d: Diagnostic,
  mask: (message: string) => string,
  docsBase?: string,
): LspDiagnostic {
  const out: LspDiagnostic = {
    range: toRange(doc, d.offset, d.length),
    severity: SEVERITY[d.severity],
    code: d.code,
    source: SOURCE,
    // A message that quotes a secret (`Unknown provider 'sk-…'`, `found the number 12345678` under
    // `value:`) masks it, as the CLI does.
    message: mask(d.message),
  };
  if (docsBase) out.codeDescription = { href: `${docsBase}${d.code}.md` };
  if (d.related)
    out.relatedInformation = d.related.map((r) =>
      DiagnosticRelatedInformation.create(Location.create(doc.uri, toRange(doc, r.offset, r.length)), mask(r.message)),
    );
  // `data` travels to the client (and into its protocol trace, Neovim's lsp.log): the key it names
  // may be a credential pasted as a key (REVIEW5 H7), so its strings are masked as messages are. The
  // server's code actions read the diagnostics it computed itself, never this copy.
  if (d.data) out.data = maskStrings(d.data, mask);
  return out;
}

/** A copy of a plain value with every string in it masked. */
function maskStrings<T>(value: T, mask: (text: string) => string): T {
  if (typeof value === 'string') return mask(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => maskStrings(v, mask)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = maskStrings(v, mask);
    return out as T;
  }
  return value;
}

export function toLspEdit(doc: TextDocument, e: TextEdit): LspTextEdit {
  return { range: toRange(doc, e.offset, e.length), newText: e.newText };
}

/**
 * The edits of one change, in the order LSP asks for: by position, and where edits start at the same
 * place, the inserts first (in the order given: their texts follow each other so) and then at most one
 * removal or replacement. The service's own applyEdits (what `lint --fix` and the tests apply) reads
 * them in that order whatever the array's; VS Code sorts them itself, but Neovim, Helix and
 * vscode-languageserver-textdocument take the array as the spec says. A move whose new place is where
 * the moved line was (`maxItems:` dedented right below its block: remove the line, insert it indented,
 * both at its start) was sent remove-first: Neovim's apply_text_edits then put the line back where it
 * was (the fix did nothing) and TextDocument.applyEdits refused it as overlapping.
 */
export function toLspEdits(doc: TextDocument, edits: readonly TextEdit[]): LspTextEdit[] {
  return edits
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.offset - b.e.offset || a.e.length - b.e.length || a.i - b.i)
    .map(({ e }) => toLspEdit(doc, e));
}

const COMPLETION_KIND: Record<CompletionKind, CompletionItemKind> = {
  property: CompletionItemKind.Property,
  value: CompletionItemKind.Value,
  enum: CompletionItemKind.EnumMember,
  snippet: CompletionItemKind.Snippet,
  variable: CompletionItemKind.Variable,
  keyword: CompletionItemKind.Keyword,
  module: CompletionItemKind.Module,
  reference: CompletionItemKind.Reference,
};

/** What the client declared that completion items depend on. */
export interface CompletionClient {
  /** `completionItem.snippetSupport`: without it a snippet is sent as the plain text it inserts. */
  snippets: boolean;
  /** Whether the client runs `editor.action.triggerSuggest` itself (VS Code): the item's command after a key. */
  retrigger: boolean;
}

export function toCompletionItem(doc: TextDocument, e: CompletionEntry, client: CompletionClient): CompletionItem {
  // A client without snippet support inserts newText as it stands: `${1:<modelId>}` would stay in the
  // file. It gets the text with the tab stops' defaults (`<modelId>`, which keeps its diagnostic).
  const snippet = e.snippet && client.snippets;
  const newText = e.snippet && !client.snippets ? snippetToPlain(e.insertText) : e.insertText;
  const item: CompletionItem = {
    label: e.label,
    kind: COMPLETION_KIND[e.kind],
    textEdit: { range: toRange(doc, e.replace.offset, e.replace.length), newText },
    insertTextFormat: snippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
    // Multi-line insertions already carry the document's indentation.
    insertTextMode: InsertTextMode.asIs,
  };
  if (e.detail) item.detail = e.detail;
  if (e.sortText) item.sortText = e.sortText;
  if (e.filterText) item.filterText = e.filterText;
  if (e.preselect) item.preselect = true;
  if (e.retrigger && client.retrigger) item.command = { title: 'Suggest', command: 'editor.action.triggerSuggest' };
  if (e.additionalEdits)
    item.additionalTextEdits = e.additionalEdits.map((x) => ({
      range: toRange(doc, x.offset, x.length),
      newText: x.newText,
    }));
  return item;
}

const SYMBOL_KIND: Record<SvcSymbolKind, SymbolKind> = {
  object: SymbolKind.Module,
  array: SymbolKind.Array,
  string: SymbolKind.String,
  number: SymbolKind.Number,
  boolean: SymbolKind.Boolean,
  null: SymbolKind.Null,
  key: SymbolKind.Key,
};

export function toDocumentSymbol(doc: TextDocument, s: SymbolEntry): DocumentSymbol {
  const range = toRange(doc, s.offset, s.length);
  const sel = toRange(doc, s.selectionOffset, s.selectionLength);
  const out: DocumentSymbol = {
    name: s.name,
    kind: SYMBOL_KIND[s.kind],
    range,
    selectionRange: sel,
    children: s.children.map((c) => toDocumentSymbol(doc, c)),
  };
  if (s.detail) out.detail = s.detail;
  return out;
}
