// The one format check for credentials, used by the VS Code input boxes, the settings step of
// every run (credentials from SecretStorage or from ASSISTANT_* variables) and so the CLI. It
// catches the usual paste mistakes — the scheme pasted along, a line break, quotes, characters
// an HTTP header cannot carry — without ever echoing the value, so that a malformed credential
// fails the settings step with a clear message instead of reaching the network.

export type CredentialKind = 'pat' | 'apiKey' | 'dataToken';

export const CREDENTIAL_LABELS: Record<CredentialKind, string> = {
  pat: 'personal access token',
  apiKey: 'project API key',
  dataToken: 'data token',
};

/** Where each credential comes from on the command line. */
export const CREDENTIAL_VARIABLES: Record<CredentialKind, string> = {
  pat: 'ASSISTANT_PAT',
  apiKey: 'ASSISTANT_API_KEY',
  dataToken: 'ASSISTANT_DATA_TOKEN',
};

/** The VS Code command that stores each credential. */
export const CREDENTIAL_COMMANDS: Record<CredentialKind, string> = {
  pat: 'AssistantConfig: Set Personal Access Token',
  apiKey: 'AssistantConfig: Set Project API Key',
  dataToken: 'AssistantConfig: Set Data Token',
};

/** Surrounding white space goes, a trailing line break (a pasted line, `echo` into a file) included. */
export function trimCredential(raw: string): string {
  return raw.trim();
}

/** What is wrong with a credential, in words that fit after "The <label> …"; undefined when it looks usable. */
export function credentialProblem(kind: CredentialKind, raw: string): string | undefined {
  const value = trimCredential(raw);
  if (!value) return 'is empty';
  const scheme = /^(pat|bearer|basic|token)[\s:]+\S/i.exec(value);
  if (scheme)
    return `starts with the scheme "${scheme[1] ?? ''}": store the value alone, without the scheme (it is added when the request is sent)`;
  // A whole `.env` line pasted (`ASSISTANT_PAT=pat_…`, `pat=…`): the name would be sent as part of the credential.
  // (The name is not repeated: it is part of what was stored.)
  if (/^(?:[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]*|pat|token|apikey)=(?=\S)/i.test(value))
    return 'starts with a variable name and "=" (a pasted line such as ASSISTANT_PAT=…): store the value alone, without them';
  if (/[\r\n]/.test(value)) return 'contains a line break';
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x08\x0b-\x1f\x7f]/.test(value)) return 'contains a control character';
  if (/\s/.test(value)) return 'contains a space or a tab';
  if (/^["'].*["']$/.test(value)) return 'is wrapped in quotes: store it without them';
  if (/[^\x21-\x7e]/.test(value))
    return 'contains characters that cannot be sent in an HTTP header (only printable ASCII can)';
  if (value.length < 8) return `is too short to be a ${CREDENTIAL_LABELS[kind]}`;
  return undefined;
}

/** The message for the VS Code input box; undefined when the value looks usable. */
export function validateCredential(kind: CredentialKind, raw: string): string | undefined {
  const problem = credentialProblem(kind, raw);
  if (!problem) return undefined;
  if (problem === 'is empty') return `Enter the ${CREDENTIAL_LABELS[kind]}.`;
  return `The ${CREDENTIAL_LABELS[kind]} ${problem}.`;
}
