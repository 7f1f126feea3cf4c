// The README the .vsix carries (the Extensions view's Details tab): README.md without the sections
// about the project's other tools and its development (the CLI, CI roll-out, other editors,
// end-to-end tests, benchmarks, layout), which a reader of the extension's page does not need and
// which would take the .vsix past its 1 MB (issue 3). The sections kept are README.md's own text,
// so the two cannot drift; links to a dropped section go to it in the full README, and a last
// section says what the full README adds.
//   node scripts/marketplace-readme.mjs [OUT]   (default: dist/marketplace/README.md)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Where the full README is read online: the repository's page (package.json's repository, as vsce's --baseContentUrl). */
const FULL = 'https://example.invalid/assistant-config-tools/blob/main/README.md';
/** The `## ` sections left out, by title. */
export const DROPPED = [
  'CLI',
  'Rolling out to many teams',
  'Other editors',
  'End-to-end tests in real VS Code',
  'Benchmarks',
  'Layout',
];

/** GitHub's anchor of a heading: lower case, punctuation out, spaces to hyphens. */
export const anchorOf = (title) =>
  title
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

export function marketplaceReadme(text) {
  const lines = text.split('\n');
  const out = [];
  const dropped = new Set();
  let keep = true;
  let fence = false;
  for (const line of lines) {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    const h = !fence && /^## (.+)$/.exec(line);
    if (h) {
      keep = !DROPPED.includes(h[1].trim());
      if (!keep) dropped.add(h[1].trim());
    }
    if (keep) out.push(line);
  }
  const missing = DROPPED.filter((t) => !dropped.has(t));
  if (missing.length > 0) throw new Error(`marketplace-readme: README.md has no section ${missing.join(', ')}`);
  // The anchors of every heading left out (its ### subsections too), so that a link to one goes to the full README.
  const gone = new Set();
  let inDropped = false;
  fence = false;
  for (const line of lines) {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    if (fence) continue;
    const h = /^(#{2,6}) (.+)$/.exec(line);
    if (!h) continue;
    if (h[1] === '##') inDropped = DROPPED.includes(h[2].trim());
    if (inDropped) gone.add(anchorOf(h[2]));
  }
  let body = out.join('\n').replace(/\]\(#([^)\s]+)\)/g, (m, a) => (gone.has(a) ? `](${FULL}#${a})` : m));
  body = body.replace(/\n+$/, '\n');
  body += `\n## More\n\nThe command-line tool (\`assistant-config lint\`, \`format\`, \`explain\`, \`test-connection\`), recipes for\npre-commit, GitHub Actions and GitLab CI, rolling out to many teams, other editors (Neovim, Helix, Emacs,\nSublime Text), the end-to-end tests and the benchmarks are in the [full README](${FULL}).\n`;
  return body;
}

// Run as a script (not when a test imports it: tests are bundled as CommonJS, without import.meta).
if (process.argv[1]?.endsWith('marketplace-readme.mjs')) {
  const root = join(dirname(process.argv[1]), '..');
  const out = process.argv[2] ?? join(root, 'dist/marketplace/README.md');
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, marketplaceReadme(readFileSync(join(root, 'README.md'), 'utf8')));
}
