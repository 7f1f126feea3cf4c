// Which LLM provider a document puts in force. One function for the editor's status item
// (`definition.llm`) and for Test Connection (`definition.aiPrimitivesLlm`), so both read a
// document the same way, and the way validation reads it (aliases followed and YAML merge keys
// `<<` applied at every step, model/merge.ts; surrounding blanks ignored).
import { resolve, stringValue } from '../parser/ast';
import { readValue } from '../model/merge';
import type { Node, ObjectNode } from '../parser/ast';
import { maskShapes } from './credentialShapes';

export type LlmField = 'llm' | 'aiPrimitivesLlm';

function asObject(n: Node | undefined): ObjectNode | undefined {
  const r = resolve(n);
  return r?.type === 'object' ? r : undefined;
}

/** `definition.<field>.provider` of a document's root, trimmed; undefined when absent, empty or not a string. */
export function llmProviderInForce(root: Node | undefined, field: LlmField): string | undefined {
  return stringValue(llmProviderNode(root, field))?.trim() || undefined;
}

/** The node of `definition.<field>.provider` (where the text says it: an alias or merge resolved to the anchored value). */
export function llmProviderNode(root: Node | undefined, field: LlmField): Node | undefined {
  const definition = asObject(readValue(asObject(root), 'definition'));
  const llm = asObject(readValue(definition, field));
  return resolve(readValue(llm, 'provider'));
}

/**
 * The provider as the editor's status item shows it: a key pasted into `provider:` masked, as in
 * messages and code lenses (credentialShapes.ts); undefined when there is none.
 */
export function llmProviderShown(root: Node | undefined, field: LlmField): string | undefined {
  const p = llmProviderInForce(root, field);
  return p === undefined ? undefined : maskShapes(p);
}
