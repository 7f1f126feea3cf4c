// Where dist/cli.js keeps its V8 code cache (launch.ts): the user's cache directory, never a shared
// temporary one (the bytes are code).
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The user's cache directory for this tool, or undefined (no cache). */
export function cacheDir(env: NodeJS.ProcessEnv, platform: string = process.platform): string | undefined {
  const set = env.ASSISTANT_CONFIG_COMPILE_CACHE;
  if (set === '0' || set === 'false') return undefined;
  if (set) return set;
  let home: string;
  try {
    home = homedir();
  } catch {
    return undefined;
  }
  if (platform === 'win32')
    return join(env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), 'assistant-config', 'cache');
  if (platform === 'darwin') return join(home, 'Library', 'Caches', 'assistant-config');
  return join(env.XDG_CACHE_HOME ?? join(home, '.cache'), 'assistant-config');
}
