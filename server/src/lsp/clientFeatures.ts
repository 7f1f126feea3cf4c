// What a client declared it takes, read once from `initialize`: the server answers Neovim, Helix,
// Emacs, vim-lsp or kak-lsp by what they declare, not as if every client were VS Code.
import type { ClientCapabilities, MarkupContent } from 'vscode-languageserver';
import type { InitializationOptions } from '../shared';
import { markdownToPlain } from './plainText';

export const TRIGGER_SUGGEST_COMMAND = 'editor.action.triggerSuggest';

export interface ClientFeatures {
  /** `completionItem.snippetSupport`: snippets are sent as such only then (LSP 3.17). */
  snippets: boolean;
  /** `hover.contentFormat` prefers plain text: hovers are sent as plain text. */
  hoverPlain: boolean;
  /** `completionItem.documentationFormat` prefers plain text: documentation is sent as plain text. */
  documentationPlain: boolean;
  /** The command ids the client runs itself (`initializationOptions.clientCommands`). */
  commands: ReadonlySet<string>;
  /** The client shows a lens with an empty command as a label (`initializationOptions.labelLenses`). */
  labelLenses: boolean;
}

/** Before `initialize`, nothing is served; the least a client can take. */
export const DEFAULT_CLIENT: ClientFeatures = {
  snippets: false,
  hoverPlain: false,
  documentationPlain: false,
  commands: new Set(),
  labelLenses: false,
};

/**
 * The order of a declared format list is the client's preference (LSP 3.17): plain text when the
 * list is given and does not put Markdown first. A client that declares nothing gets Markdown, as
 * every client that shows MarkupContent reads it.
 */
function prefersPlain(formats: readonly string[] | undefined): boolean {
  return Array.isArray(formats) && formats.length > 0 && formats[0] !== 'markdown';
}

export function readClientFeatures(caps: ClientCapabilities, init: InitializationOptions): ClientFeatures {
  const commands = Array.isArray(init.clientCommands)
    ? init.clientCommands.filter((c): c is string => typeof c === 'string' && c !== '')
    : [];
  return {
    snippets: caps.textDocument?.completion?.completionItem?.snippetSupport === true,
    hoverPlain: prefersPlain(caps.textDocument?.hover?.contentFormat),
    documentationPlain: prefersPlain(caps.textDocument?.completion?.completionItem?.documentationFormat),
    commands: new Set(commands),
    labelLenses: init.labelLenses === true,
  };
}

/** The service's Markdown as the client wants it. */
export function markup(markdown: string, plain: boolean): MarkupContent {
  return plain ? { kind: 'plaintext', value: markdownToPlain(markdown) } : { kind: 'markdown', value: markdown };
}
