// Where Test Connection would send each stored credential, and which of those places the user has
// not agreed to (REVIEW4 G26). Credentials live in SecretStorage, per machine; the addresses come
// from settings, which a cloned repository's `.vscode/settings.json` can set. So before a stored
// credential goes to an origin that a workspace (not the user's own settings) names and that this
// credential was never sent to, the user is asked. The answers are kept per credential (origins
// only, nothing secret) and forgotten when that credential is stored again or cleared.
// No `vscode` import: the command (connection.ts) passes plain values in, and tests call it directly.
import type { CredentialKind } from '../../server/src/shared/testConnection';

/** Where a setting's value comes from: the user's own settings (or the default), or the workspace. */
export type SettingSource = 'user' | 'workspace';

export interface AddressSetting {
  /** The setting's name under `assistantConfig.connection.` */
  name: 'tokenRefreshUrl' | 'baseUrl' | 'executeProgramUrl' | 'dataSourceUrl';
  value: string;
  source: SettingSource;
}

/**
 * What goes out: a stored credential, or the session token (JWT) the token refresh obtains with the
 * stored personal access token (a user-scoped credential of its own: it lists, shares and manages the
 * user's threads while it lives).
 */
export type SentKind = CredentialKind | 'jwt';

/** One credential going to one origin, because of one setting. */
export interface Destination {
  kind: SentKind;
  origin: string;
  setting: AddressSetting['name'];
  source: SettingSource;
}

/** The origins each credential was agreed to go to (kept in the extension's global state). */
export type ApprovedOrigins = Partial<Record<SentKind, string[]>>;

export const APPROVED_ORIGINS_KEY = 'assistantConfig.connection.approvedOrigins';

/**
 * Which credential each address receives (server/src/connection/steps.ts): the PAT the token
 * refresh; the JWT (user-scoped thread listing) and the API key (project-scoped) the base address;
 * the API key and the data token the program run; and the data token, relayed by the service in
 * the program's `data_source.headers`, the data endpoint, when a program run is configured
 * (REVIEW8 K12: the base address's JWT and the data endpoint were not asked about).
 */
const RECEIVERS: Record<AddressSetting['name'], SentKind[]> = {
  tokenRefreshUrl: ['pat'],
  baseUrl: ['jwt', 'apiKey'],
  executeProgramUrl: ['apiKey', 'dataToken'],
  dataSourceUrl: ['dataToken'],
};

/** The stored credential a sent kind needs: the JWT is obtained with the PAT. */
const FROM: Record<SentKind, CredentialKind> = { pat: 'pat', jwt: 'pat', apiKey: 'apiKey', dataToken: 'dataToken' };

function originOf(raw: string): string | undefined {
  try {
    const u = new URL(raw.trim());
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every (credential, origin) a run would send, for the credentials that are stored. An address that
 * is not a URL is left out: the run's settings step refuses it and sends nothing.
 */
export function destinations(settings: AddressSetting[], stored: ReadonlySet<CredentialKind>): Destination[] {
  const out: Destination[] = [];
  // The data endpoint gets the data token only through a program run.
  const programRun = settings.some((s) => s.name === 'executeProgramUrl' && originOf(s.value) !== undefined);
  for (const s of settings) {
    if (!s.value.trim()) continue;
    if (s.name === 'dataSourceUrl' && !programRun) continue;
    const origin = originOf(s.value);
    if (!origin) continue;
    for (const kind of RECEIVERS[s.name]) {
      if (stored.has(FROM[kind]) && !out.some((d) => d.kind === kind && d.origin === origin))
        out.push({ kind, origin, setting: s.name, source: s.source });
    }
  }
  return out;
}

/** The destinations to ask about: named by the workspace, and not yet agreed for that credential. */
export function unapproved(ds: Destination[], approved: ApprovedOrigins | undefined): Destination[] {
  return ds.filter((d) => d.source === 'workspace' && !(approved?.[d.kind] ?? []).includes(d.origin));
}

/** The approvals after the user agreed to `ds`. */
export function approve(approved: ApprovedOrigins | undefined, ds: Destination[]): ApprovedOrigins {
  const next: ApprovedOrigins = { ...(approved ?? {}) };
  for (const d of ds) {
    const list = next[d.kind] ?? [];
    if (!list.includes(d.origin)) next[d.kind] = [...list, d.origin];
  }
  return next;
}

/** The approvals once `kind` is stored anew or cleared: a new credential (and what it obtains) has been sent nowhere. */
export function forget(approved: ApprovedOrigins | undefined, kinds: CredentialKind[]): ApprovedOrigins {
  const next: ApprovedOrigins = {};
  for (const [k, v] of Object.entries(approved ?? {}) as [SentKind, string[]][])
    if (!kinds.includes(FROM[k])) next[k] = v;
  return next;
}

const NAMES: Record<SentKind, string> = {
  pat: 'your stored personal access token',
  jwt: 'a session token (JWT) obtained with your stored personal access token',
  apiKey: 'your stored project API key',
  dataToken: 'your stored data token',
};

/** The question: which credential goes where, named by which workspace setting. */
export function question(ds: Destination[]): { message: string; detail: string } {
  const byOrigin = new Map<string, Destination[]>();
  for (const d of ds) byOrigin.set(d.origin, [...(byOrigin.get(d.origin) ?? []), d]);
  const lines = [...byOrigin].map(([origin, list]) => {
    const kinds = [...new Set(list.map((d) => NAMES[d.kind]))];
    const settings = [...new Set(list.map((d) => `assistantConfig.connection.${d.setting}`))];
    return `• ${origin}: ${kinds.join(', ')} (named by ${settings.join(', ')})`;
  });
  const one = ds.length === 1;
  return {
    message: `Send ${one ? 'a stored credential' : 'stored credentials'} to ${byOrigin.size === 1 ? 'an address' : 'addresses'} this workspace's settings name?`,
    detail: [
      `Test Connection would send ${one ? 'it' : 'them'} where ${one ? 'it has' : 'they have'} not been sent before:`,
      ...lines,
      '',
      "Credentials are stored for this machine; the addresses come from the workspace settings (for example a repository's .vscode/settings.json). Send only if you trust these addresses. Your answer is remembered until the credential is stored again or cleared.",
    ].join('\n'),
  };
}
