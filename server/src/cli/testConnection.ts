// `assistant-config test-connection`: the Test Connection report for CI pipelines. Settings come
// from flags or ASSISTANT_* variables (flags win); credentials come from the environment only,
// because a command line shows up in shell history, CI logs and process lists.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { formatReport, reportToJson, runTestConnection } from '../connection';
import { configSyntaxError, providerOfConfig } from '../service/connectionConfig';
import { CREDENTIAL_VARIABLES, MAX_TIMEOUT_MS, redact } from '../connection';
import type { ConnectionOptions, Credentials } from '../connection';
import { languageOf } from '../parser';
import { UsageError } from './io';
import type { CliIO } from './io';
import { visible, visibleLines } from './visible';

const USAGE = `Usage: assistant-config test-connection [options]

Proves that the project's credentials work: token refresh, the user-scoped and project-scoped
thread listing, and (when configured) one program run.

Options (each also from the environment variable shown; a flag wins):
  --config FILE               AssistantConfig file whose aiPrimitivesLlm.provider is sent (default: hosted)
  --base-url URL              ASSISTANT_BASE_URL            service base address ({base_url})
  --token-refresh-url URL     ASSISTANT_TOKEN_REFRESH_URL   token refresh address
  --project-id UUID           ASSISTANT_PROJECT_ID          project ID
  --data-source-url URL       ASSISTANT_DATA_SOURCE_URL     data endpoint, ending in /v1/sql
  --data-auth-mode MODE       ASSISTANT_DATA_AUTH_MODE      default | jwt
  --execute-program-url URL   ASSISTANT_EXECUTE_PROGRAM_URL program-execution address
  --timeout-ms N              ASSISTANT_TIMEOUT_MS          time limit of the whole run, every step
                                                            together, in ms (default 30000)
  --format text|json                                        output format (default text)

Credentials, from the environment only (never flags):
  ASSISTANT_PAT        personal access token or project service account token
  ASSISTANT_API_KEY    project API key (project-scoped query and program run)
  ASSISTANT_DATA_TOKEN data endpoint token (program run)

A credential with a line break, a control character, a space, quotes or its scheme pasted in
front ("pat …", "Bearer …") fails the settings step and nothing is sent; a trailing line break
is trimmed.

In text format each step is announced on stderr as it starts; the report goes to stdout (in
JSON format stdout holds only the JSON report). Ctrl-C stops at once and prints the partial report.

Proxy: HTTPS_PROXY / HTTP_PROXY and NO_PROXY. Extra CA certificates: NODE_EXTRA_CA_CERTS.
Exit status: 0 every step passed, 1 a step failed (or was not run), 2 usage error,
130 interrupted (Ctrl-C; the partial report is printed).
`;

type Setting =
  | 'config'
  | 'baseUrl'
  | 'tokenRefreshUrl'
  | 'projectId'
  | 'dataSourceUrl'
  | 'dataAuthMode'
  | 'executeProgramUrl'
  | 'timeoutMs'
  | 'format';

const FLAGS: Record<string, Setting> = {
  '--config': 'config',
  '--base-url': 'baseUrl',
  '--token-refresh-url': 'tokenRefreshUrl',
  '--project-id': 'projectId',
  '--data-source-url': 'dataSourceUrl',
  '--data-auth-mode': 'dataAuthMode',
  '--execute-program-url': 'executeProgramUrl',
  '--timeout-ms': 'timeoutMs',
  '--format': 'format',
};

const ENV: Partial<Record<Setting, string>> = {
  baseUrl: 'ASSISTANT_BASE_URL',
  tokenRefreshUrl: 'ASSISTANT_TOKEN_REFRESH_URL',
  projectId: 'ASSISTANT_PROJECT_ID',
  dataSourceUrl: 'ASSISTANT_DATA_SOURCE_URL',
  dataAuthMode: 'ASSISTANT_DATA_AUTH_MODE',
  executeProgramUrl: 'ASSISTANT_EXECUTE_PROGRAM_URL',
  timeoutMs: 'ASSISTANT_TIMEOUT_MS',
};

/** Flags that look like they carry a credential; refused without ever echoing their value. */
const SECRET_FLAG =
  /^--(pat|token|jwt|api-?key|key|data-?token|secret|password|personal-access-token|service-account-token|bearer)$/i;

const CREDENTIAL_HELP =
  'credentials are never read from the command line (it ends up in shell history, CI logs and process lists). ' +
  'Set them in the environment instead: ASSISTANT_PAT, ASSISTANT_API_KEY, ASSISTANT_DATA_TOKEN.';

export async function testConnectionCommand(args: string[], io: CliIO, signal?: AbortSignal): Promise<number> {
  const flags = parseArgs(args);
  if (flags === 'help') {
    io.stdout(USAGE);
    return 0;
  }
  const get = (s: Setting): string | undefined => {
    const envName = ENV[s];
    const v = flags[s] ?? (envName ? io.env[envName] : undefined);
    return v?.trim() ? v.trim() : undefined;
  };

  const format = get('format') ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be 'text' or 'json'.`);
  const mode = get('dataAuthMode');
  if (mode !== undefined && mode !== 'default' && mode !== 'jwt')
    throw new UsageError(`--data-auth-mode (ASSISTANT_DATA_AUTH_MODE) must be 'default' or 'jwt'.`);
  const timeoutText = get('timeoutMs');
  let timeoutMs: number | undefined;
  if (timeoutText !== undefined) {
    timeoutMs = Number(timeoutText);
    // A timer holds at most 2^31-1 ms; Node turns a longer one into 1 ms (with a warning on stderr).
    if (
      !/^\d+$/.test(timeoutText) ||
      !Number.isSafeInteger(timeoutMs) ||
      timeoutMs <= 0 ||
      timeoutMs > MAX_TIMEOUT_MS
    ) {
      throw new UsageError(
        `--timeout-ms (ASSISTANT_TIMEOUT_MS) must be a positive whole number of milliseconds, at most ${MAX_TIMEOUT_MS}.`,
      );
    }
  }
  const fromConfig = await readProvider(get('config'), io.cwd);

  const options: ConnectionOptions = {
    baseUrl: get('baseUrl') ?? '',
    tokenRefreshUrl: get('tokenRefreshUrl') ?? '',
    projectId: get('projectId') ?? '',
    dataSourceUrl: get('dataSourceUrl'),
    dataAuthMode: mode,
    executeProgramUrl: get('executeProgramUrl'),
    provider: fromConfig?.provider,
    providerSource: fromConfig?.source,
    timeoutMs,
    env: io.env,
    credentialSources: { ...CREDENTIAL_VARIABLES },
    client: 'cli',
  };
  // As set: the runner trims them and its settings step checks them before anything is sent.
  const credentials: Credentials = {
    pat: io.env.ASSISTANT_PAT || undefined,
    apiKey: io.env.ASSISTANT_API_KEY || undefined,
    dataToken: io.env.ASSISTANT_DATA_TOKEN || undefined,
  };
  const secrets = [credentials.pat, credentials.apiKey, credentials.dataToken].filter((s): s is string => !!s);
  const progress = (text: string): void => {
    io.stderr(visibleLines(redact(text, secrets)));
  };

  const report = await runTestConnection(options, credentials, {
    signal,
    // Progress goes to stderr in text format only: in JSON format stdout and stderr stay clean.
    onStepStart:
      format === 'text'
        ? (_name, title) => {
            progress(`… ${title}\n`);
          }
        : undefined,
  });
  // A service's answer is quoted in the text report: shown as the rest of the CLI's text output.
  io.stdout(format === 'json' ? reportToJson(report, secrets) : visibleLines(formatReport(report, secrets)));
  if (signal?.aborted) {
    if (format === 'text') progress('Interrupted: the report above is partial.\n');
    return 130;
  }
  return report.ok ? 0 : 1;
}

function parseArgs(args: string[]): Partial<Record<Setting, string>> | 'help' {
  const out: Partial<Record<Setting, string>> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '-h' || arg === '--help') return 'help';
    const eq = arg.indexOf('=');
    const name = arg.startsWith('--') && eq > 0 ? arg.slice(0, eq) : arg;
    if (SECRET_FLAG.test(name)) throw new UsageError(`${visible(name)} is not accepted: ${CREDENTIAL_HELP}`);
    const setting = FLAGS[name];
    if (!setting) {
      // Only the option's name is echoed: a stray positional argument might be a pasted secret.
      throw new UsageError(
        name.startsWith('-')
          ? `unknown option ${visible(name)}.\n\n${USAGE}`
          : `unexpected argument (test-connection takes options only).\n\n${USAGE}`,
      );
    }
    let value: string | undefined;
    if (eq > 0 && arg.startsWith('--')) value = arg.slice(eq + 1);
    else value = args[++i];
    if (value === undefined || (value.startsWith('--') && eq < 0))
      throw new UsageError(`${visible(name)} needs a value.`);
    out[setting] = value;
  }
  return out;
}

async function readProvider(
  file: string | undefined,
  cwd: string,
): Promise<{ provider: string; source: string } | undefined> {
  if (!file) return undefined;
  let text: string;
  try {
    text = await readFile(resolve(cwd, file), 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? 'error';
    throw new UsageError(`cannot read --config ${visible(file)} (${code}).`);
  }
  const lang = languageOf(file, text);
  // A file with a syntax error has no provider we can trust: what error recovery reads may not be what was meant.
  const problem = configSyntaxError(text, lang);
  if (problem)
    throw new UsageError(
      `--config ${visible(file)} has a syntax error at ${visible(redact(problem))}; fix it (lint shows every problem), nothing was sent.`,
    );
  return providerOfConfig(text, lang, visible(file));
}
