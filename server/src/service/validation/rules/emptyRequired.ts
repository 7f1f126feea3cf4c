// A required string field left empty or blank (`modelId: ""`): valid for the schema's type, useless
// to the service. The quick fixes insert `""` and the snippets a `<field>` tab stop; this keeps both
// flagged until filled.
import type { Rule } from '../rule';
import { enumValuesOf, typesOf, unionOf, unwrapNullable } from '../../../model/schema';
import type { Schema } from '../../../model/schema';
import { diag } from '../../codes';
import { keyInVariant } from '../../../model/variantAround';

/** The placeholder the schema's snippets put in a required string for the user to fill: `<modelId>`. */
export function placeholderOf(key: string): string {
  return `<${key}>`;
}

/**
 * A value that is one `<…>` placeholder and nothing else, as docs, tutorials and our own snippets
 * write them (`<your-gcp-project>`, `<SECRET_NAME>`, `<modelId>`): no real name, region or URL looks
 * like that. A value with `<` or `>` inside other text (`a<b>c`, `<a> and <b>`) is no placeholder.
 */
const ANGLE_PLACEHOLDER = /^<[^<>\s][^<>]{0,200}>$/;

export function isPlaceholderText(value: string): boolean {
  // (Asked of most values of every file: without a `<` there is nothing to trim and match.)
  return value.includes('<') && ANGLE_PLACEHOLDER.test(value.trim());
}

/**
 * A snippet's tab stop left in a value (`${1:<modelId>}`, `${2}`, `${1|a,b|}`, a whole `$1`): what an
 * editor that inserts snippets as text writes. Certainly unfilled: reported as a placeholder is.
 */
const SNIPPET_STOP = /\$\{\d+(?:[:|][^}]*)?\}|^\$\d+$/;

export function holdsSnippetStop(value: string): boolean {
  // (Both forms hold a `$`; most values have none.)
  return value.includes('$') && SNIPPET_STOP.test(value);
}

/** The default text of a value that is one snippet tab stop and nothing else (`${1:NAME}` → `NAME`). */
export function snippetStopDefault(value: string): string | undefined {
  return /^\$\{\d+:([^${}]*)\}$/.exec(value)?.[1];
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
        // (The snippet's own `<modelId>`, or any `<…>` placeholder of docs and tutorials: REVIEW5 H12.)
        const placeholder =
          (value.length === key.length + 2 && value === placeholderOf(key)) || isPlaceholderText(value);
        const stop = !placeholder && holdsSnippetStop(value);
        if ((value.trim() !== '' && !placeholder && !stop) || !isRequiredString(v.owner, key, v.expected)) return;
        // A union's discriminator left empty is unknown-discriminator's (one diagnostic: REVIEW8 K3).
        if (value.trim() === '' && unionOf(v.owner)?.property === key) return;
        const what = placeholder
          ? `still the placeholder '${value.trim()}'`
          : stop
            ? `still the snippet's placeholder '${value}' (inserted as text by an editor without snippets)`
            : value === ''
              ? 'empty'
              : 'blank';
        ctx.report(
          diag(
            'empty-required',
            `${keyInVariant(key, v.node)} is required and is ${what}: fill it in.`,
            v.node.offset,
            v.node.length,
            {
              data: { key },
            },
          ),
        );
      },
    };
  },
};
