// node:crypto, loaded on first use. A plain lint needs no hash and no random bytes, and loading the
// module took about 2.5 ms of every run's start-up (measured: require('node:crypto') in a fresh
// process, min of 5); `--cache` (hashes) and `--fix`/`format --write` (temporary file names) load it.
import { createRequire } from 'node:module';
import type * as Crypto from 'node:crypto';

let loaded: typeof Crypto | undefined;

export function crypto(): typeof Crypto {
  return (loaded ??= createRequire(__filename)('node:crypto') as typeof Crypto);
}
