// Reads what Test Connection needs from an AssistantConfig document.
import { parse } from '../parser';
import { llmProviderInForce } from '../service/llm';

/** `definition.aiPrimitivesLlm.provider`, or `hosted` (the platform LLM) when it is absent or not a string. */
export function providerFromConfigText(text: string, language: 'yaml' | 'json'): string {
  return llmProviderInForce(parse(text, language).root, 'aiPrimitivesLlm') ?? 'hosted';
}

/**
 * The first syntax error of a configuration (`line 3, column 7: …`, and how many more), or
 * undefined when it parses cleanly. Test Connection refuses such a file rather than send the
 * provider that error recovery guessed.
 */
export function configSyntaxError(text: string, language: 'yaml' | 'json'): string | undefined {
  const problems = parse(text, language).problems.filter((p) => (p.kind ?? 'syntax') === 'syntax');
  const first = problems[0];
  if (!first) return undefined;
  const before = text.slice(0, first.offset);
  const line = before.split('\n').length;
  const column = first.offset - (before.lastIndexOf('\n') + 1) + 1;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  return `line ${line}, column ${column}: ${first.message}${more}`;
}
