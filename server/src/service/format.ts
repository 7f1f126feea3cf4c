// Formatting that keeps comments: YAML through the `yaml` document model, JSON through jsonc-parser.
import { formatYamlText } from './formatYaml';
import { formatJsonText, hasJsonComment } from './formatJson';
import { format as formatJson } from 'jsonc-parser';
import type { ParsedDocument } from '../parser/ast';
import type { TextEdit } from './types';
import { eolOf } from '../parser/lineIndex';

export interface FormatOptions {
  tabSize: number;
  insertSpaces: boolean;
}

/**
 * The edits that format a document, or why it is left as it is (`refused`, one line for a message:
 * the CLI exits 2 with it, the editor shows it). No edits and no refusal: already formatted.
 */
export interface FormatOutcome {
  edits: TextEdit[];
  refused?: string;
}

export function formatDocumentOutcome(doc: ParsedDocument, options: FormatOptions): FormatOutcome {
  // A document over a safety limit (size, nesting) is left alone: re-reading it whole to print it
  // again would cost what the limit is there to prevent (deep nesting prints quadratically).
  if (doc.problems.some((p) => p.kind === 'resource-limit'))
    return { edits: [], refused: "it is over a safety limit (run 'assistant-config lint' on it)" };
  // A document with syntax errors is left alone: reformatting it could lose what the user typed (and
  // a half-typed JSON value would be re-indented around the error; the CLI says why, exit 2).
  if (doc.problems.some((p) => p.kind === 'syntax'))
    return { edits: [], refused: "it has syntax errors (run 'assistant-config lint' on it)" };
  if (doc.language === 'json') {
    // As Prettier prints it (formatJson.ts); a text with comments as before, each property on its line.
    const bom = doc.text.charCodeAt(0) === 0xfeff ? '\uFEFF' : '';
    const body = bom ? doc.text.slice(1) : doc.text;
    const printed = hasJsonComment(body)
      ? undefined
      : formatJsonText(body, {
          indent: options.insertSpaces ? ' '.repeat(options.tabSize) : '\t',
          indentWidth: options.tabSize,
          eol: eolOf(doc.text),
        });
    if (printed !== undefined) {
      const out = bom + printed;
      return { edits: out === doc.text ? [] : [{ offset: 0, length: doc.text.length, newText: out }] };
    }
    return {
      edits: formatJson(doc.text, undefined, {
        tabSize: options.tabSize,
        insertSpaces: options.insertSpaces,
        eol: eolOf(doc.text),
        insertFinalNewline: true,
      }).map((e) => ({ offset: e.offset, length: e.length, newText: e.content })),
    };
  }
  const indent = Math.max(1, Math.min(8, options.tabSize));
  const result = formatYamlText(doc.text, { indent });
  if ('refused' in result) return { edits: [], refused: result.refused };
  let out = result.text;
  const eol = eolOf(doc.text);
  if (eol === '\r\n') out = out.replace(/\r?\n/g, '\r\n');
  if (doc.text.charCodeAt(0) === 0xfeff) out = '\uFEFF' + out;
  return { edits: out === doc.text ? [] : [{ offset: 0, length: doc.text.length, newText: out }] };
}

/** The edits that format a document; none when it is formatted already or cannot be formatted safely. */
export function formatDocument(doc: ParsedDocument, options: FormatOptions): TextEdit[] {
  return formatDocumentOutcome(doc, options).edits;
}
