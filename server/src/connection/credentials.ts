// Format checks for credentials typed by hand (VS Code input boxes). They catch the usual paste
// mistakes — the scheme pasted along, a line break, quotes — without ever echoing the value.

export type CredentialKind = 'pat' | 'apiKey' | 'dataToken';

export const CREDENTIAL_LABELS: Record<CredentialKind, string> = {
  pat: 'personal access token',
  apiKey: 'project API key',
  dataToken: 'data token',
};

/** Returns a message saying what is wrong, or undefined when the value looks usable. */
export function validateCredential(kind: CredentialKind, raw: string): string | undefined {
  const value = raw.trim();
  const label = CREDENTIAL_LABELS[kind];
  if (!value) return `Enter the ${label}.`;
  if (/^(pat|bearer|basic)\s/i.test(value)) return `Enter the ${label} only, without the "${value.split(/\s/)[0] ?? ''}" scheme in front.`;
  if (/\s/.test(value)) return `The ${label} cannot contain spaces or line breaks.`;
  if (/^["'].*["']$/.test(value)) return `Enter the ${label} without quotes.`;
  if (/[^\x21-\x7e]/.test(value)) return `The ${label} contains characters that cannot be sent in an HTTP header.`;
  if (value.length < 8) return `That is too short to be a ${label}.`;
  return undefined;
}
