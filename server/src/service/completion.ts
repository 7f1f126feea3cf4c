// Completion: keys of the variant in force, discriminator and enum values with their documentation,
// snippets per variant, environment variable names. A pure function of the parsed document and an
// offset; the context comes from the cached tree and the text near the cursor (never a re-parse).
//
// For the protocol layer: multi-line `insertText` carries absolute indentation (the document's own
// unit), so it must be inserted as is (LSP `InsertTextMode.asIs`), not re-indented by the editor;
// `replace` is always on the cursor's line and contains the cursor; `retrigger` asks for completion
// again after insertion (`provider: ` → the providers).
import type { ParsedDocument } from '../parser/ast';
import type { CompletionResult, ServiceContext } from './types';
import { yamlContext } from './completion/yamlContext';
import { jsonContext } from './completion/jsonContext';
import { entriesFor } from './completion/entries';
import { aliasCompletion } from './completion/aliases';
import { eolOf } from '../parser/lineIndex';
import { documentAt } from '../parser/documents';

export function doComplete(file: ParsedDocument, offset: number, ctx: ServiceContext): CompletionResult {
  const at = Math.max(0, Math.min(offset, file.text.length));
  // An alias being typed (`*ma`, `<<: `): the anchors before the cursor, and nothing else — in the
  // document that holds it (a multi-document file's anchors do not reach across `---`).
  const aliases = aliasCompletion(documentAt(file, at), at);
  // Another AssistantConfig document of the file is completed on its own tree.
  const doc = documentAt(file, at, 'config');
  if (aliases) return { items: aliases, isIncomplete: false };
  const cursor = doc.language === 'json' ? jsonContext(doc, at) : yamlContext(doc, at);
  if (!cursor) return { items: [], isIncomplete: false };
  const items = entriesFor(cursor, doc.root, ctx.env);
  // Entries are built with `\n`; a CRLF document gets CRLF (editors other than VS Code insert the
  // text as it comes, and a mixed file is a diff nobody wants).
  if (eolOf(doc.text) === '\r\n')
    for (const e of items) {
      e.insertText = toCrlf(e.insertText);
      if (e.additionalEdits) e.additionalEdits = e.additionalEdits.map((t) => ({ ...t, newText: toCrlf(t.newText) }));
    }
  return { items, isIncomplete: false };
}

const toCrlf = (s: string): string => s.replace(/\r?\n/g, '\r\n');
