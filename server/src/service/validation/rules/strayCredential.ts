// Text shaped like a credential in a value that is not a credential field (REVIEW5 H3): a key in
// `model`, in a URL's path or query, in the system instructions (sent to the LLM with every
// thread), in a free-form map such as `featureFlags`. Every output masks it already (the same
// recogniser, credentialShapes.ts); this makes the file not lint clean while it holds one. Credential
// fields (EnvironmentValue: `value`, `valueFromEnv`, a plain string in their place) are the envValue
// rule's (`literal-secret` there too); a URL's user information is url-credentials'. Keys and list
// items are scalars of the file too (REVIEW6 I15: `featureFlags: {'sk-…': true}`, `columns: [sk-…]`):
// read here once per mapping and per list, as blankString reads them (the walk does not visit them).
import type { Rule, RuleContext } from '../rule';
import type { Node, StringNode } from '../../../parser/ast';
import { credentialKeys, definition } from '../../../model/schema';
import { diag } from '../../codes';
import { SHORTEST_SHAPE, credentialByName, credentialShapes, maskShapes, mayHoldShape } from '../../credentialShapes';

/** Shorter values are not scanned (nothing in them is credential-shaped). */
const SHORTEST = SHORTEST_SHAPE;
const USERINFO = /^\s*[A-Za-z][A-Za-z0-9+.-]{0,31}:\/\/[^\s/?#@]{1,1024}@/;

export const strayCredentialRule: Rule = {
  on: ['string', 'object', 'array'],
  start(ctx) {
    const env = definition('EnvironmentValue');
    const { known } = credentialKeys();
    return {
      visit(v) {
        // Reached through an alias, the value is the anchor's: reported there once.
        if (v.via) return;
        const n = v.node;
        const key = v.prop?.key.value;
        if (n.type === 'object') {
          // Its keys, as written (a duplicate's ignored copy too): `featureFlags: {'sk-…': true}`, a schema name in `tables`.
          for (let i = 0; i < n.properties.length; i++) {
            const k = n.properties[i]!.key;
            if (k.value.length >= SHORTEST) check(ctx, k, KEY, key, '');
            // A value a key the schema does not know names as a credential (`featureFlags: {x-api-key:
            // …, db_password: …}`), as credentialShapes reads `x-api-key: …` in any text (REVIEW7 J7).
            // (Reached through an alias it is the anchor's; a credential-shaped value is reported below.)
            const value = n.properties[i]!.value;
            if (
              value?.type === 'string' &&
              !known.has(k.value) &&
              credentialByName(k.value, value.value) &&
              credentialShapes(value.value).length === 0
            )
              ctx.report(
                diag(
                  'literal-secret',
                  `'${maskShapes(k.value)}'${key !== undefined ? ` in '${key}'` : ''} holds a credential (not shown), as its name says: a credential written in the file is committed with it. Remove it; a credential belongs in an environment variable, read with 'valueFromEnv' in a credential field.`,
                  value.offset,
                  value.length,
                ),
              );
          }
          return;
        }
        if (n.type === 'array') {
          // Its scalar items (`columns: [sk-…]`, `functions: [ghp_…]`); mappings and lists in it are visited.
          for (let i = 0; i < n.items.length; i++) {
            const item = n.items[i]!;
            if (item.type === 'string' && item.value.length >= SHORTEST) check(ctx, item, ITEM, key, '');
          }
          return;
        }
        // Keys and items above are read in credential fields too (`apiKey: {sk-…}` is no EnvironmentValue
        // key: a secret pasted as a mapping); a credential field's string value is the envValue rule's.
        if (n.type !== 'string' || n.value.length < SHORTEST) return;
        // (A scalar's resolved schema is unwrapNullable(v.expected), worked out once by the walk.)
        if (env && (v.owner === env || v.resolved.schema === env)) return;
        // `value:` / `valueFromEnv:` under a key the schema does not know here: still a credential field.
        if (key === 'value' || key === 'valueFromEnv') return;
        const sent = key === 'systemInstructions' ? ', and instructions are sent to the LLM with every thread' : '';
        check(ctx, n, VALUE, key, sent);
      },
    };
  },
};

/** What check reads: a mapping's key, a list's item, a value; said with the key that holds it. */
const KEY = 0;
const ITEM = 1;
const VALUE = 2;

/** How a finding names what it is in (made only for a finding: check runs on most long scalars of a file). */
function described(form: number, key: string | undefined): string {
  if (form === KEY) return key !== undefined ? `A key in '${key}'` : 'A key';
  if (form === ITEM) return key !== undefined ? `An item of '${key}'` : 'An item';
  return key !== undefined ? `'${key}'` : 'This value';
}

/** One warning when a scalar (a value, a key, a list item) holds credential-shaped text. */
function check(ctx: RuleContext, n: StringNode, form: number, key: string | undefined, sent: string): void {
  const value = n.value;
  // Most scalars hold no 15-character run, URL with user information or PEM header: not scanned.
  if (!mayHoldShape(value, 0, value.length)) return;
  // (The user information of a URL needs an `@`: most values have none.)
  const userinfo = value.includes('@') ? USERINFO.exec(value) : null;
  const shapes = credentialShapes(value).filter((s) => !userinfo || s.offset >= userinfo[0].length);
  if (shapes.length === 0) return;
  ctx.report(
    diag(
      'literal-secret',
      `${described(form, key)} holds text shaped like a credential (not shown): a credential written in the file is committed with it${sent}. Remove it; a credential belongs in an environment variable, read with 'valueFromEnv' in a credential field.`,
      ...where(ctx.doc.text, n, value.slice(shapes[0]!.offset, shapes[0]!.offset + shapes[0]!.length)),
    ),
  );
}

/**
 * The range of `piece` in the source of a value written over several lines (a block scalar: the user
 * would look for it through the whole block, REVIEW6 I17); the value's range otherwise, or when the
 * source does not hold the piece as written (escapes).
 */
function where(text: string, node: Node, piece: string): [number, number] {
  const end = node.offset + node.length;
  const nl = text.indexOf('\n', node.offset);
  if (nl < 0 || nl >= end) return [node.offset, node.length];
  const at = text.indexOf(piece, node.offset);
  return at >= 0 && at + piece.length <= end ? [at, piece.length] : [node.offset, node.length];
}
