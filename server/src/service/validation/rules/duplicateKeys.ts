// The same key twice in one mapping. The last occurrence is the one read (JSON.parse and most JSON
// readers keep the last value; so do the YAML loaders that accept duplicates, while strict ones reject
// the file), and validation, hover and every fix act on it: the diagnostic is on each earlier copy.
import type { Rule } from '../rule';
import type { PropertyNode } from '../../../parser/ast';
import { diag } from '../../codes';

export const duplicateKeysRule: Rule = {
  start(ctx) {
    return {
      visit(v) {
        if (v.node.type !== 'object' || v.node.properties.length < 2) return;
        const props = v.node.properties;
        const last = new Map<string, PropertyNode>();
        for (let i = props.length - 1; i >= 0; i--) {
          const p = props[i]!;
          const read = last.get(p.key.value);
          if (!read) {
            last.set(p.key.value, p);
            continue;
          }
          ctx.report(
            diag(
              'duplicate-key',
              `Duplicate key '${p.key.value}': this occurrence is ignored; the last one is read (as JSON.parse and YAML loaders that accept duplicates do), and strict YAML loaders reject the file.`,
              p.key.offset,
              p.key.length,
              {
                related: [
                  { offset: read.key.offset, length: read.key.length, message: `the '${p.key.value}' that is read` },
                ],
                data: { key: p.key.value },
              },
            ),
          );
        }
      },
    };
  },
};
