// The same key twice in one mapping. The last occurrence is the one read (JSON.parse and most JSON
// readers keep the last value; so do the YAML loaders that accept duplicates, while strict ones reject
// the file), and validation, hover and every fix act on it: the diagnostic is on each earlier copy.
import type { Rule } from '../rule';
import type { PropertyNode } from '../../../parser/ast';
import { diag } from '../../codes';

const SMALL = 12;

export const duplicateKeysRule: Rule = {
  on: ['object'],
  start(ctx) {
    return {
      visit(v) {
        if (v.node.type !== 'object' || v.node.properties.length < 2) return;
        const props = v.node.properties;
        // Small mappings (nearly all) are compared pair by pair, without a map per mapping.
        const last = props.length > SMALL ? new Map<string, PropertyNode>() : undefined;
        for (let i = props.length - 1; i >= 0; i--) {
          const p = props[i]!;
          const key = p.key.value;
          let read: PropertyNode | undefined;
          if (last) {
            read = last.get(key);
            if (!read) {
              last.set(key, p);
              continue;
            }
          } else {
            // The occurrence that is read: the last one after this.
            for (let j = props.length - 1; j > i && !read; j--) if (props[j]!.key.value === key) read = props[j];
            if (!read) continue;
          }
          ctx.report(
            diag(
              'duplicate-key',
              // (Said for the file's own language: a .json file is read by JSON parsers, REVIEW8 K13d.)
              ctx.doc.language === 'json'
                ? `Duplicate key '${p.key.value}': this occurrence is ignored; the last one is read (as JSON.parse and most JSON parsers do), and strict JSON parsers reject the file.`
                : `Duplicate key '${p.key.value}': this occurrence is ignored; the last one is read (as JSON.parse and YAML loaders that accept duplicates do), and strict YAML loaders reject the file.`,
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
