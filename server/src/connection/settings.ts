// Checks every setting and credential before anything is sent: a request with a malformed
// project ID or to a plain http:// host must never leave the machine.
import { CREDENTIAL_COMMANDS, CREDENTIAL_LABELS, CREDENTIAL_VARIABLES, credentialProblem } from './credentials';
import type { CredentialKind } from './credentials';
import type { ConnectionOptions, Credentials, DataAuthMode, Diagnosis } from './types';
import { checkServiceUrl, isUrlProblem } from './url';
import { definition, unionOf } from '../model/schema';
import { credentialShapes } from '../service/credentialShapes';
import { closest } from '../service/text';
import type { UrlProblem } from './url';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The time limit of a whole run (every step together). */
export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024;
/** The longest time limit a timer can hold (2^31-1 ms, about 24.8 days): Node turns anything longer into 1 ms. */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;

export interface ResolvedSettings {
  baseUrl: URL;
  tokenRefreshUrl: URL;
  projectId: string;
  program?: { url: URL; dataSourceUrl: URL; dataAuthMode: DataAuthMode };
  timeoutMs: number;
  connectTimeoutMs: number;
  maxResponseBytes: number;
  provider: string;
  /**
   * The provider is not one the schema knows (a typo, a key pasted there): only program execution,
   * which sends it, fails for it (REVIEW8 K7); the other steps still prove the credentials.
   */
  providerProblem?: SettingsProblem;
}

export interface SettingsProblem {
  diagnosis: Diagnosis;
  message: string;
}

export function resolveSettings(o: ConnectionOptions, c: Credentials): ResolvedSettings | SettingsProblem[] {
  const problems: SettingsProblem[] = [];
  const url = (raw: string | undefined, what: string): URL | undefined => {
    const r = checkServiceUrl(raw, what);
    if (isUrlProblem(r)) {
      problems.push({ diagnosis: urlDiagnosis(r), message: r.message });
      return undefined;
    }
    return r;
  };

  const tokenRefreshUrl = url(o.tokenRefreshUrl, 'The token refresh address (tokenRefreshUrl)');
  const baseUrl = url(o.baseUrl, 'The base address (baseUrl)');
  const projectId = o.projectId.trim();
  if (!projectId) problems.push({ diagnosis: 'missing-setting', message: 'The project ID (projectId) is not set.' });
  else if (!UUID.test(projectId))
    problems.push({ diagnosis: 'invalid-project-id', message: 'The project ID (projectId) is not a UUID.' });
  if (!c.pat)
    problems.push({
      diagnosis: 'missing-credential',
      message: 'No personal access token (PAT) is stored; it is needed for token refresh.',
    });
  // A malformed credential fails here, named by where it is set, and nothing is sent: a line
  // break or a pasted scheme would otherwise reach the network as a confusing header error or
  // as "pat pat …" that the service refuses like a revoked token.
  for (const kind of ['pat', 'apiKey', 'dataToken'] as const) {
    const value = c[kind];
    const problem = value ? credentialProblem(kind, value) : undefined;
    if (problem)
      problems.push({
        diagnosis: 'invalid-credential',
        message: `The ${CREDENTIAL_LABELS[kind]} (${sourceOf(kind, o)}) ${problem}. Nothing was sent.`,
      });
  }

  const timeoutMs = positiveInt(o.timeoutMs, DEFAULT_TIMEOUT_MS, 'timeoutMs', problems);
  const connectTimeoutMs = Math.min(
    positiveInt(o.connectTimeoutMs, DEFAULT_CONNECT_TIMEOUT_MS, 'connectTimeoutMs', problems),
    timeoutMs,
  );
  const maxResponseBytes = positiveInt(o.maxResponseBytes, DEFAULT_MAX_RESPONSE_BYTES, 'maxResponseBytes', problems);

  const mode = (o.dataAuthMode ?? '').trim() || 'default';
  if (mode !== 'default' && mode !== 'jwt') {
    problems.push({
      diagnosis: 'invalid-setting',
      message: 'The data authentication mode (dataAuthMode) must be "default" or "jwt".',
    });
  }

  let program: ResolvedSettings['program'];
  if (o.executeProgramUrl?.trim()) {
    const programUrl = url(o.executeProgramUrl, 'The program-execution address (executeProgramUrl)');
    const dataSourceUrl = url(o.dataSourceUrl, 'The data endpoint address (dataSourceUrl)');
    if (dataSourceUrl && !/\/v1\/sql$/.test(dataSourceUrl.pathname)) {
      problems.push({
        diagnosis: 'invalid-data-source-url',
        message: 'The data endpoint address (dataSourceUrl) must end in /v1/sql.',
      });
    }
    if (!c.apiKey)
      problems.push({
        diagnosis: 'missing-credential',
        message: 'No project API key is stored; program execution needs it.',
      });
    if (!c.dataToken)
      problems.push({
        diagnosis: 'missing-credential',
        message: 'No data token is stored; program execution passes it to the data endpoint.',
      });
    if (programUrl && dataSourceUrl)
      program = { url: programUrl, dataSourceUrl, dataAuthMode: mode === 'jwt' ? 'jwt' : 'default' };
  }

  // The provider sent with program execution (aiPrimitivesLlm.provider of the open config): one of the
  // schema's providers, never a typo the service would reject nor a key pasted there (sent as a name,
  // it would land in the service's logs).
  const provider = o.provider?.trim() || 'hosted';
  const providers = unionOf(definition('LlmConfig'))?.variants.map((v) => v.value) ?? [];
  let providerProblem: SettingsProblem | undefined;
  if (providers.length > 0 && !providers.includes(provider)) {
    const shaped = credentialShapes(provider).length > 0;
    const meant = shaped ? undefined : closest(provider, providers);
    const where = o.providerSource ?? 'aiPrimitivesLlm.provider in the configuration';
    providerProblem = {
      diagnosis: 'invalid-provider',
      message: shaped
        ? `The provider (${where}) looks like a credential, not a provider (it is not shown). It was not sent.`
        : `The provider (${where}), '${provider}', is not a provider${meant ? ` (did you mean '${meant}'?)` : ''}; valid: ${providers.join(', ')}. It was not sent.`,
    };
  }

  if (problems.length > 0 || !tokenRefreshUrl || !baseUrl)
    return providerProblem ? [...problems, providerProblem] : problems;
  return {
    ...(providerProblem ? { providerProblem } : {}),
    baseUrl,
    tokenRefreshUrl,
    projectId,
    program,
    timeoutMs,
    connectTimeoutMs,
    maxResponseBytes,
    provider,
  };
}

function urlDiagnosis(p: UrlProblem): Diagnosis {
  if (p.kind === 'missing') return 'missing-setting';
  if (p.kind === 'insecure-http') return 'insecure-url';
  return 'invalid-setting';
}

function positiveInt(v: number | undefined, dflt: number, name: string, problems: SettingsProblem[]): number {
  if (v === undefined) return dflt;
  const bytes = name === 'maxResponseBytes';
  if (!Number.isInteger(v) || v <= 0 || (!bytes && v > MAX_TIMEOUT_MS)) {
    problems.push({
      diagnosis: 'invalid-setting',
      message: bytes
        ? `${name} must be a positive whole number of bytes.`
        : `${name} must be a positive whole number of milliseconds, at most ${MAX_TIMEOUT_MS}.`,
    });
    return dflt;
  }
  return v;
}

function sourceOf(kind: CredentialKind, o: ConnectionOptions): string {
  return (
    o.credentialSources?.[kind] ?? `stored with "${CREDENTIAL_COMMANDS[kind]}" or set in ${CREDENTIAL_VARIABLES[kind]}`
  );
}
