// The public shapes of Test Connection: what the caller passes in, what comes back.
import type { NetErrorKind } from './errors';
import type { TokenCache } from './tokenCache';

export type DataAuthMode = 'default' | 'jwt';

export interface ConnectionOptions {
  /** `{base_url}` of the service. */
  baseUrl: string;
  /** `{token_refresh_url}` on the authentication host. */
  tokenRefreshUrl: string;
  /** The project ID, a UUID, sent as x-platform-project-id. */
  projectId: string;
  /** The project's data endpoint (must end in /v1/sql); needed when executeProgramUrl is set. */
  dataSourceUrl?: string;
  /**
   * How the data endpoint authenticates (a DataAuthMode); `default` when absent. Any string, so that
   * callers may pass raw input: it is checked.
   */
  dataAuthMode?: string;
  /** Address of the program-execution operation; the program step runs only when it is set. */
  executeProgramUrl?: string;
  /** `aiPrimitivesLlm.provider` of the open configuration; `hosted` when absent. */
  provider?: string;
  /**
   * Where `provider` was read (`aiPrimitivesLlm.provider in a.assistant.yaml, line 5`): a wrong one is
   * named there, and the advice says to fix it in that file (no setting, flag or variable sets it).
   */
  providerSource?: string;
  /** The program sent by the program step (see DEFAULT_PROGRAM). */
  programCode?: string;
  /** Time limit of the whole run, every step together, in ms (default 30000); each request gets what is left. */
  timeoutMs?: number;
  /** Timeout for opening one connection (TCP + TLS), at most what is left of timeoutMs (default 10000). */
  connectTimeoutMs?: number;
  /** Largest answer read, in bytes (default 1 MiB). */
  maxResponseBytes?: number;
  /** Explicit proxy URL (VS Code's `http.proxy`); else the environment's HTTPS_PROXY/HTTP_PROXY. */
  proxy?: string;
  /** Environment for proxy variables (HTTPS_PROXY, HTTP_PROXY, NO_PROXY); default process.env. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Extra trusted CA certificates (PEM). */
  ca?: string | Buffer;
  /** Reuse of JWTs between runs; without one, every run refreshes. */
  tokenCache?: TokenCache;
  /**
   * Where each credential was set, named in the settings step's message when it is malformed
   * (the CLI says ASSISTANT_PAT, VS Code the "Set Personal Access Token" command).
   */
  credentialSources?: Partial<Record<'pat' | 'apiKey' | 'dataToken', string>>;
  /** What runs the test, named in the requests' User-Agent (`cli`, `vscode 1.95.0`); see userAgent.ts. */
  client?: string;
  /** Clock, for tests. */
  now?: () => number;
}

/** Secrets, always passed separately from settings so that settings can be logged. */
export interface Credentials {
  /** Personal access token or project service account token. */
  pat?: string;
  /** The project API key (project-scoped calls). */
  apiKey?: string;
  /** The data endpoint's token (x-platform-data-token, or the bearer token in jwt mode). */
  dataToken?: string;
}

export type StepName = 'settings' | 'token-refresh' | 'threads-user' | 'threads-project' | 'execute-program';
export type StepStatus = 'pass' | 'fail' | 'skip';

export type Diagnosis =
  | NetErrorKind
  | 'missing-setting'
  | 'invalid-setting'
  | 'invalid-provider'
  | 'invalid-project-id'
  | 'invalid-data-source-url'
  | 'missing-credential'
  | 'invalid-credential'
  | 'refresh-unauthorized'
  | 'forbidden'
  | 'jwt-refused'
  | 'api-key-refused'
  | 'program-rejected'
  | 'not-found'
  | 'server-error'
  | 'unexpected-status'
  | 'not-json'
  | 'invalid-json'
  | 'rate-limited'
  | 'no-token'
  | 'not-jwt'
  | 'jwt-expired';

export interface StepResult {
  name: StepName;
  /** Human title of the step. */
  title: string;
  status: StepStatus;
  durationMs: number;
  httpStatus?: number;
  /** What happened, redacted. */
  message: string;
  /** Stable code of the failure (or of the reason for a skip). */
  diagnosis?: Diagnosis;
  /** What to do about it. */
  advice?: string;
}

export interface TestConnectionReport {
  ok: boolean;
  startedAt: string;
  durationMs: number;
  steps: StepResult[];
  /** Expiry of the JWT obtained (ISO 8601); the token itself is never reported. */
  tokenExpiresAt?: string;
  /** The proxy used (without credentials), when one was. */
  proxy?: string;
}

export interface RunControl {
  signal?: AbortSignal;
  /** Called when a step starts (for progress messages). */
  onStepStart?: (name: StepName, title: string) => void;
  /** Called with each finished step, already redacted. */
  onStep?: (step: StepResult) => void;
}
