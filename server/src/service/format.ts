// Formatting that keeps comments: YAML through the `yaml` document model, JSON through jsonc-parser.
import { formatYamlText } from './formatYaml';
import { format as formatJson } from 'jsonc-parser';
import type { ParsedDocument } from '../parser/ast';
import type { TextEdit } from './types';
import { eolOf } from '../parser/lineIndex';

export interface FormatOptions {
  tabSize: number;
  insertSpaces: boolean;
}

export function formatDocument(doc: ParsedDocument, options: FormatOptions): TextEdit[] {
  // A document over a safety limit (size, nesting) is left alone: re-reading it whole to print it
  // again would cost what the limit is there to prevent (deep nesting prints quadratically).
  if (doc.problems.some((p) => p.kind === 'resource-limit')) return [];
  if (doc.language === 'json') {
    return formatJson(doc.text, undefined, {
      tabSize: options.tabSize,
      insertSpaces: options.insertSpaces,
      eol: eolOf(doc.text),
      insertFinalNewline: /\r?\n$/.test(doc.text),
    }).map((e) => ({ offset: e.offset, length: e.length, newText: e.content }));
  }
  // A document with syntax errors is left alone: reformatting it could lose what the user typed.
  if (doc.problems.some((p) => p.kind === 'syntax')) return [];
  const indent = Math.max(1, Math.min(8, options.tabSize));
  // (Undefined when the package cannot read or refuses to print the text: it is left alone.)
  let out = formatYamlText(doc.text, { indent });
  if (out === undefined) return [];
  const eol = eolOf(doc.text);
  if (eol === '\r\n') out = out.replace(/\r?\n/g, '\r\n');
  if (doc.text.charCodeAt(0) === 0xfeff) out = '\uFEFF' + out;
  return out === doc.text ? [] : [{ offset: 0, length: doc.text.length, newText: out }];
}
