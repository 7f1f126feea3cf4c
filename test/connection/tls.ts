// A self-signed certificate for 127.0.0.1/::1/localhost, made with openssl in a temp directory.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestCert {
  cert: string;
  key: string;
}

let cached: TestCert | undefined;

export function selfSignedCert(): TestCert {
  if (cached) return cached;
  const dir = mkdtempSync(join(tmpdir(), 'ac-cert-'));
  try {
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    execFileSync(
      process.env.OPENSSL ?? '/usr/bin/openssl',
      [
        'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
        '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=localhost',
        '-addext', 'subjectAltName=IP:127.0.0.1,IP:::1,DNS:localhost',
      ],
      { stdio: 'ignore' },
    );
    cached = { cert: readFileSync(cert, 'utf8'), key: readFileSync(key, 'utf8') };
    return cached;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
