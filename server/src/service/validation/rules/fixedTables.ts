// The `fixed` schema selector's `tables` (REVIEW7 J9): an empty list, and the same table listed twice.
// The spec gives `tables` as a required list of FixedSchemaTable ("Tables to include") and says
// nothing of its length or of repeats; `columns` beside it has a stated meaning for its empty list
// ("all columns") and `tables` has none, and `type: all` is the variant that includes everything.
// So both are warnings: allowed by the spec, most likely a mistake. Which array is `tables` and what
// names a table come from the schema: the arrays whose items are FixedSchemaTable, and that
// definition's required string properties (`schemaName`, `tableName`).
import type { Rule } from '../rule';
import { definition, deref, itemSchema } from '../../../model/schema';
import type { Schema } from '../../../model/schema';
import { getProperty, resolve } from '../../../parser/ast';
import type { Node } from '../../../parser/ast';
import { diag } from '../../codes';
import { repeatedItems } from '../units';

export const fixedTablesRule: Rule = {
  on: ['array'],
  start(ctx) {
    const { table, names } = (tableSchema ??= readTableSchema());
    return {
      visit(v) {
        const node = v.node;
        if (node.type !== 'array' || !table || deref(itemSchema(v.resolved.schema)) !== table) return;
        const where = v.prop ? `'${v.prop.key.value}'` : 'this list';
        if (node.items.length === 0) {
          ctx.report(
            diag(
              'empty-tables',
              `The fixed schema selector (type: fixed) lists no table in ${where}, so it includes none: list the tables to include, or use type: all to include every table.`,
              node.offset,
              node.length,
            ),
          );
          return;
        }
        // Kept across edits by the editor's cache: a keystroke in a long list reads the entries it changed.
        const keyOf = (keyOfTable ??= (item: Node): string | undefined => tableNames(item, names)?.join('\u0000'));
        const groups = ctx.lists ? ctx.lists.repeated(node, keyOf) : repeatedItems(node.items, keyOf);
        for (const [first, ...rest] of groups) {
          const label = tableKey(first!, names)!.label;
          for (const item of rest) {
            const identical = sameText(ctx.doc.text, first!, item);
            ctx.report(
              diag(
                'duplicate-table',
                `Table ${label} is listed twice in the fixed schema selector's ${where} (type: fixed)${identical ? ': this entry repeats the first one' : ', with other values: the service may use either entry'}; list each table once.`,
                item.offset,
                item.length,
                {
                  related: [{ offset: first!.offset, length: first!.length, message: `first entry of ${label}` }],
                  data: { identical },
                },
              ),
            );
          }
        }
      },
    };
  },
};

/** A table entry's identity (its naming values, `schemaName` and `tableName`), when all are strings. */
function tableKey(item: Node, names: readonly string[]): { id: string; label: string } | undefined {
  const values = tableNames(item, names);
  return values && { id: values.join('\u0000'), label: `'${values.join('.')}'` };
}

/** The naming values of a table entry, when all are strings (the key alone: asked of every entry on open). */
function tableNames(item: Node, names: readonly string[]): string[] | undefined {
  const obj = resolve(item);
  if (obj?.type !== 'object') return undefined;
  const values: string[] = [];
  for (let i = 0; i < names.length; i++) {
    const v = resolve(getProperty(obj, names[i]!)?.value);
    if (v?.type !== 'string') return undefined;
    values.push(v.value);
  }
  return values;
}

/** Whether two entries are written the same, word for word (runs of blanks and line breaks aside). */
export function sameText(text: string, a: Node, b: Node): boolean {
  const norm = (n: Node): string =>
    text
      .slice(n.offset, n.offset + n.length)
      .replace(/\s+/g, ' ')
      .trim();
  return a.length > 0 && norm(a) === norm(b);
}

/** The key of a table entry (one function, so that the editor's cache keeps one grouping per list). */
let keyOfTable: ((item: Node) => string | undefined) | undefined;
let tableSchema: { table: Schema | undefined; names: string[] } | undefined;

/** FixedSchemaTable and the required string properties that name a table, read from the schema once. */
function readTableSchema(): { table: Schema | undefined; names: string[] } {
  const table = definition('FixedSchemaTable');
  const names = (table?.required ?? []).filter((k) => deref(table?.properties?.[k])?.type === 'string');
  return { table, names };
}
