// The code cache file of dist/cli.js (cli/launch.ts): the bundle it was made from, then V8's data.
// Apart from launch.ts so that tests can import it (launch.ts runs the CLI when loaded as main).

/** A cache file: the length of the bundle it was made from (4 bytes, little-endian), that bundle, V8's data. */
const HEADER = 4;

/** The V8 data of a cache file made from exactly `source`; undefined for any other file. */
export function cachedDataFor(file: Buffer | undefined, source: Buffer): Buffer | undefined {
  if (!file || file.length < HEADER || file.readUInt32LE(0) !== source.length) return undefined;
  const end = HEADER + source.length;
  if (file.length <= end || !file.subarray(HEADER, end).equals(source)) return undefined;
  return file.subarray(end);
}

/** A cache file's bytes: the bundle's length and bytes, then V8's data. */
export function cacheFileOf(source: Buffer, data: Buffer): Buffer {
  const header = Buffer.alloc(HEADER);
  header.writeUInt32LE(source.length, 0);
  return Buffer.concat([header, source, data]);
}
