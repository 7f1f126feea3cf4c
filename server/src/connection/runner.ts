// Runs the steps of Test Connection in order and assembles the report. Every text that leaves
// this module has been through redact() with all the credentials of the run, including the JWT
// obtained on the way.
import { performance } from 'node:perf_hooks';
import { adviceFor } from './advice';
import { trimCredential } from './credentials';
import { redactDeep } from '../shared/redact';
import { resolveSettings } from './settings';
import { userAgent } from './userAgent';
import type { ResolvedSettings } from './settings';
import type { HttpSettings } from './http';
import { DEFAULT_PROGRAM, expiryText, iso, listThreads, refreshToken, runProgram } from './steps';
import type { Outcome, StepContext } from './steps';
import type { ConnectionOptions, Credentials, RunControl, StepName, StepResult, TestConnectionReport } from './types';

const TITLES: Record<StepName, string> = {
  settings: 'Settings and credentials',
  'token-refresh': 'Token refresh',
  'threads-user': 'List threads (user-scoped, JWT)',
  'threads-project': 'List threads (project-scoped, API key)',
  'execute-program': 'Program execution',
};
/** The longest credential matched by runs (see refreshToken's "token" above). */
export const MAX_MATCHED_SECRET = 16_384;

const ORDER: StepName[] = ['settings', 'token-refresh', 'threads-user', 'threads-project', 'execute-program'];

export async function runTestConnection(
  options: ConnectionOptions,
  rawCredentials: Credentials,
  control: RunControl = {},
): Promise<TestConnectionReport> {
  // Surrounding white space (a trailing line break above all) is trimmed; what is left is checked
  // by the settings step before anything is sent.
  const trim = (v: string | undefined): string | undefined =>
    v === undefined ? undefined : trimCredential(v) || undefined;
  const credentials: Credentials = {
    pat: trim(rawCredentials.pat),
    apiKey: trim(rawCredentials.apiKey),
    dataToken: trim(rawCredentials.dataToken),
  };
  const now = options.now ?? Date.now;
  const startedAt = now();
  const t0 = performance.now();
  const env = options.env ?? process.env;
  const secrets: string[] = [
    credentials.pat,
    credentials.apiKey,
    credentials.dataToken,
    rawCredentials.pat,
    rawCredentials.apiKey,
    rawCredentials.dataToken,
    ...proxySecrets([options.proxy, env.HTTPS_PROXY, env.https_proxy, env.HTTP_PROXY, env.http_proxy]),
  ].filter((s): s is string => !!s);
  const steps: StepResult[] = [];
  let proxyUsed: string | undefined;
  let tokenExpiresAt: number | undefined;

  const record = (name: StepName, outcome: Outcome, startedMs: number, advice?: string): void => {
    const step: StepResult = {
      name,
      title: TITLES[name],
      durationMs: Math.round(performance.now() - startedMs),
      ...outcome,
    };
    if (step.httpStatus === undefined) delete step.httpStatus;
    if (outcome.status === 'fail' && outcome.diagnosis) step.advice = advice ?? adviceFor(outcome.diagnosis, name);
    const clean = redactDeep(step, secrets);
    steps.push(clean);
    control.onStep?.(clean);
  };
  // One deadline bounds the whole run: each request gets what is left of it.
  let deadline: { at: number; limitMs: number; http: HttpSettings; connectTimeoutMs: number } | undefined;
  // `unconfigured`: the step's outcome when the settings do not ask for it; it holds whether or not
  // the run was cancelled or ran out of time (the step would not have run either way).
  const run = async (name: StepName, fn: () => Promise<Outcome>, unconfigured?: Outcome): Promise<void> => {
    if (unconfigured) {
      record(name, unconfigured, performance.now());
      return;
    }
    if (control.signal?.aborted) {
      record(
        name,
        { status: 'skip', diagnosis: 'cancelled', message: 'Not run: Test Connection was cancelled.' },
        performance.now(),
      );
      return;
    }
    if (deadline) {
      const left = Math.floor(deadline.at - performance.now());
      if (left <= 0) {
        record(
          name,
          {
            status: 'skip',
            diagnosis: 'timeout',
            message: `Not run: the time limit of ${deadline.limitMs} ms for the whole run ran out.`,
          },
          performance.now(),
        );
        return;
      }
      deadline.http.timeoutMs = left;
      deadline.http.connectTimeoutMs = Math.min(deadline.connectTimeoutMs, left);
    }
    control.onStepStart?.(name, TITLES[name]);
    const t = performance.now();
    let outcome: Outcome;
    try {
      outcome = await fn();
    } catch (err) {
      // A bug of ours or an unexpected failure: still a report, never a crash.
      outcome = {
        status: 'fail',
        diagnosis: 'network',
        message: `Unexpected error: ${err instanceof Error ? err.message : String(err)}`,
      };
    }
    record(name, outcome, t);
  };

  control.onStepStart?.('settings', TITLES.settings);
  const resolved = resolveSettings(options, credentials);
  if (Array.isArray(resolved)) {
    const first = resolved[0];
    // Several problems at once: one message, and the advice for each kind of problem.
    const advice = [...new Set(resolved.map((p) => adviceFor(p.diagnosis, 'settings', options.providerSource)))].join(
      ' ',
    );
    record(
      'settings',
      {
        status: 'fail',
        diagnosis: first?.diagnosis ?? 'invalid-setting',
        message: resolved.map((p) => p.message).join(' '),
      },
      t0,
      advice,
    );
    for (const name of ORDER.slice(1))
      record(name, { status: 'skip', message: 'Not run: the settings are incomplete or invalid.' }, performance.now());
  } else {
    record('settings', { status: 'pass', message: settingsSummary(resolved, credentials) }, t0);
    const ctx: StepContext = {
      settings: resolved,
      credentials,
      now,
      onProxy: (p) => (proxyUsed = p),
      secrets,
      http: {
        timeoutMs: resolved.timeoutMs,
        overallTimeoutMs: resolved.timeoutMs,
        connectTimeoutMs: resolved.connectTimeoutMs,
        maxResponseBytes: resolved.maxResponseBytes,
        proxy: options.proxy,
        env,
        ca: options.ca,
        signal: control.signal,
        userAgent: userAgent(options.client),
      },
    };
    deadline = {
      at: t0 + resolved.timeoutMs,
      limitMs: resolved.timeoutMs,
      http: ctx.http,
      connectTimeoutMs: resolved.connectTimeoutMs,
    };
    let jwt: string | undefined;
    const key = [resolved.tokenRefreshUrl.href, resolved.projectId, credentials.pat ?? ''] as const;
    await run('token-refresh', async () => {
      const cached = options.tokenCache?.get(...key);
      if (cached) {
        jwt = cached.token;
        if (jwt.length > MAX_MATCHED_SECRET) ctx.quoteNothing = true;
        else secrets.push(jwt);
        tokenExpiresAt = cached.expiresAt;
        return {
          status: 'pass',
          message: `Reused the JWT obtained earlier (no request sent); ${expiryText(cached.expiresAt, now())}.`,
        };
      }
      const r = await refreshToken(ctx);
      // A "token" beyond MAX_MATCHED_SECRET is not matched by runs (indexing 900 KB took minutes
      // and every later quote paid for it): no quote of a service is shown after it instead.
      if (r.received && r.received.length > MAX_MATCHED_SECRET) ctx.quoteNothing = true;
      else if (r.received) secrets.push(r.received);
      tokenExpiresAt = r.expiresAt;
      if (r.jwt) {
        jwt = r.jwt;
        options.tokenCache?.set(...key, r.jwt, r.expiresAt);
      }
      return r.outcome;
    });
    await run('threads-user', async () => {
      if (!jwt) return { status: 'skip', message: 'Not run: token refresh gave no usable JWT.' };
      const outcome = await listThreads(ctx, jwt, 'user');
      if (outcome.diagnosis === 'jwt-refused') options.tokenCache?.delete(...key);
      return outcome;
    });
    const apiKey = credentials.apiKey;
    await run(
      'threads-project',
      () => listThreads(ctx, apiKey ?? '', 'project'),
      apiKey
        ? undefined
        : { status: 'skip', message: 'No project API key is stored; the project-scoped query is not run.' },
    );
    // A provider that is not one fails the one step that sends it; without that step, it is only said.
    const wrongProvider = resolved.providerProblem;
    if (wrongProvider && resolved.program)
      record(
        'execute-program',
        { status: 'fail', diagnosis: wrongProvider.diagnosis, message: wrongProvider.message },
        performance.now(),
        adviceFor(wrongProvider.diagnosis, 'execute-program', options.providerSource),
      );
    else
      await run(
        'execute-program',
        () => runProgram(ctx, options.programCode ?? DEFAULT_PROGRAM),
        resolved.program
          ? undefined
          : {
              status: 'skip',
              message: `No program-execution address is configured; no program is run.${wrongProvider ? ` (When one is: ${wrongProvider.message.replace(/ It was not sent\.$/, '')}; fix it first.)` : ''}`,
            },
      );
  }

  const report: TestConnectionReport = {
    // A step skipped for a reason (cancelled, out of time) fails the run too.
    ok: steps.every((s) => s.status !== 'fail' && !(s.status === 'skip' && s.diagnosis)),
    startedAt: iso(startedAt),
    durationMs: Math.round(performance.now() - t0),
    steps,
  };
  if (tokenExpiresAt !== undefined) report.tokenExpiresAt = iso(tokenExpiresAt);
  if (proxyUsed) report.proxy = proxyUsed;
  return redactDeep(report, secrets);
}

function settingsSummary(s: ResolvedSettings, c: Credentials): string {
  const stored = [c.pat && 'PAT', c.apiKey && 'API key', c.dataToken && 'data token'].filter(Boolean).join(', ');
  const program = s.program
    ? `, program execution at ${s.program.url.origin} (data auth mode ${s.program.dataAuthMode})`
    : '';
  return `Token refresh at ${s.tokenRefreshUrl.origin}, service at ${s.baseUrl.origin}, project ${s.projectId}${program}; credentials present: ${stored}.`;
}

/** The user names and passwords inside proxy URLs, which must not show up either. */
function proxySecrets(proxies: (string | undefined)[]): string[] {
  const out: string[] = [];
  for (const p of proxies) {
    if (!p) continue;
    try {
      const u = new URL(p);
      if (u.password) out.push(decodeURIComponent(u.password), u.password);
      if (u.username && u.password) out.push(`${u.username}:${u.password}`);
    } catch {
      // Not a URL: nothing to extract; the generic patterns still apply.
    }
  }
  return out;
}
