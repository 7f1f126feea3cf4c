// Name resolution for Test Connection's own connections (Node only; the browser resolves names
// itself, see fetchHttp.ts). Plain http:// is allowed to `localhost` and `*.localhost` because
// those names mean this machine (RFC 6761), so the credentials never leave it. The system
// resolver does not promise that: glibc sends `evil.localhost` to DNS like any other name, and a
// resolver or a search domain could answer a remote address, which would then receive the PAT in
// clear text. So these names never go to DNS: `localhost` is looked up by the system (its hosts
// file) and every `*.localhost` name is taken as `localhost`, and only loopback addresses of the
// answer are kept; with none, the connection fails and nothing is sent. Other names resolve as usual.
import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress, LookupAllOptions, LookupOptions } from 'node:dns';
import { isLoopbackAddress, isLoopbackName } from './url';

type Resolver = (
  host: string,
  options: LookupAllOptions,
  cb: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

type Callback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for net.connect / tls.connect; `resolve` is the system resolver unless a test passes another. */
export function pinnedLookup(resolve: Resolver = dnsLookup) {
  return (hostname: string, options: LookupOptions, callback: Callback): void => {
    const host = hostname.toLowerCase().replace(/\.$/, '');
    const pinned = isLoopbackName(host);
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0);
    resolve(pinned ? 'localhost' : hostname, { ...options, family, all: true }, (err, addresses) => {
      if (err) {
        callback(err, options.all ? [] : '', undefined);
        return;
      }
      const usable = pinned ? addresses.filter((a) => isLoopbackAddress(a.address)) : addresses;
      const first = usable[0];
      if (!first) {
        const e: NodeJS.ErrnoException = new Error(
          `${hostname} did not resolve to a loopback address; plain http:// is only sent to loopback.`,
        );
        e.code = 'ENOTFOUND';
        callback(e, options.all ? [] : '', undefined);
        return;
      }
      if (options.all) callback(null, usable);
      else callback(null, first.address, first.family);
    });
  };
}
