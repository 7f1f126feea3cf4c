// LLM configs nested in LLM configs (fallback, specificLlm) deeper than a sane bound.
import type { Rule } from '../rule';
import { diag } from '../../codes';

export const fallbackDepthRule: Rule = {
  start(ctx) {
    const max = ctx.options.maxFallbackDepth;
    return {
      visit(v) {
        if (v.chainDepth !== max + 1 || !v.prop) return;
        const key = v.prop.key;
        ctx.report(
          diag(
            'fallback-too-deep',
            `'${key.value}' nests ${v.resolved.union?.name ?? 'configs'} ${max + 1} levels deep, more than the bound of ${max} (${ctx.options.maxFallbackDepthSource ?? 'the default; `maxFallbackDepth` in .assistant-config.yaml sets another'}).`,
            key.offset,
            key.length,
          ),
        );
      },
    };
  },
};
