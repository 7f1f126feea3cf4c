// Editor features beyond diagnostics and completion: anchors and aliases (definition, references,
// highlights, rename), inlay hints, code lenses, document links, on-type formatting. Each handler
// converts between protocol ranges and the service's offsets; the features are in the service.
import {
  ResponseError,
  ErrorCodes,
  DocumentHighlightKind,
  MessageType,
  ShowMessageNotification,
} from 'vscode-languageserver';
import type {
  Connection,
  CancellationToken,
  Location,
  DocumentHighlight,
  WorkspaceEdit,
  InlayHint,
  CodeLens,
  DocumentLink,
  TextEdit as LspTextEdit,
  Diagnostic as LspDiagnostic,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ParsedDocument, EnvInfo } from '../service';
import type { Settings } from './settings';
import type { ClientFeatures } from './clientFeatures';
import type * as EngineModule from './engine';
import { toRange, toLspEdits } from './convert';
import { copyWith } from '../service/codes';

export interface FeatureHost {
  connection: Connection;
  /** A guarded handler body that runs once the engine is loaded. */
  safe: <T>(name: string, fallback: T, token: CancellationToken, fn: () => T) => Promise<T | ResponseError>;
  engine: () => typeof EngineModule;
  /** The open AssistantConfig document with that uri and its parsed tree. */
  withDoc: <T>(uri: string, fallback: T, fn: (doc: TextDocument, parsed: ParsedDocument) => T) => T;
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
        host
          .engine()
          .anchorReferences(parsed, doc.offsetAt(p.position), p.context.includeDeclaration)
          .map((r) => ({ uri: doc.uri, range: toRange(doc, r.offset, r.length) })),
      ),
    ),
  );

  connection.onDocumentHighlight((p, token) =>
    safe('Highlights', [] as DocumentHighlight[], token, () =>
      withDoc(p.textDocument.uri, [] as DocumentHighlight[], (doc, parsed) =>
        host
          .engine()
          .anchorHighlights(parsed, doc.offsetAt(p.position))
          .map((h) => ({
            range: toRange(doc, h.offset, h.length),
            kind: h.kind === 'write' ? DocumentHighlightKind.Write : DocumentHighlightKind.Read,
          })),
      ),
    ),
  );

  connection.onPrepareRename((p, token) =>
    safe('Prepare rename', null as { range: ReturnType<typeof toRange>; placeholder: string } | null, token, () =>
      withDoc(
        p.textDocument.uri,
        null as { range: ReturnType<typeof toRange>; placeholder: string } | null,
        (doc, parsed) => {
          const r = host.engine().prepareAnchorRename(parsed, doc.offsetAt(p.position));
          return r ? { range: toRange(doc, r.offset, r.length), placeholder: r.placeholder } : null;
        },
      ),
    ),
  );

  connection.onRenameRequest(async (p, token) => {
    const r = await safe('Rename', null as WorkspaceEdit | ResponseError | null, token, () =>
      withDoc(p.textDocument.uri, null as WorkspaceEdit | ResponseError | null, (doc, parsed) => {
        const res = host.engine().renameAnchor(parsed, doc.offsetAt(p.position), p.newName);
        if ('error' in res) return new ResponseError(ErrorCodes.InvalidParams, res.error);
        return { changes: { [doc.uri]: toLspEdits(doc, res.edits) } };
      }),
    );
    return r;
  });
}

/** Shows a title-only lens's text (window/showMessage): the lens's command in clients without label lenses. */
export const SHOW_LENS_COMMAND = 'assistantConfig.showLens';
/** The commands the server runs (`executeCommandProvider`). */
export const SERVER_COMMANDS: readonly string[] = [SHOW_LENS_COMMAND];

export interface EditorFeatureState {
  /** What the client declared it takes (lsp/clientFeatures.ts). */
  client: () => ClientFeatures;
  settings: () => Settings;
  trusted: () => boolean;
  /** What a document knows of variables (its own `.env`: lsp/env.ts). */
  env: (uri: string) => EnvInfo;
}

/** Inlay hints, code lenses, document links and on-type formatting. */
export function registerEditorFeatures(host: FeatureHost, state: EditorFeatureState): void {
  const { connection, safe, withDoc } = host;

  connection.languages.inlayHint.on((p, token) =>
    safe('Inlay hints', [] as InlayHint[], token, () => {
      if (!state.settings().inlayHints) return [];
      return withDoc(p.textDocument.uri, [] as InlayHint[], (doc, parsed) => {
        const start = doc.offsetAt(p.range.start);
        const hints = host
          .engine()
          .inlayHints(
            parsed,
            { offset: start, length: doc.offsetAt(p.range.end) - start },
            { env: state.env(p.textDocument.uri) },
          );
        return hints.map((h) => ({
          position: doc.positionAt(h.offset),
          label: h.label,
          paddingLeft: true,
          ...(h.tooltip ? { tooltip: h.tooltip } : {}),
        }));
      });
    }),
  );

  connection.onCodeLens((p, token) =>
    safe('Code lenses', [] as CodeLens[], token, () => {
      const s = state.settings();
      if (!s.codeLens) return [];
      const client = state.client();
      return withDoc(p.textDocument.uri, [] as CodeLens[], (doc, parsed) =>
        host
          .engine()
          .codeLenses(parsed, { testConnectionAvailable: state.trusted(), missingSettings: s.connectionMissing })
          .flatMap((l): CodeLens[] => {
            // A command of the client's own (Test Connection, its settings editor) goes only to a client
            // that declared it runs it: others send it to the server (Neovim, Helix), which cannot.
            if (l.command && !client.commands.has(l.command.id)) return [];
            const range = toRange(doc, l.offset, l.length);
            const tooltip = l.tooltip ? { tooltip: l.tooltip } : {};
            if (l.command)
              return [
                {
                  range,
                  command: {
                    title: l.title,
                    command: l.command.id,
                    ...(l.command.arguments ? { arguments: l.command.arguments } : {}),
                    ...tooltip,
                  },
                },
              ];
            // A title-only lens: a label where the client shows one (VS Code: an empty command); elsewhere
            // an empty command fails when run, so it runs a command of the server's that tells its text.
            if (client.labelLenses) return [{ range, command: { title: l.title, command: '', ...tooltip } }];
            const message = l.tooltip ? `${l.title}: ${l.tooltip}` : l.title;
            return [
              { range, command: { title: l.title, command: SHOW_LENS_COMMAND, arguments: [message], ...tooltip } },
            ];
          }),
      );
    }),
  );

  // The server's own commands (what its lenses run in clients without label lenses).
  connection.onExecuteCommand(async (p, token) => {
    const r = await safe('Execute command', null as ResponseError | null, token, () => {
      const message: unknown = p.arguments?.[0];
      if (p.command !== SHOW_LENS_COMMAND || typeof message !== 'string')
        return new ResponseError(ErrorCodes.InvalidParams, `The server runs only ${SHOW_LENS_COMMAND} (with a text).`);
      void connection.sendNotification(ShowMessageNotification.type, {
        type: MessageType.Info,
        message: `AssistantConfig: ${message}`,
      });
      return null;
    });
    return r;
  });

  connection.onDocumentLinks((p, token) =>
    safe('Document links', [] as DocumentLink[], token, () =>
      withDoc(p.textDocument.uri, [] as DocumentLink[], (doc, parsed) =>
        host
          .engine()
          .documentLinks(parsed)
          .map((l) => ({ range: toRange(doc, l.offset, l.length), target: l.target })),
      ),
    ),
  );

  connection.onDocumentOnTypeFormatting((p, token) =>
    safe('On-type formatting', [] as LspTextEdit[], token, () =>
      withDoc(p.textDocument.uri, [] as LspTextEdit[], (doc, parsed) =>
        toLspEdits(
          doc,
          host.engine().onTypeFormat(parsed, doc.offsetAt(p.position), p.ch, { tabSize: p.options.tabSize }),
        ),
      ),
    ),
  );
}

/**
 * env-not-set gets a second location: the `.env` file where the variable can be defined (a link the
 * editor opens): the one the document takes (`dotenvUri`, on a server that reads files), else the
 * `.env` of the document's workspace folder. env-empty links to the `.env` that sets it to nothing.
 */
export function withDotenvLink(
  uri: string,
  d: LspDiagnostic,
  folders: readonly string[],
  dotenvUri?: () => string | undefined,
): LspDiagnostic {
  if (d.code !== 'env-not-set' && d.code !== 'env-empty') return d;
  let target = dotenvUri?.();
  if (target === undefined) {
    if (folders.length === 0) return d;
    const folder =
      [...folders].sort((a, b) => b.length - a.length).find((f) => uri.startsWith(f.endsWith('/') ? f : f + '/')) ??
      folders[0]!;
    target = (folder.endsWith('/') ? folder : folder + '/') + '.env';
  }
  const name = /'([A-Za-z_][A-Za-z0-9_]*)'/.exec(d.message)?.[1] ?? 'the variable';
  const related = [
    ...(d.relatedInformation ?? []),
    {
      location: { uri: target, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } },
      message:
        d.code === 'env-empty'
          ? `.env: give ${name} its value in this .env file`
          : `.env: define ${name} in this .env file (or in the environment)`,
    },
  ];
  // (Not `{ ...d, relatedInformation }`: each result would get a map of its own, service/codes.ts copyWith.)
  return copyWith(d, { relatedInformation: related });
}
