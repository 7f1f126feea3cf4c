// The variant in force around a value (PRODUCT: "every message names the variant"): the nearest
// mapping above it that a discriminator resolves (`provider: cloud_b`, `type: fixed`), read from the
// schema's unions, and how messages name a key under it ("'cloudProject' of provider 'cloud_b'",
// "'columns' of a 'tables' item under type 'fixed'").
import type { Node, Parent, PropertyNode, StringNode } from '../parser/ast';
import { itemSchema, labelOf, propertySchema, resolveFor, rootSchema, unwrapNullable } from './schema';
import type { Resolved, Schema, Variant } from './schema';

export interface VariantAround {
  variant: Variant;
  /**
   * The keys from the variant's mapping down to the mapping or list that holds the value, top down
   * (null: a list item); empty when the value is a key of the variant's mapping itself.
   */
  between: (string | null)[];
}

/**
 * The variant around `node` (a value, or the key of a property), found through the mappings that
 * hold it in the text: for text shared through an alias, those of the anchored node. Undefined
 * outside any variant (top-level keys) and under a discriminator that names no variant.
 */
export function variantAround(node: Node | StringNode | undefined): VariantAround | undefined {
  if (!node) return undefined;
  // The holders from the value up to the root: each mapping or list, with the key taken in it.
  const steps: { holder: Node; key: string | null }[] = [];
  let cur: Node | PropertyNode = node;
  for (let guard = 0; guard < 10_000; guard++) {
    const parent: Parent = cur.parent;
    if (!parent) break;
    if (parent.type === 'property') {
      // (The key of a property stands for its value.)
      steps.push({ holder: parent.parent, key: parent.key.value });
      cur = parent.parent;
    } else {
      if (parent.type === 'array') steps.push({ holder: parent, key: null });
      cur = parent;
    }
  }
  let expected: Schema | undefined = rootSchema;
  let found: { variant: Variant; at: number } | undefined;
  for (let i = steps.length - 1; i >= 0; i--) {
    const { holder, key } = steps[i]!;
    const r: Resolved = holder.type === 'object' ? resolveFor(expected, holder) : { schema: unwrapNullable(expected) };
    if (r.variant) found = { variant: r.variant, at: i };
    expected = key === null ? itemSchema(r.schema) : propertySchema(r.schema, key);
    if (!expected) break;
  }
  if (!found) return undefined;
  const between: (string | null)[] = [];
  for (let i = found.at; i >= 1; i--) between.push(steps[i]!.key);
  return { variant: found.variant, between };
}

/**
 * How a message names `key` of the mapping that holds `node` (its value or key): `'cloudProject' of
 * provider 'cloud_b'`, `'valueFromEnv' of 'apiKey' under provider 'vendor_a'`, `'columns' of a
 * 'tables' item under type 'fixed'`; outside a variant just `'key'`.
 */
export function keyInVariant(key: string, node: Node | StringNode | undefined): string {
  return `'${key}'${ofVariant(variantAround(node))}`;
}

/** What names the variant after a key: ` of provider 'cloud_b'`, ` of 'apiKey' under provider 'vendor_a'`, or nothing. */
export function ofVariant(around: VariantAround | undefined): string {
  if (!around) return '';
  const label = labelOf({ schema: around.variant.schema, variant: around.variant });
  const { between } = around;
  if (between.length === 0) return ` of ${label}`;
  const last = between[between.length - 1];
  const holder =
    last === null
      ? `a${typeof between[between.length - 2] === 'string' ? ` '${between[between.length - 2]}'` : ' list'} item`
      : `'${last}'`;
  return ` of ${holder} under ${label}`;
}
