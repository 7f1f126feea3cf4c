// Code lenses above `definition.llm`: the provider in force and its fallback chain
// ("cloud_b → vendor_a → hosted"), and Test Connection (or, when the connection settings are
// missing, a lens that opens them). Command ids are the client's; the service only names them.
import type { Node, ObjectNode, ParsedDocument, PropertyNode } from '../parser/ast';
import { getProperty, resolve, stringValue } from '../parser/ast';
import { hasLoopingMerge, mergeSources, readProperty, readValue } from '../model/merge';
import { maskShapes } from './credentialShapes';

export const TEST_CONNECTION_COMMAND = 'assistantConfig.testConnection';
export const OPEN_SETTINGS_COMMAND = 'workbench.action.openSettings';
export const CONNECTION_SETTINGS_QUERY = 'assistantConfig.connection';

export interface CodeLensEntry {
  offset: number;
  length: number;
  title: string;
  /** Without a command id the lens is a label. */
  command?: { id: string; arguments?: unknown[] };
  tooltip?: string;
}

export interface LensContext {
  /** Whether Test Connection can run at all (a trusted workspace). */
  testConnectionAvailable: boolean;
  /** The connection settings that are still empty (`baseUrl`, `tokenRefreshUrl`, `projectId`). */
  missingSettings: string[];
}

const MAX_CHAIN = 32;

function asObject(n: Node | undefined): ObjectNode | undefined {
  const r = resolve(n);
  return r?.type === 'object' ? r : undefined;
}

/**
 * The providers along `fallback`, aliases followed and `<<` merge keys applied at every step (as
 * validation, hover and the status item read them, model/merge.ts), a loop cut where it closes.
 */
export function providerChain(llm: ObjectNode): { chain: string[]; loops: boolean } {
  const chain: string[] = [];
  const seen = new Set<ObjectNode>();
  let cur: ObjectNode | undefined = llm;
  while (cur && chain.length < MAX_CHAIN) {
    if (seen.has(cur)) return { chain, loops: true };
    seen.add(cur);
    chain.push(stringValue(readValue(cur, 'provider'))?.trim() || '?');
    // A merge of a mapping that holds this one is a loop too (cut there, as validation cuts it).
    if (hasLoopingMerge(cur)) return { chain, loops: true };
    cur = asObject(readValue(cur, 'fallback'));
  }
  return { chain, loops: false };
}

export function codeLenses(doc: ParsedDocument, ctx: LensContext): CodeLensEntry[] {
  const definition = asObject(readValue(asObject(doc.root), 'definition'));
  const prop = definition && readProperty(definition, 'llm');
  if (!definition || !prop) return [];
  // Above the mapping's own `llm` key; when `llm` only comes in through `<<`, above that merge key.
  const own: PropertyNode | undefined =
    getProperty(definition, 'llm') ?? definition.properties.find((p) => mergeSources(p) !== undefined);
  const key = (own ?? prop).key;
  const at = { offset: key.offset, length: key.length };
  const out: CodeLensEntry[] = [];
  const llm = asObject(prop.value);
  if (llm) {
    const { chain, loops } = providerChain(llm);
    // A key pasted into `provider:` is shown masked, as in messages.
    const title = maskShapes(chain.join(' → ')) + (loops ? ' → … (loops)' : '');
    out.push({
      ...at,
      title,
      tooltip:
        chain.length > 1
          ? `The provider in force, then its fallbacks in the order they are tried.`
          : 'The provider in force (no fallback).',
    });
  } else out.push({ ...at, title: 'no LLM configured yet' });
  if (!ctx.testConnectionAvailable) return out;
  if (ctx.missingSettings.length > 0) {
    out.push({
      ...at,
      title: 'Configure connection…',
      command: { id: OPEN_SETTINGS_COMMAND, arguments: [CONNECTION_SETTINGS_QUERY] },
      tooltip: `Test Connection needs ${ctx.missingSettings.map((s) => `assistantConfig.connection.${s}`).join(', ')}.`,
    });
  } else {
    out.push({
      ...at,
      title: 'Test Connection',
      command: { id: TEST_CONNECTION_COMMAND },
      tooltip: 'Token refresh and live queries against the configured service.',
    });
  }
  return out;
}
