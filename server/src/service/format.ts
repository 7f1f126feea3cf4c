// Formatting that keeps comments: YAML through the `yaml` document model, JSON through jsonc-parser.
import { parseAllDocuments } from 'yaml';
import { format as formatJson } from 'jsonc-parser';
import type { ParsedDocument } from '../parser/ast';
import type { TextEdit } from './types';

export interface FormatOptions {
  tabSize: number;
  insertSpaces: boolean;
}

export function formatDocument(doc: ParsedDocument, options: FormatOptions): TextEdit[] {
  if (doc.language === 'json') {
    return formatJson(doc.text, undefined, { tabSize: options.tabSize, insertSpaces: options.insertSpaces, eol: eolOf(doc.text) }).map((e) => ({ offset: e.offset, length: e.length, newText: e.content }));
  }
  // A document with syntax errors is left alone: reformatting it could lose what the user typed.
  if (doc.problems.some((p) => p.kind === 'syntax')) return [];
  const docs = parseAllDocuments(doc.text, { uniqueKeys: false, strict: false });
  if (!Array.isArray(docs) || docs.some((d) => d.errors.length > 0)) return [];
  const indent = Math.max(1, Math.min(8, options.tabSize));
  let out = docs.map((d) => d.toString({ indent, lineWidth: 0, minContentWidth: 0, indentSeq: true })).join('');
  const eol = eolOf(doc.text);
  if (eol === '\r\n') out = out.replace(/\r?\n/g, '\r\n');
  if (doc.text.charCodeAt(0) === 0xfeff) out = '\uFEFF' + out;
  return out === doc.text ? [] : [{ offset: 0, length: doc.text.length, newText: out }];
}

function eolOf(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}
