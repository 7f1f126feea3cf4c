// LLM configs nested in LLM configs (fallback, specificLlm) deeper than a sane bound.
import type { Rule } from '../rule';
import { diag } from '../../codes';

export const fallbackDepthRule: Rule = {
  start(ctx) {
    const max = ctx.options.maxFallbackDepth;
    return {
      visit(v) {
        // The bound counts the configs nested below the top one (`fallback`, `specificLlm`), as the
        // inlay hints number them ("fallback 16"): `maxFallbackDepth: 1` allows one fallback
        // (REVIEW4 G27: the top LLM was counted too, so 1 warned on every file with a fallback).
        if (v.chainDepth !== max + 2 || !v.prop) return;
        const key = v.prop.key;
        ctx.report(
          diag(
            'fallback-too-deep',
            `'${key.value}' nests ${v.resolved.union?.name ?? 'configs'} ${max + 1} levels below the top one, more than the bound of ${max} (${ctx.options.maxFallbackDepthSource ?? 'the default; `maxFallbackDepth` in .assistant-config.yaml sets another'}).`,
            key.offset,
            key.length,
          ),
        );
      },
    };
  },
};
