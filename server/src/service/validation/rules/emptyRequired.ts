// A required string field left empty or blank (`modelId: ""`): valid for the schema's type, useless
// to the service. The quick fixes insert `""` and the snippets a `<field>` tab stop; this keeps both
// flagged until filled.
import type { Rule } from '../rule';
import { enumValuesOf, typesOf, unwrapNullable } from '../../../model/schema';
import type { Schema } from '../../../model/schema';
import { diag } from '../../codes';

/** The placeholder the schema's snippets put in a required string for the user to fill: `<modelId>`. */
export function placeholderOf(key: string): string {
  return `<${key}>`;
}

/** Whether `key` of a mapping of schema `owner` is a required free-form string (no null, no fixed values). */
export function isRequiredString(owner: Schema | undefined, key: string, expected: Schema | undefined): boolean {
  const o = unwrapNullable(owner);
  if (!o?.required?.includes(key)) return false;
  const types = typesOf(expected);
  if (types.length !== 1 || types[0] !== 'string') return false;
  const { values, open } = enumValuesOf(expected);
  return values.length === 0 || open;
}

export const emptyRequiredRule: Rule = {
  on: ['string'],
  start(ctx) {
    return {
      visit(v) {
        if (v.node.type !== 'string' || !v.prop) return;
        const key = v.prop.key.value;
        const value = v.node.value;
        const placeholder = value.length === key.length + 2 && value === placeholderOf(key);
        if ((value.trim() !== '' && !placeholder) || !isRequiredString(v.owner, key, v.expected)) return;
        const what = placeholder ? `still the placeholder '${value}'` : value === '' ? 'empty' : 'blank';
        ctx.report(
          diag('empty-required', `'${key}' is required and is ${what}: fill it in.`, v.node.offset, v.node.length, {
            data: { key },
          }),
        );
      },
    };
  },
};
