// Options and credentials for a run against a fake service.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { ConnectionOptions, Credentials } from '../../server/src/connection';
import type { FakeService } from './fakeService';
import { selfSignedCert } from './tls';

/** No proxy from the machine's environment may sneak into a test. */
export const CLEAN_ENV: Readonly<Record<string, string | undefined>> = {};

export function optionsFor(svc: FakeService, extra: Partial<ConnectionOptions> = {}): ConnectionOptions {
  return {
    baseUrl: svc.url,
    tokenRefreshUrl: svc.tokenRefreshUrl,
    projectId: svc.projectId,
    executeProgramUrl: svc.executeProgramUrl,
    dataSourceUrl: svc.dataSourceUrl,
    dataAuthMode: svc.dataAuthMode,
    // The limit of a run meant to end on its own: one it never reaches, even on a machine at load 20.
    timeoutMs: 60_000,
    env: CLEAN_ENV,
    ca: svc.origin.startsWith('https:') ? selfSignedCert().cert : undefined,
    ...extra,
  };
}

export function credentialsOf(svc: FakeService): Credentials {
  return { pat: svc.pat, apiKey: svc.apiKey, dataToken: svc.dataToken };
}

/** The built CLI (the test runner's working directory is the repository root). */
export const CLI_PATH = join(process.cwd(), 'dist', 'cli.js');

/**
 * Runs `assistant-config test-connection ARGS` as a real process, asynchronously (a fake service in
 * this process must keep answering), with only PATH and `env` in its environment. `seen` receives
 * its stdout and stderr (the tests' leak scanner).
 */
export function runTestConnectionProcess(
  args: string[],
  env: Record<string, string>,
  seen: (stream: 'stdout' | 'stderr', text: string) => void,
  cwd?: string,
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_PATH, 'test-connection', ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
      cwd,
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      seen('stdout', out);
      seen('stderr', err);
      resolve({ code, out, err });
    });
  });
}
