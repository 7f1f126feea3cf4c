// A misspelt value: `invalid-enum`, `unknown-discriminator`, `unknown-primitive`, `kind-invalid`,
// `version-unsupported`. The closest valid value (the diagnostic's suggestion) is the preferred fix;
// without one, each valid value of a small closed set is offered.
import type { Node, ParsedDocument } from '../../parser/ast';
import { pathOf } from '../../parser/ast';
import { enumValuesOf, schemaAtPath } from '../../model/schema';
import type { TextEdit } from '../types';
import { replaceScalar, setValue } from './edits';
import { valueAt } from './find';
import { retagActions } from './switchVariant';
import { credentialShapes } from '../credentialShapes';
import type { Fix, FixProvider } from './provider';

const MAX_CHOICES = 12;

function setTo(doc: ParsedDocument, node: Node, value: string): TextEdit {
  const p = node.parent;
  return node.length === 0 && p?.type === 'property' ? setValue(doc, p, value) : replaceScalar(doc, node, value);
}

/**
 * A value shaped like a credential (a key pasted into `provider:`, masked everywhere as one): no fix
 * overwrites it, since the file holds the only copy (README "Moving a secret": nothing but the move
 * takes a secret out of the file; REVIEW4 G29). The diagnostic stays for the user.
 */
function holdsCredentialShape(node: Node): boolean {
  return node.type === 'string' && credentialShapes(node.value).length > 0;
}

export const replaceValue: FixProvider = (doc, d) => {
  const node = valueAt(doc, d.offset);
  if (!node || node.type === 'object' || node.type === 'array' || node.type === 'alias') return [];
  if (holdsCredentialShape(node)) return [];
  const p = node.parent;
  const what = p?.type === 'property' ? `'${p.key.value}'` : 'the value';
  const suggestion = d.data?.suggestion;
  // A discriminator: a real variant change (its required fields added), never a bare relabel.
  if (p?.type === 'property') {
    const union = schemaAtPath(doc.root, pathOf(p.parent)).union;
    if (union?.property === p.key.value) return retagActions(doc, p, union, suggestion, d.data?.suggestions);
  }
  // (A value that is no slip for the one suggested, `blockSome` for `blockNone`: offered, not preferred.)
  if (suggestion !== undefined) {
    const taken = d.data?.suggestionTaken;
    return [
      {
        title: `Change ${what} to '${suggestion}'${taken !== undefined ? ` (item ${taken} overrides '${suggestion}' already)` : ''}`,
        edits: [setTo(doc, node, suggestion)],
        isPreferred: !(d.code === 'invalid-enum' && d.data?.unsafeRename) && taken === undefined,
      },
    ];
  }
  // Equally close candidates (`block`: every `block…` value): each offered, none preferred (REVIEW5 H20).
  const tied = d.data?.suggestions;
  if (tied) return tied.map((c): Fix => ({ title: `Change ${what} to '${c}'`, edits: [setTo(doc, node, c)] }));
  const choices = choicesFor(doc, node);
  if (choices.length > MAX_CHOICES) return [];
  return choices.map((c): Fix => ({ title: `Change ${what} to '${c}'`, edits: [setTo(doc, node, c)] }));
};

/**
 * `invalid-type` where only one value is valid (`version: 2`, `kind:` left empty): set that value.
 * Other type mistakes have no mechanical fix.
 */
export const onlyValue: FixProvider = (doc, d) => {
  const node = valueAt(doc, d.offset);
  if (!node || node.type === 'object' || node.type === 'array' || node.type === 'alias') return [];
  if (holdsCredentialShape(node)) return [];
  const { values, open } = enumValuesOf(schemaAtPath(doc.root, pathOf(node)).schema);
  const only = values.length === 1 && !open ? values[0]!.value : undefined;
  const p = node.parent;
  if (only === undefined || p?.type !== 'property') return [];
  return [{ title: `Change '${p.key.value}' to '${only}'`, edits: [setTo(doc, node, only)], isPreferred: true }];
};

/** The valid values at a node's place: a union's discriminator values, or a closed enum. */
function choicesFor(doc: ParsedDocument, node: Node): string[] {
  const p = node.parent;
  if (p?.type === 'property') {
    const owner = schemaAtPath(doc.root, pathOf(p.parent));
    if (owner.union?.property === p.key.value) return owner.union.variants.map((v) => v.value);
  }
  const here = schemaAtPath(doc.root, pathOf(node));
  const { values, open } = enumValuesOf(here.schema);
  const current = node.type === 'string' ? node.value : undefined;
  return open ? [] : values.map((v) => v.value).filter((v) => v !== current);
}
