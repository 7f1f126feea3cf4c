// Integer limits (maxAssistantActions, contextWindowLimit, …) that are zero or negative. The spec
// gives these limits no defaults and no meaning below one, so the warning says only that.
import type { Rule } from '../rule';
import { typesOf } from '../../../model/schema';
import { diag } from '../../codes';

export const limitsRule: Rule = {
  on: ['number'],
  start(ctx) {
    return {
      visit(v) {
        // NaN, infinities and fractions already get their own diagnostic (not a whole number).
        if (v.node.type !== 'number' || !Number.isInteger(v.node.value) || v.node.value > 0 || !v.prop) return;
        if (!typesOf(v.expected).includes('integer')) return;
        ctx.report(
          diag(
            'non-positive-limit',
            `'${v.prop.key.value}' is ${v.node.value}: the spec does not say what a limit of zero or less does; a maximum is expected to be at least 1.`,
            v.node.offset,
            v.node.length,
          ),
        );
      },
    };
  },
};
