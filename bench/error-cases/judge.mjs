// The rules by which bench/errors-vs-peers.mjs judges a server's diagnostics on one case of
// bench/error-cases/ (and test/validation/peerCases.test.ts judges ours). Pure functions, no I/O but
// loadCases.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const RULES = [
  'Rules. Diagnostics counted: errors, warnings and information (hints left out: no Problems panel shows them).',
  '- **on the spot**: a diagnostic whose range overlaps the text to change (`at` in cases.json, or one of `atAny`), and spans at most two lines more than that text.',
  "- **names the fix**: one of those diagnostics' messages contains every `names` entry of the error (the right value, the field to add or rename, the variant).",
  '- **extra**: diagnostics beyond one per error found, not counting a repeat at an alias of the anchored block that holds the error (`alsoAt`); a silent server has 0 extra.',
  '- **verdict**: compares (errors named, errors on the spot, −extra) in that order; the first that differs decides, else "same".',
];

/** Cases of `dir`/cases.json, each with its text. */
export function loadCases(dir) {
  const { cases } = JSON.parse(readFileSync(join(dir, 'cases.json'), 'utf8'));
  return cases.map((c) => ({ ...c, text: readFileSync(join(dir, c.file), 'utf8') }));
}

function lineStarts(text) {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function position(starts, offset) {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo, character: offset - starts[lo] };
}

/** The range of `spec` in `text`: "text" (its first occurrence) or "text#n" (its n-th). */
export function targetRange(text, spec) {
  const m = /^(.*)#(\d+)$/s.exec(spec);
  const needle = m ? m[1] : spec;
  const nth = m ? Number(m[2]) : 1;
  let at = -1;
  for (let i = 0; i < nth; i++) {
    at = text.indexOf(needle, at + 1);
    if (at === -1) throw new Error(`'${needle}' occurs fewer than ${nth} times`);
  }
  const starts = lineStarts(text);
  return { start: position(starts, at), end: position(starts, at + needle.length) };
}

const before = (a, b) => a.line < b.line || (a.line === b.line && a.character < b.character);

function overlaps(d, t) {
  // An empty diagnostic range touching the target counts.
  const dEmpty = d.start.line === d.end.line && d.start.character === d.end.character;
  if (dEmpty) return !before(d.start, t.start) && !before(t.end, d.start);
  return before(d.start, t.end) && before(t.start, d.end);
}

function onSpot(d, t) {
  return overlaps(d.range, t) && d.range.end.line - d.range.start.line <= t.end.line - t.start.line + 2;
}

/** A message names `n`: a whole word (case-sensitive), or /regex/ (case-insensitive). */
export function names(message, n) {
  if (n.startsWith('/') && n.endsWith('/')) return new RegExp(n.slice(1, -1), 'i').test(message);
  const esc = n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^A-Za-z0-9_-])${esc}($|[^A-Za-z0-9_])`).test(message);
}

/**
 * One server's diagnostics on case `c`: { count, errors, found, named, extra, diagnostics, perError }.
 */
export function judgeCase(c, diagnostics) {
  const shown = diagnostics.filter((d) => (d.severity ?? 1) <= 3);
  const used = new Set();
  let found = 0;
  let named = 0;
  let alias = 0;
  const perError = [];
  for (const e of c.errors) {
    const targets = (e.atAny ?? [e.at]).map((s) => targetRange(c.text, s));
    const hits = shown.filter((d) => targets.some((t) => onSpot(d, t)));
    const good = hits.filter((d) => e.names.every((n) => names(d.message, n)));
    if (hits.length) found++;
    if (good.length) named++;
    for (const d of hits) used.add(d);
    const aliases = (e.alsoAt ?? []).map((s) => targetRange(c.text, s));
    for (const d of shown)
      if (!used.has(d) && aliases.some((t) => onSpot(d, t))) {
        used.add(d);
        alias++;
      }
    perError.push({ found: hits.length > 0, named: good.length > 0 });
  }
  return {
    count: shown.length,
    errors: c.errors.length,
    found,
    named,
    extra: Math.max(0, shown.length - found - alias),
    perError,
    diagnostics: shown,
  };
}

/** 'ours better', 'peer better' or 'same' (see RULES); 'ours only' without a peer. */
export function verdict(ours, peer) {
  if (!peer) return 'ours only';
  const a = [ours.named, ours.found, -ours.extra];
  const b = [peer.named, peer.found, -peer.extra];
  for (let i = 0; i < a.length; i++) {
    if (a[i] > b[i]) return 'ours better';
    if (a[i] < b[i]) return 'peer better';
  }
  return 'same';
}
