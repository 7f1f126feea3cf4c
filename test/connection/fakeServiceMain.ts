// Runs the fake service standalone (for the end-to-end tests in real VS Code, or by hand):
//   npx esbuild test/connection/fakeServiceMain.ts --bundle --platform=node --outfile=out/fake-service.js
//   node out/fake-service.js [--https]
// It prints one JSON line with the addresses and the (fake, random) credentials, then serves
// until stdin closes or SIGTERM. The credentials are throwaway values made for this run.
import { startFakeService } from './fakeService';
import { selfSignedCert } from './tls';

async function main(): Promise<void> {
  const https = process.argv.includes('--https');
  const cert = https ? selfSignedCert() : undefined;
  const svc = await startFakeService(cert ? { tls: cert } : {});
  const { url, tokenRefreshUrl, executeProgramUrl, dataSourceUrl, projectId, pat, apiKey, dataToken } = svc;
  process.stdout.write(
    JSON.stringify({
      url,
      tokenRefreshUrl,
      executeProgramUrl,
      dataSourceUrl,
      projectId,
      pat,
      apiKey,
      dataToken,
      ca: cert?.cert,
    }) + '\n',
  );
  const stop = (): void => void svc.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.stdin.on('end', stop);
  process.stdin.resume();
}

void main();
