// A self-signed certificate for 127.0.0.1/::1/localhost (and the test proxy's PROXIED_HOST), made with openssl in a temp directory.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=IP:127.0.0.1,IP:::1,DNS:localhost,DNS:assistant.proxied.test',
      ],
      { stdio: 'ignore' },
    );
    cached = { cert: readFileSync(cert, 'utf8'), key: readFileSync(key, 'utf8') };
    return cached;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A certificate authority made for the test, and leaf certificates it signs with chosen dates and names. */
export interface TestCa {
  /** The CA certificate (PEM): pass it as `ca` to trust what it signs. */
  cert: string;
  /** Signs a leaf for the given subjectAltName, valid between the dates (YYYYMMDDHHMMSSZ). */
  leaf(opts: { san: string; notBefore: string; notAfter: string }): TestCert;
}

let cachedCa: TestCa | undefined;

export function testCa(): TestCa {
  if (cachedCa) return cachedCa;
  const openssl = process.env.OPENSSL ?? '/usr/bin/openssl';
  const dir = mkdtempSync(join(tmpdir(), 'ac-ca-'));
  const run = (args: string[]): void => void execFileSync(openssl, args, { stdio: 'ignore', cwd: dir });
  // `openssl ca` is what can set arbitrary validity dates (req -x509 cannot before OpenSSL 3.4).
  writeFileSync(
    join(dir, 'ca.cnf'),
    '[ca]\ndefault_ca = d\n[d]\ndatabase = index.txt\nnew_certs_dir = .\nserial = serial\ndefault_md = sha256\npolicy = p\ncopy_extensions = copy\nunique_subject = no\n[p]\ncommonName = supplied\n',
  );
  writeFileSync(join(dir, 'index.txt'), '');
  writeFileSync(join(dir, 'serial'), '1000\n');
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  run([
    'req',
    '-x509',
    ...ec,
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=AssistantConfig test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  let n = 0;
  cachedCa = {
    cert: readFileSync(join(dir, 'ca.pem'), 'utf8'),
    leaf: ({ san, notBefore, notAfter }) => {
      n++;
      run([
        'req',
        '-new',
        ...ec,
        '-keyout',
        `leaf${n}.key`,
        '-out',
        `leaf${n}.csr`,
        '-subj',
        '/CN=leaf',
        '-addext',
        `subjectAltName=${san}`,
      ]);
      run([
        'ca',
        '-batch',
        '-config',
        'ca.cnf',
        '-cert',
        'ca.pem',
        '-keyfile',
        'ca.key',
        '-in',
        `leaf${n}.csr`,
        '-out',
        `leaf${n}.pem`,
        '-startdate',
        notBefore,
        '-enddate',
        notAfter,
        '-notext',
      ]);
      return {
        cert: readFileSync(join(dir, `leaf${n}.pem`), 'utf8'),
        key: readFileSync(join(dir, `leaf${n}.key`), 'utf8'),
      };
    },
  };
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return cachedCa;
}
