// Which files the CLI reads: named files, and in directories the AssistantConfig files.
import { readdirSync, statSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { declaresAssistantConfigKind } from '../shared';

const BY_NAME = /(\.assistant\.(ya?ml|json)|(^|[\\/])assistant-config\.(ya?ml|json))$/i;
const CANDIDATE = /\.(ya?ml|json)$/i;
const SKIP = new Set(['node_modules', '.git', 'dist', 'out', '.vscode-test']);

/** Whether a file is an AssistantConfig file: by its name, or by a top-level `kind: AssistantConfig`. */
export function isAssistantConfigFile(path: string, text?: string): boolean {
  if (BY_NAME.test(path)) return true;
  if (!CANDIDATE.test(path)) return false;
  const t = text ?? safeRead(path);
  return t !== undefined && declaresKind(t);
}

/** A top-level `kind: AssistantConfig` (YAML, at column 0) or `"kind": "AssistantConfig"` (JSON). */
export function declaresKind(text: string): boolean {
  return declaresAssistantConfigKind(text);
}

function safeRead(path: string): string | undefined {
  try {
    if (statSync(path).size > 64 * 1024 * 1024) return undefined;
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

export function collectFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string, depth: number): void => {
    if (depth > 32) return;
    let names: string[];
    try {
      names = readdirSync(d).sort();
    } catch {
      return;
    }
    for (const n of names) {
      if (SKIP.has(n)) continue;
      const p = join(d, n);
      let st;
      try {
        st = statSync(p);
      } catch {
        continue;
      }
      if (st.isDirectory()) walk(p, depth + 1);
      else if (st.isFile() && isAssistantConfigFile(p)) out.push(p);
    }
  };
  walk(dir, 0);
  return out;
}
