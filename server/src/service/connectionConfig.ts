// Reads what Test Connection needs from an AssistantConfig document: the CLI calls these on `--config`,
// the language server on the editor's behalf (CONNECTION_CONFIG_REQUEST), so that the editor's Test
// Connection bundles carry no parser.
import { parse } from '../parser';
import { llmProviderInForce, llmProviderNode } from './llm';

/** `definition.aiPrimitivesLlm.provider`, or `hosted` (the platform LLM) when it is absent or not a string. */
export function providerFromConfigText(text: string, language: 'yaml' | 'json'): string {
  return llmProviderInForce(parse(text, language).root, 'aiPrimitivesLlm') ?? 'hosted';
}

/**
 * The provider of a configuration and where a report names it when it is wrong: `aiPrimitivesLlm.provider
 * in FILE, line N` (REVIEW8 K7: the fix is in the file, not in a setting). `file` as the user named it.
 */
export function providerOfConfig(
  text: string,
  language: 'yaml' | 'json',
  file: string,
): { provider: string; source: string } {
  const root = parse(text, language).root;
  const node = llmProviderNode(root, 'aiPrimitivesLlm');
  const provider = llmProviderInForce(root, 'aiPrimitivesLlm') ?? 'hosted';
  const line = node ? text.slice(0, node.offset).split('\n').length : undefined;
  return { provider, source: `aiPrimitivesLlm.provider in ${file}${line === undefined ? '' : `, line ${line}`}` };
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

/**
 * Everything Test Connection reads from the active document, in one answer (the language server's
 * reply to CONNECTION_CONFIG_REQUEST): a document with a syntax error is refused, so its provider is
 * not read then.
 */
export function connectionConfigFacts(
  text: string,
  language: 'yaml' | 'json',
  file: string,
): { provider: string; source: string } | { syntaxError: string } {
  const syntaxError = configSyntaxError(text, language);
  return syntaxError !== undefined ? { syntaxError } : providerOfConfig(text, language, file);
}
