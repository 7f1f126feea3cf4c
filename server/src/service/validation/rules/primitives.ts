// Per-primitive overrides: the same primitive twice, and names outside the named primitives.
import type { Rule } from '../rule';
import { definition, enumValuesOf, itemSchema, propertySchema } from '../../../model/schema';
import { getProperty, resolve } from '../../../parser/ast';
import type { StringNode } from '../../../parser/ast';
import { diag } from '../../codes';
import { quotedWithNote } from '../../chars';
import { closestMatches, orList, quoteList } from '../../text';

/**
 * The named primitives closest to a name node's value (closestMatches' tied), kept per node: a long
 * list of overrides is read again at each edit, its name nodes mostly the same (the tree is patched).
 */
const tiedOf = new WeakMap<StringNode, { value: string; tied: string[] }>();
function closestNamed(name: StringNode, named: readonly string[]): string[] {
  const known = tiedOf.get(name);
  if (known?.value === name.value) return known.tied.slice();
  const tied = closestMatches(name.value, named).tied;
  tiedOf.set(name, { value: name.value, tied });
  return tied.slice();
}

export const primitivesRule: Rule = {
  on: ['array'],
  start(ctx) {
    const { overrideSchema, named } = (primitiveNames ??= namedPrimitives());
    return {
      visit(v) {
        if (v.node.type !== 'array' || resolveRef(itemSchema(v.resolved.schema)) !== overrideSchema) return;
        const seen = new Map<string, StringNode>();
        // Every name written, with its item's number: a slip's closest name may be overridden already.
        const written = new Map<string, number>();
        v.node.items.forEach((it, i) => {
          const o = resolve(it);
          const n = o?.type === 'object' ? resolve(getProperty(o, 'primitiveName')?.value) : undefined;
          if (n?.type === 'string' && !written.has(n.value)) written.set(n.value, i + 1);
        });
        for (const it of v.node.items) {
          const obj = resolve(it);
          if (obj?.type !== 'object') continue;
          const name = resolve(getProperty(obj, 'primitiveName')?.value);
          if (name?.type !== 'string') continue;
          // LlmPrimitive is any string: only a name close to a named primitive is worth a warning.
          const tied = named.includes(name.value) ? [] : closestNamed(name, named);
          if (tied.length > 0) {
            const suggestion = tied.length === 1 ? tied[0] : undefined;
            // Renamed to a primitive another item overrides, the two would clash (REVIEW10 L3): said,
            // and the rename is then no preferred fix.
            const taken = suggestion !== undefined ? written.get(suggestion) : undefined;
            const clash =
              taken !== undefined
                ? ` ('${suggestion!}' is already overridden by item ${taken}: one of the two would go.)`
                : '';
            ctx.report(
              diag(
                'unknown-primitive',
                `${quotedWithNote(name.value, 'value')} is not one of the named primitives (${quoteList(named)}); did you mean ${orList(tied)}?${clash} (Other names are allowed.)`,
                name.offset,
                name.length,
                {
                  data: suggestion
                    ? { suggestion, ...(taken !== undefined ? { suggestionTaken: taken } : {}) }
                    : { suggestions: tied },
                },
              ),
            );
          }
          const prev = seen.get(name.value);
          if (prev) {
            ctx.report(
              diag(
                'duplicate-primitive',
                `Primitive '${name.value}' is overridden twice; the service may use either.`,
                name.offset,
                name.length,
                {
                  related: [{ offset: prev.offset, length: prev.length, message: `first override of '${name.value}'` }],
                },
              ),
            );
          } else seen.set(name.value, name);
        }
      },
    };
  },
};

/**
 * The override schema and the named primitives, read from the schema once (it does not change), not
 * once per file: that was a walk of LlmPrimitive's branches and a few arrays for every file a lint
 * checks, most of them without an override.
 */
let primitiveNames: { overrideSchema: ReturnType<typeof definition>; named: readonly string[] } | undefined;

function namedPrimitives(): { overrideSchema: ReturnType<typeof definition>; named: readonly string[] } {
  const overrideSchema = definition('AiPrimitivesLlmConfig');
  const nameSchema = propertySchema(overrideSchema, 'primitiveName');
  return { overrideSchema, named: enumValuesOf(nameSchema).values.map((v) => v.value) };
}

function resolveRef(s: ReturnType<typeof itemSchema>): ReturnType<typeof itemSchema> {
  return s?.$ref ? definition(s.$ref.replace('#/definitions/', '')) : s;
}
