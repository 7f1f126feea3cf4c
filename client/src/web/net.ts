// `node:net`'s isIP in the browser build (Test Connection checks loopback and literal addresses).

const V4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** 4 for an IPv4 address, 6 for an IPv6 address, 0 otherwise (as Node's isIP). */
export function isIP(input: string): 0 | 4 | 6 {
  if (V4.test(input)) return 4;
  if (!input.includes(':') || !/^[0-9A-Fa-f:.]+(%[\w.-]+)?$/.test(input)) return 0;
  const [addr] = input.split('%') as [string];
  const parts = addr.split('::');
  if (parts.length > 2) return 0;
  const groups = (s: string): string[] => (s === '' ? [] : s.split(':'));
  const head = groups(parts[0]!);
  const tail = parts.length === 2 ? groups(parts[1]!) : [];
  const all = [...head, ...tail];
  const last = all[all.length - 1];
  const v4Tail = last !== undefined && last.includes('.');
  if (v4Tail && !V4.test(last)) return 0;
  const hex = v4Tail ? all.slice(0, -1) : all;
  if (!hex.every((g) => /^[0-9A-Fa-f]{1,4}$/.test(g))) return 0;
  const count = hex.length + (v4Tail ? 2 : 0);
  return (parts.length === 2 ? count < 8 : count === 8) ? 6 : 0;
}

export function isIPv4(input: string): boolean {
  return isIP(input) === 4;
}

export function isIPv6(input: string): boolean {
  return isIP(input) === 6;
}
