// `wildcard-name` (REVIEW15-user U1): a name of the database the service reads (a schema, table,
// column or function: the schema's `names` annotation) that holds `*`. The service matches names
// exactly, so `columns: ["*"]` asks for a column named `*`, and `tables: {reporting: ["*"]}` for a
// table named `*`: a SQL habit, or a v1 config's "all columns". For `columns` the spec gives the
// meaning ("Empty list means all columns are included": the schema's `emptyMeansAll`), and the
// message says to write `[]`. A warning: a name with `*` is allowed by the spec, but it is almost
// surely meant as a pattern. Lists are read at the list (one visit sees every item, so whether the
// list holds only `*` depends on its own subtree), a single name at its value.
import type { Rule } from '../rule';
import { diag } from '../../codes';
import type { Diagnostic } from '../../codes';
import { itemSchema } from '../../../model/schema';
import type { Schema } from '../../../model/schema';
import type { Node, StringNode } from '../../../parser/ast';

/** The text a message quotes: short names as written, long ones cut. */
function shown(value: string): string {
  return value.length <= 60 ? value : `${value.slice(0, 57)}…`;
}

/** Whether a string is a list of `columns` holding only `*` (the fix writes `[]`). */
export const isAllWildcard = (value: string): boolean => value.trim() === '*';

function report(
  node: Node,
  value: string,
  what: NonNullable<Schema['names']>,
  key: string | undefined,
  all: boolean,
): Diagnostic {
  const where = key ? ` in '${key}'` : '';
  return diag(
    'wildcard-name',
    all
      ? `'*'${where} is not a wildcard: the service includes the ${what}s named in the list, and none is named '*'. An empty list (${key ?? 'columns'}: []) includes all ${what}s.`
      : `'${shown(value)}'${where} is not a pattern: the service matches ${what} names exactly, so '*' matches no ${what}. Name each ${what}.`,
    node.offset,
    node.length,
    all ? { data: { allWhenEmpty: true } } : undefined,
  );
}

export const wildcardNameRule: Rule = {
  on: ['array', 'string'],
  start(ctx) {
    return {
      visit(v) {
        // Reached through an alias, the value is the anchor's: reported there once.
        if (v.via) return;
        const schema = v.resolved.schema;
        const node = v.node;
        if (node.type === 'string') {
          // A name written alone (`tableName: "*"`); list items are read with their list.
          const what = schema?.names;
          if (what && v.prop && node.value.includes('*'))
            ctx.report(report(node, node.value, what, v.prop.key.value, false));
          return;
        }
        if (node.type !== 'array' || node.items.length === 0) return;
        const what = itemSchema(schema)?.names;
        if (!what) return;
        const starred = node.items.filter((i): i is StringNode => i.type === 'string' && i.value.includes('*'));
        if (starred.length === 0) return;
        const key = v.prop?.key.value;
        const all =
          schema?.emptyMeansAll === true &&
          starred.length === node.items.length &&
          starred.every((i) => isAllWildcard(i.value));
        for (const item of starred) ctx.report(report(item, item.value, what, key, all));
      },
    };
  },
};
