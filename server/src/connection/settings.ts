// Checks every setting and credential before anything is sent: a request with a malformed
// project ID or to a plain http:// host must never leave the machine.
import type { ConnectionOptions, Credentials, DataAuthMode, Diagnosis } from './types';
import { checkServiceUrl, isUrlProblem } from './url';
import type { UrlProblem } from './url';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024;

export interface ResolvedSettings {
  baseUrl: URL;
  tokenRefreshUrl: URL;
  projectId: string;
  program?: { url: URL; dataSourceUrl: URL; dataAuthMode: DataAuthMode };
  timeoutMs: number;
  connectTimeoutMs: number;
  maxResponseBytes: number;
  provider: string;
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
  const projectId = (o.projectId ?? '').trim();
  if (!projectId) problems.push({ diagnosis: 'missing-setting', message: 'The project ID (projectId) is not set.' });
  else if (!UUID.test(projectId)) problems.push({ diagnosis: 'invalid-project-id', message: 'The project ID (projectId) is not a UUID.' });
  if (!c.pat) problems.push({ diagnosis: 'missing-credential', message: 'No personal access token (PAT) is stored; it is needed for token refresh.' });

  const timeoutMs = positiveInt(o.timeoutMs, DEFAULT_TIMEOUT_MS, 'timeoutMs', problems);
  const connectTimeoutMs = Math.min(positiveInt(o.connectTimeoutMs, DEFAULT_CONNECT_TIMEOUT_MS, 'connectTimeoutMs', problems), timeoutMs);
  const maxResponseBytes = positiveInt(o.maxResponseBytes, DEFAULT_MAX_RESPONSE_BYTES, 'maxResponseBytes', problems);

  const mode = (o.dataAuthMode ?? '').trim() || 'default';
  if (mode !== 'default' && mode !== 'jwt') {
    problems.push({ diagnosis: 'invalid-setting', message: 'The data authentication mode (dataAuthMode) must be "default" or "jwt".' });
  }

  let program: ResolvedSettings['program'];
  if (o.executeProgramUrl?.trim()) {
    const programUrl = url(o.executeProgramUrl, 'The program-execution address (executeProgramUrl)');
    const dataSourceUrl = url(o.dataSourceUrl, 'The data endpoint address (dataSourceUrl)');
    if (dataSourceUrl && !/\/v1\/sql$/.test(dataSourceUrl.pathname)) {
      problems.push({ diagnosis: 'invalid-data-source-url', message: 'The data endpoint address (dataSourceUrl) must end in /v1/sql.' });
    }
    if (!c.apiKey) problems.push({ diagnosis: 'missing-credential', message: 'No project API key is stored; program execution needs it.' });
    if (!c.dataToken) problems.push({ diagnosis: 'missing-credential', message: 'No data token is stored; program execution passes it to the data endpoint.' });
    if (programUrl && dataSourceUrl) program = { url: programUrl, dataSourceUrl, dataAuthMode: mode === 'jwt' ? 'jwt' : 'default' };
  }

  if (problems.length > 0 || !tokenRefreshUrl || !baseUrl) return problems;
  return { baseUrl, tokenRefreshUrl, projectId, program, timeoutMs, connectTimeoutMs, maxResponseBytes, provider: o.provider?.trim() || 'hosted' };
}

function urlDiagnosis(p: UrlProblem): Diagnosis {
  if (p.kind === 'missing') return 'missing-setting';
  if (p.kind === 'insecure-http') return 'insecure-url';
  return 'invalid-setting';
}

function positiveInt(v: number | undefined, dflt: number, name: string, problems: SettingsProblem[]): number {
  if (v === undefined) return dflt;
  if (!Number.isInteger(v) || v <= 0) {
    problems.push({ diagnosis: 'invalid-setting', message: `${name} must be a positive whole number of ${name === 'maxResponseBytes' ? 'bytes' : 'milliseconds'}.` });
    return dflt;
  }
  return v;
}
