// Objects that allow keys of the user's own (`featureFlags`): a key that is not one of the named
// keys but is close to one (`enable_visualization` for `enable_visualizations`) is most likely a
// misspelling that the service would silently ignore. Other custom keys are allowed and not reported.
import type { Rule } from '../rule';
import { diag } from '../../codes';
import { quotedWithNote } from '../../chars';
import { closestMatches, gluedKey, holdsMoreThanAKey, orList, quoteList } from '../../text';
import { resolve } from '../../../parser/ast';

export const nearMissKeyRule: Rule = {
  on: ['object'],
  start(ctx) {
    return {
      visit(v) {
        const schema = v.resolved.schema;
        if (v.node.type !== 'object' || schema?.additionalProperties !== true || !schema.properties) return;
        const named = Object.keys(schema.properties);
        const present = new Set(v.node.properties.map((p) => p.key.value));
        for (const p of v.node.properties) {
          const key = p.key.value;
          if (named.includes(key) || key === '<<') continue;
          const glued = gluedKey(key);
          const value = resolve(p.value);
          if (
            glued !== undefined &&
            named.includes(glued) &&
            !present.has(glued) &&
            !p.key.quoted &&
            (!value || value.type === 'null')
          ) {
            // `{enable_visualizations_v2:true}`: the named key glued to its value (REVIEW5 H19).
            ctx.report(
              diag(
                'near-miss-key',
                `A space is missing after '${glued}:': YAML reads '${glued}:…' as one custom key with no value. Write '${glued}: …'.`,
                p.key.offset,
                p.key.length,
                { data: { key, missingSpace: glued } },
              ),
            );
            continue;
          }
          // `{enable_visualisations:true}`: a misspelt named key glued to its value, one clear match.
          if (glued !== undefined && !p.key.quoted && (!value || value.type === 'null') && !named.includes(glued)) {
            const { best, tied } = closestMatches(glued, named);
            if (best !== undefined && tied.length === 1 && !present.has(best)) {
              ctx.report(
                diag(
                  'near-miss-key',
                  `A space is missing after '${glued}:', and '${glued}' is not one of the named keys: YAML reads '${glued}:…' as one custom key with no value. Did you mean '${best}: …'?`,
                  p.key.offset,
                  p.key.length,
                  { data: { key, missingSpace: best, gluedAs: glued } },
                ),
              );
              continue;
            }
          }
          // (Never a rename of a key that holds more than a key: it would drop the rest.)
          if (holdsMoreThanAKey(key)) continue;
          // The closest named keys the mapping does not set: `enable_visualizations_v` beside
          // `enable_visualizations_v2` means `…_v3` (REVIEW16-user N9). When every closest one is set
          // (`enable_visualization` beside `enable_visualizations`), it is a custom key of its own.
          const { tied: closest } = closestMatches(key, named);
          const tied = closest.filter((k) => !present.has(k));
          if (tied.length === 0) continue;
          const set = closest.filter((k) => present.has(k));
          const suggestion = tied.length === 1 ? tied[0] : undefined;
          const where = v.prop ? ` of ${v.prop.key.value}` : '';
          const alsoSet = set.length > 0 ? ` (${quoteList(set)} ${set.length > 1 ? 'are' : 'is'} set already)` : '';
          ctx.report(
            diag(
              'near-miss-key',
              `${quotedWithNote(key, 'key')} is not one of the named keys${where} (${quoteList(named)}); did you mean ${orList(tied)}${alsoSet}? (Other keys are allowed.)`,
              p.key.offset,
              p.key.length,
              { data: suggestion ? { key, suggestion } : { key, suggestions: tied } },
            ),
          );
        }
      },
    };
  },
};
