// `field-in-custom-keys` (REVIEW15-user U19): a key written in a mapping that takes keys of the
// user's own (`featureFlags`, `alwaysInclude.tables`: the schema's `additionalProperties`) whose name
// is exactly a field of the mapping that holds it, which that mapping does not set:
//
//   featureFlags:
//     enable_automations: true
//     contextWindowLimit: 128000     <- a custom flag: the context limit is not set
//
//   alwaysInclude:
//     tables:
//       reporting: [daily]
//       functions: [fiscal_quarter]  <- a schema named 'functions': no function is included
//
// Indented one level too deep (typed at the end of the file like the lines above it), the key is
// valid and silently means something else. A warning: the spec allows a flag or a schema of that
// name. Read from the schema (the free mapping's own named keys are not said; the holder's fields
// are its schema's, variants resolved), at the holder, so that whether the holder sets the key is
// the visited node's own subtree.
import type { Rule } from '../rule';
import { diag } from '../../codes';
import { propertySchema, unwrapNullable } from '../../../model/schema';
import { readProperties } from '../../../model/merge';
import { showInvisibleChars } from '../../chars';

export const fieldInCustomKeysRule: Rule = {
  on: ['object'],
  start(ctx) {
    return {
      visit(v) {
        const obj = v.node;
        // Reached through an alias, the text is the anchor's: said once, where it is written.
        if (obj.type !== 'object' || v.via) return;
        const schema = v.resolved.schema;
        const fields = schema?.properties;
        if (!fields) return;
        let present: Set<string> | undefined;
        for (const p of obj.properties) {
          const map = p.value;
          // (A free mapping written as an alias is the anchor's text: not moved from here.)
          if (map?.type !== 'object' || map.properties.length === 0) continue;
          const free = unwrapNullable(propertySchema(schema, p.key.value));
          if (!free || free.additionalProperties === undefined || free.additionalProperties === false) continue;
          for (const q of map.properties) {
            const key = q.key.value;
            if (key === '<<' || key === p.key.value || free.properties?.[key] !== undefined) continue;
            if (!Object.prototype.hasOwnProperty.call(fields, key)) continue;
            present ??= new Set(readProperties(obj).map((r) => r.key.value));
            if (present.has(key)) continue;
            const k = showInvisibleChars(key);
            const holder = showInvisibleChars(p.key.value);
            const owner = v.prop ? `'${showInvisibleChars(v.prop.key.value)}'` : 'the top level';
            ctx.report(
              diag(
                'field-in-custom-keys',
                `'${k}' is a key of '${holder}', which takes keys of your own, so it is read as one of them and ${owner} sets no '${k}'. If it is the field of ${owner}, it is indented a level too deep: it belongs one level up, beside '${holder}'.`,
                q.key.offset,
                q.key.length,
                {
                  related: [{ offset: p.key.offset, length: p.key.length, message: `'${holder}' starts here` }],
                  data: { key, up: p.key.value },
                },
              ),
            );
          }
        }
      },
    };
  },
};
