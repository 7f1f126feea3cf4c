// Reuses a JWT from token refresh until shortly before it expires, so that running Test
// Connection twice does not ask the authentication host twice. One instance per extension
// activation (or per CLI run): no module state, nothing written to disk.
import { createHash } from 'node:crypto';

interface Entry {
  token: string;
  expiresAt: number;
}

export class TokenCache {
  private readonly entries = new Map<string, Entry>();

  /**
   * @param marginMs a token is not reused once it has less than this left: the steps that use
   *   it must not see it expire under them.
   */
  constructor(
    private readonly marginMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(refreshUrl: string, projectId: string, pat: string): Entry | undefined {
    const key = cacheKey(refreshUrl, projectId, pat);
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expiresAt - this.marginMs <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e;
  }

  /** Tokens without an expiry are not cached: we cannot know when they stop working. */
  set(refreshUrl: string, projectId: string, pat: string, token: string, expiresAt: number | undefined): void {
    if (expiresAt === undefined) return;
    this.entries.set(cacheKey(refreshUrl, projectId, pat), { token, expiresAt });
  }

  /** Forgets a token the service refused, so that the next run asks for a new one. */
  delete(refreshUrl: string, projectId: string, pat: string): void {
    this.entries.delete(cacheKey(refreshUrl, projectId, pat));
  }

  clear(): void {
    this.entries.clear();
  }
}

/** The PAT enters the key only as a hash, so the key itself is not a credential. */
function cacheKey(refreshUrl: string, projectId: string, pat: string): string {
  return createHash('sha256').update(`${refreshUrl}\n${projectId.toLowerCase()}\n${pat}`).digest('hex');
}
