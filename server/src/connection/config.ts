// Reads what Test Connection needs from an AssistantConfig document.
import { getPropertyValue, parse, resolve, stringValue } from '../parser';
import type { Node, ObjectNode } from '../parser';

function asObject(n: Node | undefined): ObjectNode | undefined {
  const r = resolve(n);
  return r?.type === 'object' ? r : undefined;
}

/** `definition.aiPrimitivesLlm.provider`, or `hosted` (the platform LLM) when it is absent or not a string. */
export function providerFromConfigText(text: string, language: 'yaml' | 'json'): string {
  const { root } = parse(text, language);
  const definition = asObject(getPropertyValue(asObject(root), 'definition'));
  const llm = asObject(getPropertyValue(definition, 'aiPrimitivesLlm'));
  const provider = stringValue(getPropertyValue(llm, 'provider'))?.trim();
  return provider || 'hosted';
}
