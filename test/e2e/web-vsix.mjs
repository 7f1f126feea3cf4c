// The browser-only variant of the .vsix (issue 14 item 1): the same package with `main` removed, so
// that VS Code can run it only in its web-worker extension host, as on vscode.dev and github.dev.
// Built from the files the real package ships (.vscodeignore's list), with only the browser bundles.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { vscePackageArgs } from '../../scripts/code-server.mjs';

const FILES = [
  'dist/browser/client.js',
  'dist/browser/server.js',
  'schemas/assistant-config.schema.json',
  'syntaxes/assistantconfig.tmLanguage.json',
  'syntaxes/assistantconfig-json.tmLanguage.json',
  'language-configuration.json',
  'language-configuration-json.json',
  'images/icon.png',
  'README.md',
  'CHANGELOG.md',
  'LICENSE',
];

/** Builds `<dir>/assistant-config-tools-web.vsix` from the repository's built files; returns its path. */
export function packageWebVsix(root, dir) {
  const stage = join(dir, 'web-extension');
  for (const f of FILES) {
    if (!existsSync(join(root, f))) throw new Error(`${f} is missing: build first (npm run build)`);
    mkdirSync(dirname(join(stage, f)), { recursive: true });
    copyFileSync(join(root, f), join(stage, f));
  }
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  delete pkg.main;
  delete pkg.bin;
  delete pkg.scripts;
  delete pkg.dependencies;
  delete pkg.devDependencies;
  if (!pkg.browser) throw new Error('package.json has no `browser` entry');
  writeFileSync(join(stage, 'package.json'), JSON.stringify(pkg, null, 2));
  writeFileSync(join(stage, '.vscodeignore'), '.vscodeignore\n');
  const out = join(dir, 'assistant-config-tools-web.vsix');
  const vsce = join(root, 'node_modules/@vscode/vsce/vsce');
  const r = spawnSync(process.execPath, [vsce, ...vscePackageArgs(out)], {
    cwd: stage,
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (r.status !== 0 || !existsSync(out))
    throw new Error(`vsce package (browser-only) failed:\n${r.stdout}${r.stderr}`);
  return out;
}
