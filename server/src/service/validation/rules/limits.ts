// Integer limits (maxAssistantActions, contextWindowLimit, …) that are zero or negative.
import type { Rule } from '../rule';
import { typesOf } from '../../../model/schema';
import { diag } from '../../codes';

export const limitsRule: Rule = {
  start(ctx) {
    return {
      visit(v) {
        if (v.node.type !== 'number' || v.node.value > 0 || !v.prop) return;
        if (!typesOf(v.expected).includes('integer')) return;
        ctx.report(diag('non-positive-limit', `'${v.prop.key.value}' is ${v.node.value}; a limit of zero or less stops the feature it limits.`, v.node.offset, v.node.length));
      },
    };
  },
};
