// What the schema says of a key at a path, for the parser's reading of a misaligned line
// (parser/alignRepair.ts): the service passes it with every parse of a document, the file's own
// and its other AssistantConfig documents' (validation/index.ts withOtherConfigs), so that both read alike.
import { schemaAtPath, unwrapNullable } from '../model/schema';
import { keysOfSchema } from './validation/indentSlip';

/**
 * What the schema says of `key` in the mapping at `path` (the variant its written discriminator names,
 * else any variant of a union), for reading a misaligned line at the column whose mapping takes it
 * (parser/alignRepair.ts).
 */
export function keyFits(
  path: readonly (string | number)[],
  key: string,
  written?: ReadonlyMap<string, string>,
): boolean | 'custom' | undefined {
  const at = schemaAtPath(undefined, path, { anyVariant: true });
  if (!at.schema) return undefined;
  // The variant its discriminator names (`provider: cloud_b` has no `apiVersion`), else any variant's keys.
  const tag = at.union && written?.get(at.union.property);
  const variant = tag !== undefined ? at.union?.variants.find((v) => v.value === tag) : undefined;
  if (keysOfSchema(variant?.schema ?? at.schema).has(key)) return true;
  // A mapping of the user's own keys (`featureFlags`, `alwaysInclude.tables`) takes any key, but names none.
  const extra = unwrapNullable(at.schema)?.additionalProperties;
  return extra !== undefined && extra !== false ? 'custom' : false;
}
