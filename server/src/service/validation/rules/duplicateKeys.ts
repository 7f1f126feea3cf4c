// The same key twice in one mapping.
import type { Rule } from '../rule';
import type { PropertyNode } from '../../../parser/ast';
import { diag } from '../../codes';

export const duplicateKeysRule: Rule = {
  start(ctx) {
    return {
      visit(v) {
        if (v.node.type !== 'object' || v.node.properties.length < 2) return;
        const first = new Map<string, PropertyNode>();
        for (const p of v.node.properties) {
          const prev = first.get(p.key.value);
          if (!prev) {
            first.set(p.key.value, p);
            continue;
          }
          ctx.report(diag('duplicate-key', `Duplicate key '${p.key.value}': only its first occurrence is read.`, p.key.offset, p.key.length, {
            related: [{ offset: prev.key.offset, length: prev.key.length, message: `first '${p.key.value}'` }],
            data: { key: p.key.value },
          }));
        }
      },
    };
  },
};
