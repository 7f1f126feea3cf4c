// `yaml11-ambiguous`: a plain value YAML 1.1 loaders read otherwise than YAML 1.2. The fixes quote it
// (in the quotes the file already uses) or write the number in plain decimal: the value stays what
// the spec's type asks for, and every loader reads it alike. Nothing else on the line moves.
import { nodeAt } from '../../parser/ast';
import type { Node } from '../../parser/ast';
import { plainText, quoteOf } from '../yaml11';
import { credentialShapes } from '../credentialShapes';
import type { Fix, FixProvider } from './provider';

export const yaml11Ambiguous: FixProvider = (doc, d) => {
  const plan = d.data?.yaml11;
  const node = nodeAt(doc.root, d.offset);
  if (!plan || !node || node.offset !== d.offset || node.length !== d.length) return [];
  // A key under `%YAML 1.1` holds its 1.1 reading (`on` is 'true'): quoted as written.
  const written = doc.text.slice(node.offset, node.offset + node.length);
  const src =
    plainText(doc, node) ??
    (node.type === 'string' && !node.quoted && isKey(node) && /^[\w.+:-]+$/.test(written) ? written : undefined);
  if (src === undefined) return [];
  const preferred = !plan.choice;
  const fixes: Fix[] = [];
  for (const w of plan.write)
    fixes.push({
      title: `Write ${w}`,
      edits: [{ offset: node.offset, length: node.length, newText: w }],
      isPreferred: preferred && fixes.length === 0,
    });
  if (plan.quote) {
    const q = quoteOf(doc);
    fixes.push({
      title: `Quote ${credentialShapes(src).length > 0 ? 'it' : `'${src}'`} (a string to every YAML loader)`,
      edits: [{ offset: node.offset, length: node.length, newText: `${q}${src}${q}` }],
      isPreferred: preferred && fixes.length === 0,
    });
  }
  return fixes;
};

function isKey(node: Node): boolean {
  return node.parent?.type === 'property' && node.parent.key === node;
}
