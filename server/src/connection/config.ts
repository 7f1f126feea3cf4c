// Reads what Test Connection needs from an AssistantConfig document.
import { parse } from '../parser';
import { llmProviderInForce } from '../service';

/** `definition.aiPrimitivesLlm.provider`, or `hosted` (the platform LLM) when it is absent or not a string. */
export function providerFromConfigText(text: string, language: 'yaml' | 'json'): string {
  return llmProviderInForce(parse(text, language).root, 'aiPrimitivesLlm') ?? 'hosted';
}
