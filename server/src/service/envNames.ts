// Suggested environment variable names for a credential, from where it stands in the document.
import type { Node } from '../parser/ast';
import { getPropertyValue, stringValue } from '../parser/ast';

const snake = (s: string): string =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toUpperCase();

/** `apiKey` under `provider: vendor_a` → `VENDOR_A_API_KEY`. */
export function suggestEnvName(envValue: Node): string {
  const prop = envValue.parent?.type === 'property' ? envValue.parent : undefined;
  const key = prop?.key.value ?? 'SECRET';
  const owner = prop?.parent;
  const provider = owner ? stringValue(getPropertyValue(owner, 'provider')) : undefined;
  // `cloudSecretAccessKey` under `cloud_c` is CLOUD_C_SECRET_ACCESS_KEY, not CLOUD_C_CLOUD_….
  const prefix = provider ? snake(provider) : '';
  let keyPart = snake(key);
  const firstWord = prefix.split('_')[0];
  if (firstWord && keyPart.startsWith(firstWord + '_')) keyPart = keyPart.slice(firstWord.length + 1);
  const name = prefix ? `${prefix}_${keyPart}` : keyPart;
  return /^[0-9]/.test(name) ? `_${name}` : name;
}
