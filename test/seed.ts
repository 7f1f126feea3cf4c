// Seeds of the property and fuzz tests in `npm test`: fixed, so a CI failure replays exactly, and
// printed; an environment variable overrides one to replay or to explore. Random seeds belong to the
// long run (scripts/fuzz-long.mjs), not here.

/** The seed of a property test: `process.env[envVar]` when set, else `fixed`. Printed either way. */
export function testSeed(name: string, fixed: number, envVar: string): number {
  const raw = process.env[envVar];
  const seed = raw !== undefined && raw !== '' ? Number(raw) : fixed;
  if (!Number.isInteger(seed)) throw new Error(`${envVar}=${raw} is not an integer seed`);
  console.log(`${name}: seed ${seed} (replay or change with ${envVar}=<seed>)`);
  return seed;
}
