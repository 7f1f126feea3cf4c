// EnvironmentValue fixes: `literal-secret` (move the literal to `valueFromEnv`) and
// `env-value-conflict` (keep one of `value`/`valueFromEnv`, or add `valueFromEnv`).
import { getProperty, resolve } from '../../parser/ast';
import { unwrapNullable } from '../../model/schema';
import { suggestEnvName } from '../envNames';
import { addProperties, contentEnd, removeProperties, replaceScalar, scalar } from './edits';
import { findObject, valueAt } from './find';
import { envValueSchema, FROM_ENV_KEY, LITERAL_KEY } from './placeholders';
import type { Fix, FixProvider } from './provider';

export const literalSecret: FixProvider = (doc, d) => {
  const literal = valueAt(doc, d.offset);
  const prop = literal?.parent;
  if (!literal || prop?.type !== 'property' || prop.key.value !== LITERAL_KEY) return [];
  const obj = prop.parent;
  const existing = getProperty(obj, FROM_ENV_KEY);
  if (existing) {
    const name = resolve(existing.value);
    const which = name?.type === 'string' ? ` (${name.value})` : '';
    // Never the secret itself in a title: only the key names and the variable's name.
    return [{ title: `Remove the literal '${LITERAL_KEY}' and keep '${FROM_ENV_KEY}'${which}`, edits: removeProperties(doc, obj, [prop]), isPreferred: true }];
  }
  const name = d.data?.suggestion ?? suggestEnvName(obj);
  return [
    {
      title: `Move the secret to the environment variable ${name} ('${FROM_ENV_KEY}: ${name}')`,
      // A block scalar's range ends past its line break: only its content is replaced.
      edits: [replaceScalar(doc, prop.key, FROM_ENV_KEY), { ...replaceScalar(doc, literal, name, true), length: contentEnd(doc.text, literal) - literal.offset }],
      isPreferred: true,
    },
  ];
};

export const envValueConflict: FixProvider = (doc, d) => {
  const envSchema = envValueSchema();
  const site = findObject(doc, (v, obj) => v.resolved.schema === envSchema && ((v.prop !== undefined && v.prop.key.offset === d.offset) || obj.offset === d.offset));
  if (!site) return [];
  const obj = site.obj;
  const literal = getProperty(obj, LITERAL_KEY);
  const fromEnv = getProperty(obj, FROM_ENV_KEY);
  if (literal && fromEnv) {
    const keep = (kept: string, dropped: typeof literal, preferred: boolean): Fix => ({
      title: `Keep '${kept}' (remove '${dropped.key.value}')`,
      edits: removeProperties(doc, obj, obj.properties.filter((p) => p.key.value === dropped.key.value)),
      isPreferred: preferred,
    });
    return [keep(FROM_ENV_KEY, literal, true), keep(LITERAL_KEY, fromEnv, false)];
  }
  if (literal || fromEnv) return [];
  const name = suggestEnvName(obj);
  const order = Object.keys(unwrapNullable(site.resolved.schema)?.properties ?? {});
  return [{ title: `Add '${FROM_ENV_KEY}: ${name}'`, edits: addProperties(doc, obj, [{ key: FROM_ENV_KEY, value: scalar(name) }], order), isPreferred: true }];
};
