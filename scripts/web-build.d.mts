// Types of scripts/web-build.mjs.
import type { BuildOptions } from 'esbuild';

export function webBuildOptions(root: string): BuildOptions;
