// Options and credentials for a run against a fake service.
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
    timeoutMs: 5000,
    env: CLEAN_ENV,
    ca: svc.origin.startsWith('https:') ? selfSignedCert().cert : undefined,
    ...extra,
  };
}

export function credentialsOf(svc: FakeService): Credentials {
  return { pat: svc.pat, apiKey: svc.apiKey, dataToken: svc.dataToken };
}
