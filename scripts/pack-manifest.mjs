// npm's `prepack` (`strip`) and `postpack` (`restore`): the package.json that `npm pack` and
// `npm publish` ship. The bins are esbuild bundles that require only Node's built-ins
// (test/cli/package.test.ts checks it), so the packed manifest lists no dependencies (npm installed
// ~9 MB of packages that nothing loads) and no scripts (`prepare` builds from sources the tarball
// does not carry, and npm 11 warns about it on every install: REVIEW5 H14e). A git install (what
// pre-commit 4 does) runs only `prepare` in its clone, never these, so it builds as before.
// `strip` keeps the checkout's file as .package.json.prepack; `restore` puts it back byte for byte.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = process.cwd();
const manifest = join(root, 'package.json');
const kept = join(root, '.package.json.prepack');
const what = process.argv[2];

if (what === 'strip') {
  // A pack that failed before its postpack left the original beside: strip from it, keep it.
  const original = existsSync(kept) ? readFileSync(kept, 'utf8') : readFileSync(manifest, 'utf8');
  if (!existsSync(kept)) writeFileSync(kept, original);
  const pkg = JSON.parse(original);
  delete pkg.scripts;
  delete pkg.dependencies;
  delete pkg.devDependencies;
  writeFileSync(manifest, JSON.stringify(pkg, null, 2) + '\n');
} else if (what === 'restore') {
  if (existsSync(kept)) renameSync(kept, manifest);
} else {
  console.error('usage: node scripts/pack-manifest.mjs strip|restore');
  process.exit(2);
}
