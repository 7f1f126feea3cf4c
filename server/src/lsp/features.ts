// Editor features beyond diagnostics and completion: anchors and aliases (definition, references,
// highlights, rename). Each handler converts between protocol ranges and the service's offsets.
import { ResponseError, ErrorCodes, DocumentHighlightKind } from 'vscode-languageserver';
import type { Connection, CancellationToken, Location, DocumentHighlight, WorkspaceEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ParsedDocument } from '../service';
import type * as EngineModule from './engine';
import { toRange, toLspEdit } from './convert';

export interface FeatureHost {
  connection: Connection;
  /** A guarded handler body that runs once the engine is loaded. */
  safe<T>(name: string, fallback: T, token: CancellationToken, fn: () => T): Promise<T | ResponseError<void>>;
  engine(): typeof EngineModule;
  /** The open AssistantConfig document with that uri and its parsed tree. */
  withDoc<T>(uri: string, fallback: T, fn: (doc: TextDocument, parsed: ParsedDocument) => T): T;
}

export function registerAnchorFeatures(host: FeatureHost): void {
  const { connection, safe, withDoc } = host;

  connection.onDefinition((p, token) =>
    safe('Definition', null as Location | null, token, () =>
      withDoc(p.textDocument.uri, null as Location | null, (doc, parsed) => {
        const r = host.engine().anchorDefinition(parsed, doc.offsetAt(p.position));
        return r ? { uri: doc.uri, range: toRange(doc, r.offset, r.length) } : null;
      }),
    ),
  );

  connection.onReferences((p, token) =>
    safe('References', [] as Location[], token, () =>
      withDoc(p.textDocument.uri, [] as Location[], (doc, parsed) =>
        host.engine().anchorReferences(parsed, doc.offsetAt(p.position), p.context.includeDeclaration).map((r) => ({ uri: doc.uri, range: toRange(doc, r.offset, r.length) })),
      ),
    ),
  );

  connection.onDocumentHighlight((p, token) =>
    safe('Highlights', [] as DocumentHighlight[], token, () =>
      withDoc(p.textDocument.uri, [] as DocumentHighlight[], (doc, parsed) =>
        host.engine().anchorHighlights(parsed, doc.offsetAt(p.position)).map((h) => ({ range: toRange(doc, h.offset, h.length), kind: h.kind === 'write' ? DocumentHighlightKind.Write : DocumentHighlightKind.Read })),
      ),
    ),
  );

  connection.onPrepareRename((p, token) =>
    safe('Prepare rename', null as { range: ReturnType<typeof toRange>; placeholder: string } | null, token, () =>
      withDoc(p.textDocument.uri, null as { range: ReturnType<typeof toRange>; placeholder: string } | null, (doc, parsed) => {
        const r = host.engine().prepareAnchorRename(parsed, doc.offsetAt(p.position));
        return r ? { range: toRange(doc, r.offset, r.length), placeholder: r.placeholder } : null;
      }),
    ),
  );

  connection.onRenameRequest(async (p, token) => {
    const r = await safe('Rename', null as WorkspaceEdit | ResponseError<void> | null, token, () =>
      withDoc(p.textDocument.uri, null as WorkspaceEdit | ResponseError<void> | null, (doc, parsed) => {
        const res = host.engine().renameAnchor(parsed, doc.offsetAt(p.position), p.newName);
        if ('error' in res) return new ResponseError<void>(ErrorCodes.InvalidParams, res.error);
        return { changes: { [doc.uri]: res.edits.map((e) => toLspEdit(doc, e)) } };
      }),
    );
    return r;
  });
}
