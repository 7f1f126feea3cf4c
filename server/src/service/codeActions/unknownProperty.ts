// `unknown-property`: rename a misspelt key to the closest allowed one, or, for a key that is close to
// none, remove it with its nested lines and trailing comment.
import { isShadowed, nodeAt, pathOf } from '../../parser/ast';
import type { Node, ObjectNode, ParsedDocument, PropertyNode } from '../../parser/ast';
import { schemaAtPath, unwrapNullable } from '../../model/schema';
import { singleHome } from '../../model/keyHome';
import type { TextEdit } from '../types';
import {
  blockEnd,
  contentEnd,
  inDocumentEol,
  leadingComments,
  outsideScalars,
  removeProperties,
  replaceScalar,
  yamlScalar,
} from './edits';
import { columnOf, eolOf, isLineLeading, lineStart } from '../../parser/lineIndex';
import { isMergeKey, readValue } from '../../model/merge';
import { aliasesBrokenByMove, anchorsUsedElsewhere, holdsLiteralSecret, propertyAtKey } from './find';
import type { Fix, FixProvider } from './provider';
import { missingSpaceInKey } from './missingSpace';
import { switchForKey } from './switchVariant';
import { indentSlipAt, nestedPart, slipKeys } from '../validation/indentSlip';
import { indentUnit } from '../indent';
import type { Diagnostic } from '../codes';
import { diag } from '../codes';
import { holdsMoreThanAKey, scoreOf } from '../text';
import { credentialShapes } from '../credentialShapes';
import { flowMoveInto, flowMoveUnderNew, flowMoveUp } from './moveFlow';
import { indentBlockText } from './whitespace';

export const unknownProperty: FixProvider = (doc, d) => {
  const glued = missingSpaceInKey(doc, d);
  if (glued) return glued;
  if (d.data?.indentUnder !== undefined) return indentUnder(doc, d);
  const prop = propertyAtKey(doc, d.offset);
  // (A key merged in through `<<` is reported on the `<<`: nothing to rename or remove there.)
  if (!prop || d.data?.key !== prop.key.value) return [];
  const key = prop.key.value;
  const out: Fix[] = [];
  // A line of prose after a block scalar's text, at its key's column (validation/proseAfterBlock.ts):
  // indented like the text, in the editor only (whether it is text or a key is the user's to say).
  if (d.data.indentText) out.push(...indentBlockText(doc, d, {}).map((f): Fix => ({ ...f, editorOnly: true })));
  // (Never a rename of a key that holds more than a key, `provider:vendor_a`: it would drop the rest.)
  const suggestion = holdsMoreThanAKey(key) ? undefined : d.data.suggestion;
  if (suggestion)
    out.push({
      title: `Rename '${key}' to '${suggestion}'`,
      edits: [replaceScalar(doc, prop.key, suggestion)],
      isPreferred: true,
    });
  // Equally close keys: a rename to each, none preferred (REVIEW5 H20).
  for (const k of holdsMoreThanAKey(key) ? [] : (d.data.suggestions ?? []))
    out.push({ title: `Rename '${key}' to '${k}'`, edits: [replaceScalar(doc, prop.key, k)] });
  // The same thing under this variant's name (`baseUrl` where the address is `endpoint`): renamed,
  // the value kept; preferred over switching the provider, never by `--fix` (REVIEW14-user U3).
  const same = holdsMoreThanAKey(key) ? undefined : d.data.sameMeaning;
  if (same)
    out.push({
      title: `Rename '${key}' to '${same}'`,
      edits: [replaceScalar(doc, prop.key, same)],
      isPreferred: true,
      editorOnly: true,
    });
  // A key of another variant (`endpoint` under `provider: hosted`): switch to each variant that has it.
  out.push(...switchForKey(doc, prop, out.length > 0));
  // A field of the object under a key of this mapping (`enable_automations` of `featureFlags`): moved there.
  out.push(...moveToHome(doc, prop, d, out.length === 0));
  out.push(...moveUp(doc, prop, d, out.length === 0));
  // A near miss of a key written beside it (`maxItem: 50` and `maxItems: 40`): keep one of the two,
  // the values named; never a bare removal that drops one value without a word (REVIEW15-user U10).
  if (typeof d.data.competing === 'string') return [...out, ...keepOneOf(doc, prop, d.data.competing)];
  // (Not for a near miss: the key is reported because it is close to an allowed one, so its value is
  // the user's content under a misspelt name, and removing it (a whole `definiton:` block, the
  // instructions under `systemInstrucions:`) is never the repair: REVIEW4 G21.)
  // (Not when an alias elsewhere points into it: the alias would lose its anchor.)
  // (Nor when it holds a literal credential: removing it would lose the secret.)
  // (Beside a rename to the same thing under this variant's name it stays, not preferred: a leftover
  // address may be what the user wants gone.)
  // (Nor when what it would delete holds text the parser could not read: there the tree's idea of where
  // the value ends is a guess, and the lines it takes may be the user's next keys.)
  if (!d.data.suggestion && !d.data.suggestions && !anchorsUsedElsewhere(doc, [prop]) && !holdsLiteralSecret(prop)) {
    const edits = removeProperties(doc, prop.parent, [prop]);
    if (!deletesUnreadText(doc, edits)) out.push({ title: `Remove '${key}'`, edits });
  }
  return out;
};

/**
 * Whether an edit deletes text where the parser found a syntax problem (a misaligned line it read by
 * its own repair aside): the range the tree gives the value there need not be what the user meant.
 */
export function deletesUnreadText(doc: ParsedDocument, edits: readonly TextEdit[]): boolean {
  // (A problem that is one value read whole, on its line, is read: `NaN` in JSON.)
  const readWhole = (p: { offset: number; length: number }): boolean => {
    const n = nodeAt(doc.root, p.offset);
    const holder = n?.parent;
    return (
      n !== undefined &&
      n.type !== 'object' &&
      n.type !== 'array' &&
      !(holder?.type === 'property' && holder.key === n) &&
      p.offset >= n.offset &&
      p.offset + p.length <= n.offset + n.length &&
      !/[\r\n]/.test(doc.text.slice(n.offset, n.offset + n.length))
    );
  };
  const unread = doc.problems.filter(
    (p) => (p.kind ?? 'syntax') === 'syntax' && !p.irregularSpace && !p.realign && !readWhole(p),
  );
  return edits.some((e) => e.length > 0 && unread.some((p) => p.offset >= e.offset && p.offset < e.offset + e.length));
}

/**
 * `maxItem: 50` beside `maxItems: 40`: "Keep 'maxItem: 50' as 'maxItems' (remove 'maxItems: 40')" and
 * "Keep 'maxItems: 40' (remove 'maxItem: 50')", neither preferred (which value is meant is the user's
 * to say); the same value twice: the near miss removed, preferred (so `lint --fix` too: nothing is
 * lost). No removal of an anchor an alias uses or of a literal credential; comments stay.
 */
function keepOneOf(doc: ParsedDocument, prop: PropertyNode, rivalKey: string): Fix[] {
  const obj = prop.parent;
  const rivals = obj.properties.filter((p) => p.key.value === rivalKey);
  if (rivals.length !== 1) return [];
  const rival = rivals[0]!;
  const key = prop.key.value;
  // (removeProperties keeps the comments of the lines it removes, on lines of their own.)
  const removal = (p: PropertyNode): TextEdit[] | undefined =>
    anchorsUsedElsewhere(doc, [p]) || holdsLiteralSecret(p) ? undefined : removeProperties(doc, obj, [p]);
  if (sameValueText(doc, prop, rival)) {
    const edits = removal(prop);
    return edits
      ? [{ title: `Remove '${key}' (it repeats '${rivalKey}${shownValue(doc, rival)}')`, edits, isPreferred: true }]
      : [];
  }
  const out: Fix[] = [];
  const dropRival = removal(rival);
  if (dropRival)
    out.push({
      title: `Keep '${key}${shownValue(doc, prop)}' as '${rivalKey}' (remove '${rivalKey}${shownValue(doc, rival)}')`,
      edits: [...dropRival, replaceScalar(doc, prop.key, rivalKey)],
    });
  const dropThis = removal(prop);
  if (dropThis)
    out.push({
      title: `Keep '${rivalKey}${shownValue(doc, rival)}' (remove '${key}${shownValue(doc, prop)}')`,
      edits: dropThis,
    });
  return out;
}

/**
 * `: 50`, `: true`, `: daily`: a property's value as a title may show it, when it is a short scalar on
 * its key's line that is no credential; '' otherwise (a mapping, a long text, a secret).
 */
function shownValue(doc: ParsedDocument, p: PropertyNode): string {
  const v = p.value;
  if (!v || (v.type !== 'number' && v.type !== 'boolean' && v.type !== 'string')) return '';
  const text = doc.text.slice(v.offset, v.offset + v.length);
  if (text.length > 24 || /[\r\n]/.test(text) || holdsLiteralSecret(p) || credentialShapes(text).length > 0) return '';
  return `: ${text}`;
}

/**
 * An indentation slip (REVIEW5 H8): the stray keys' lines indented one level, under the key whose
 * value is empty. Never their removal: that is the value the key above is waiting for.
 */
function indentUnder(doc: ParsedDocument, d: Diagnostic): Fix[] {
  const prop = propertyAtKey(doc, d.offset);
  const slip = prop && indentSlipAt(doc, prop);
  if (!slip || slip.holder.key.value !== d.data?.indentUnder) return [];
  const text = doc.text;
  const unit = indentUnit(doc);
  const last = slip.strays[slip.strays.length - 1]!;
  const end = contentEnd(text, last);
  const edits: TextEdit[] = [];
  // Each stray's lines go one step under the key they belong under, where that key goes: a stray
  // under another stray (a slip inside the slip) two steps, in one fix.
  const levels = new Map<PropertyNode, number>([[slip.holder, 0]]);
  const starts = slip.strays.map((p, i) => {
    const level = (levels.get(slip.under[i]!) ?? 0) + 1;
    levels.set(p, level);
    return { from: lineStart(text, p.key.offset), level };
  });
  // Inside a block scalar, a line of spaces holds the spaces past the block's indentation: it is
  // indented with the rest, so that they stay. Elsewhere blank lines are left as they are.
  const blocks = blockScalars(text, slip.strays);
  let b = 0;
  let s = 0;
  for (let ls = starts[0]!.from; ls < end;) {
    const nl = text.indexOf('\n', ls);
    const line = text.slice(ls, nl < 0 ? text.length : nl);
    while (b < blocks.length && blocks[b]!.to <= ls) b++;
    while (s + 1 < starts.length && starts[s + 1]!.from <= ls) s++;
    const inBlock = b < blocks.length && blocks[b]!.from < ls;
    if (line.trim() !== '' || (inBlock && line.replace(/\r$/, '') !== ''))
      edits.push({ offset: ls, length: 0, newText: unit.repeat(starts[s]!.level) });
    if (nl < 0) break;
    ls = nl + 1;
  }
  const own = slip.strays.filter((_, i) => slip.under[i] === slip.holder);
  const keys = slipKeys(own.map((p) => p.key.value));
  return [
    {
      title: `Indent ${keys} under '${slip.holder.key.value}'${nestedPart(slip)}`,
      edits,
      isPreferred: true,
      movesOnly: true,
    },
  ];
}

/**
 * `unknown-property` with `home` (model/keyHome.ts): the key's lines (with the comment lines right
 * above it and those indented under it) moved under that key of the same mapping, at its fields'
 * column; where that key is not written yet, it is written in the key's place, with its
 * discriminator when the key needs one variant (`schemaSelector` with `type: fixed` for `tables`).
 * Only in block YAML, and only when the place is certain: the object there is a block mapping, of a
 * variant that allows the key, without the key already. Moves only: nothing the user wrote is lost;
 * an editor fix (the user sees where the lines go), never `--fix`.
 */
function moveToHome(doc: ParsedDocument, prop: PropertyNode, d: Diagnostic, preferred: boolean): Fix[] {
  const home = d.data?.home;
  const text = doc.text;
  const obj = prop.parent;
  if (typeof home !== 'string') return [];
  const flow = doc.language === 'json' || obj.flow;
  if (!flow && !movable(doc, prop)) return [];
  const targets = obj.properties.filter((p) => p.key.value === home);
  if (targets.length > 1) return [];
  const written = prop.key.value;
  // The field's name written another way (`system_instructions`): renamed as it moves (keep18).
  const as = typeof d.data?.homeAs === 'string' ? d.data.homeAs : undefined;
  const key = as ?? written;
  const col = columnOf(text, prop.key.offset);
  const variant = d.data?.homeVariant;
  // A key that is a slip of the home's name (`featurFlags`): the lines go under it, renamed, rather
  // than under a second, new block beside it.
  const misspelt = targets.length === 0 ? misspeltHolder(doc, obj, home) : undefined;
  const target = targets[0] ?? misspelt;
  const eol = eolOf(text);
  // Into the one place the schema gives the key, written in this mapping already (the key's one home,
  // of a variant that takes it, without it): certain and lossless, so `lint --fix` applies it too
  // when it is the one preferred fix (REVIEW16-user N2). Under a new key, or under a misspelt one
  // renamed, the editor's only: which key was meant is the user's to confirm.
  // (A block value written in flow style to go into a flow mapping is the editor's only: the user sees
  // the new form, and where its comments go. A key renamed as it moves, too: the reading is ours.)
  const tv0 = targets[0]?.value;
  const restyled =
    !flow &&
    tv0?.type === 'object' &&
    tv0.flow &&
    (prop.value?.type === 'object' || prop.value?.type === 'array') &&
    !prop.value.flow;
  const certain = targets.length === 1 && !restyled && as === undefined;
  // "Move 'x'", or for a key renamed as it moves "Rename 'system_instructions' to 'systemInstructions' and move it".
  const movePhrase = (what: string): string =>
    as === undefined ? `Move ${what}` : `Rename '${written}' to '${as}' and move it`;
  const fix = (title: string, edits: TextEdit[], pref: boolean): Fix => ({
    title,
    edits: inDocumentEol(text, edits),
    ...(certain ? {} : { editorOnly: true as const }),
    ...(pref ? { isPreferred: true } : {}),
  });
  // JSON, a YAML flow mapping, or a flow mapping to move into (REVIEW16-user N2, REVIEW15-user U6).
  if (flow || (target?.value?.type === 'object' && target.value.flow)) {
    const tv = target?.value;
    if (target && (tv?.type !== 'object' || !tv.flow)) return [];
    if (
      tv?.type === 'object' &&
      (tv.properties.some((p) => p.key.value === key) || (variant && !tagAllows(tv, variant)))
    )
      return [];
    if (!target && variant && variant.values.length !== 1) return [];
    const others = as === undefined ? siblingsForHome(doc, prop, home, target, variant) : [];
    const group = others.length > 0 ? [prop, ...others].sort((a, b) => a.key.offset - b.key.offset) : [];
    const tag = variant ? { property: variant.property, value: variant.values[0]! } : undefined;
    const renamed = as === undefined ? undefined : { prop, to: as };
    const moveOf = (ps: PropertyNode[]): TextEdit[] | undefined =>
      target ? flowMoveInto(doc, ps, target, renamed) : flowMoveUnderNew(doc, ps, home, tag, renamed);
    const rename = misspelt ? [replaceScalar(doc, misspelt.key, home)] : [];
    const titled = (what: string): string =>
      misspelt
        ? `Rename '${misspelt.key.value}' to '${home}' and move ${what} under it`
        : target
          ? `${movePhrase(what)} under '${home}'`
          : `${movePhrase(what)} under a new '${home}'${variant ? ` (${variant.property}: ${variant.values[0]!})` : ''}`;
    const out: Fix[] = [];
    const all = group.length > 0 ? moveOf(group) : undefined;
    if (all) out.push(fix(titled(keysList(group.map((p) => p.key.value))), [...rename, ...all], preferred));
    const one = moveOf([prop]);
    if (one) out.push(fix(titled(`'${written}'`), [...rename, ...one], preferred && !all));
    return out;
  }
  // The other keys of this mapping, at its column, that belong in the same place alone (all of
  // `definition`'s keys written at the top level): one more fix moves them all, in their order.
  const others = as === undefined ? siblingsForHome(doc, prop, home, target, variant) : [];
  const sorted = others.length > 0 ? [prop, ...others].sort((a, b) => a.key.offset - b.key.offset) : [];
  // The keys moved together to `to` (where the first one is, when undefined), but those whose move
  // would change what an alias reads: an alias moved above its anchor, an anchor moved down past an
  // alias of it (REVIEW14-user U7); none when that leaves the key alone. An anchored key moved with
  // the aliases of it, in their order, stays in, and so do they.
  const groupTo = (to: number | undefined): PropertyNode[] => {
    let kept = sorted;
    for (;;) {
      if (kept.length < 2 || !kept.includes(prop)) return [];
      const spans = spansOf(text, kept, col);
      const broken = aliasesBrokenByMove(doc.root, spans, to ?? spans[0]!.from);
      if (broken.length === 0) return kept;
      const inSpan = (o: number | undefined): number =>
        o === undefined ? -1 : spans.findIndex((sp) => o >= sp.from && o < sp.to);
      const out = new Set(broken.flatMap((a) => [inSpan(a.offset), inSpan(a.target?.offset)]));
      kept = kept.filter((_, i) => !out.has(i));
    }
  };
  if (target) {
    const v = target.value;
    if (v?.type !== 'object' || v.flow || v.properties.length === 0) return [];
    if (v.properties.some((p) => p.key.value === key)) return [];
    if (variant && !tagAllows(v, variant)) return [];
    const first = v.properties[0]!;
    if (!isLineLeading(text, first.key.offset)) return [];
    const by = columnOf(text, first.key.offset) - col;
    if (by <= 0) return [];
    const last = v.properties[v.properties.length - 1]!;
    const at = blockEnd(text, last, contentEnd(text, last));
    // (The target's block ends the file without a line break: one first.)
    const lead = at === text.length && !text.endsWith('\n') ? eol : '';
    const moveTo = (ps: PropertyNode[]): TextEdit[] | undefined => {
      const spans = renamedIn(doc, spansOf(text, ps, col), prop, as);
      if (spans.some((sp) => at > sp.from && at < sp.to)) return undefined;
      if (aliasesBrokenByMove(doc.root, spans, at).length > 0) return undefined;
      return [
        ...spans.map((sp) => ({ offset: sp.from, length: sp.to - sp.from, newText: '' })),
        { offset: at, length: 0, newText: lead + spans.map((sp) => shiftLines(sp.lines, ' '.repeat(by))).join('') },
      ];
    };
    const rename = misspelt ? [replaceScalar(doc, misspelt.key, home)] : [];
    const titled = (what: string): string =>
      misspelt
        ? `Rename '${misspelt.key.value}' to '${home}' and move ${what} under it`
        : `${movePhrase(what)} under '${home}'`;
    const out: Fix[] = [];
    const group = groupTo(at);
    const all = group.length > 0 ? moveTo(group) : undefined;
    if (all) out.push(fix(titled(keysList(group.map((p) => p.key.value))), [...rename, ...all], preferred));
    const one = moveTo([prop]);
    if (one) out.push(fix(titled(`'${written}'`), [...rename, ...one], preferred && !all));
    return out;
  }
  if (variant && variant.values.length !== 1) return [];
  const indent = text.slice(lineStart(text, prop.key.offset), prop.key.offset);
  const unit = indentUnit(doc);
  const tag = variant ? `${indent}${unit}${variant.property}: ${variant.values[0]!}${eol}` : '';
  const title = (what: string): string =>
    `${movePhrase(what)} under a new '${home}'${variant ? ` (${variant.property}: ${variant.values[0]!})` : ''}`;
  const newHome = (ps: PropertyNode[]): TextEdit[] | undefined => {
    // The comment lines right above the first key go with it, under the new key (they speak of it).
    const spans = renamedIn(doc, spansOf(text, ps, col), prop, as);
    const head = spans[0]!;
    if (aliasesBrokenByMove(doc.root, spans, head.from).length > 0) return undefined;
    const moved = spans.map((sp) => shiftLines(sp.lines, unit)).join('');
    return [
      { offset: head.from, length: head.to - head.from, newText: `${indent}${home}:${eol}${tag}${moved}` },
      ...spans.slice(1).map((sp) => ({ offset: sp.from, length: sp.to - sp.from, newText: '' })),
    ];
  };
  const out: Fix[] = [];
  // The new home is written where the first of the keys is.
  const group = sorted.length > 0 ? groupTo(undefined) : [];
  const all = group.length > 0 ? newHome(group) : undefined;
  if (all) out.push(fix(title(keysList(group.map((p) => p.key.value))), all, preferred));
  const one = newHome([prop]);
  if (one) out.push(fix(title(`'${written}'`), one, preferred && !all));
  return out;
}

/**
 * For `missing-required` of `home` on `obj` when keys of `home` are written in `obj` itself (all of
 * `definition`'s keys at the top level): the preferred move of them under a new `home`, the fix that
 * keeps them. Adding an empty `home` instead (with a placeholder `llm`) would leave them stranded, and
 * the stray `llm` could then no longer move (the new block has one).
 */
export function moveStraysUnder(doc: ParsedDocument, obj: ObjectNode, home: string): Fix[] {
  const schema = schemaAtPath(doc.root, pathOf(obj)).schema;
  const allowed = unwrapNullable(schema)?.properties ?? {};
  for (const p of obj.properties) {
    if (Object.prototype.hasOwnProperty.call(allowed, p.key.value) || isMergeKey(p)) continue;
    const one = singleHome(schema, p.key.value);
    if (one?.home !== home) continue;
    const d = diag('unknown-property', '', p.key.offset, p.key.length, {
      data: { key: p.key.value, home, ...(one.variant ? { homeVariant: one.variant } : {}) },
    });
    const first = moveToHome(doc, p, d, true)[0];
    if (first) return [first];
  }
  return [];
}

/**
 * The one key of the mapping, not a key it allows, that is a slip of `home` (`featurFlags`,
 * `feature_flags`), holding a block mapping: where the user meant the home to be.
 */
function misspeltHolder(doc: ParsedDocument, obj: ObjectNode, home: string): PropertyNode | undefined {
  const allowed = unwrapNullable(schemaAtPath(doc.root, pathOf(obj)).schema)?.properties ?? {};
  const slips = obj.properties.filter(
    (p) =>
      !Object.prototype.hasOwnProperty.call(allowed, p.key.value) &&
      !holdsMoreThanAKey(p.key.value) &&
      scoreOf(p.key.value, home) !== undefined,
  );
  const v = slips.length === 1 ? slips[0]!.value : undefined;
  return v?.type === 'object' && (v.flow || !obj.flow) ? slips[0] : undefined;
}

/**
 * A block key that starts its line, without a tab before it. (An anchor in its lines may move with
 * them: each move checks that every alias still reads its own anchor, aliasesBrokenByMove.)
 */
function movable(doc: ParsedDocument, p: PropertyNode): boolean {
  const text = doc.text;
  if (!isLineLeading(text, p.key.offset)) return false;
  return !/\t/.test(text.slice(lineStart(text, p.key.offset), p.key.offset));
}

/** The discriminator of `v` has one of the values that allow the key. */
function tagAllows(v: ObjectNode, variant: { property: string; values: string[] }): boolean {
  const tag = readValue(v, variant.property);
  return tag?.type === 'string' && variant.values.includes(tag.value);
}

/**
 * The other keys of `prop`'s mapping (at its column, written once) whose one home is `home` too, in the
 * same variant of it: those an existing `target` allows, or, for a new one, those that need no other
 * discriminator than the one written with it.
 */
function siblingsForHome(
  doc: ParsedDocument,
  prop: PropertyNode,
  home: string,
  target: PropertyNode | undefined,
  variant: { property: string; values: string[] } | undefined,
): PropertyNode[] {
  const obj = prop.parent;
  const text = doc.text;
  const col = columnOf(text, prop.key.offset);
  const schema = schemaAtPath(doc.root, pathOf(obj)).schema;
  const count = new Map<string, number>();
  for (const p of obj.properties) count.set(p.key.value, (count.get(p.key.value) ?? 0) + 1);
  const held = target?.value?.type === 'object' ? target.value : undefined;
  const out: PropertyNode[] = [];
  // (In JSON and a flow mapping every key of the mapping is at its level, wherever its line starts.)
  const flow = doc.language === 'json' || obj.flow;
  for (const p of obj.properties) {
    if (p === prop || count.get(p.key.value) !== 1 || isMergeKey(p)) continue;
    if (!flow && (!movable(doc, p) || columnOf(text, p.key.offset) !== col)) continue;
    const one = singleHome(schema, p.key.value);
    if (!one || one.home !== home) continue;
    if (held) {
      if (held.properties.some((q) => q.key.value === p.key.value)) continue;
      if (one.variant && !tagAllows(held, one.variant)) continue;
    } else if (one.variant) {
      // A new home carries at most the one discriminator the clicked key needs.
      if (!variant || variant.property !== one.variant.property || !one.variant.values.includes(variant.values[0]!))
        continue;
    }
    out.push(p);
  }
  return out;
}

/**
 * The lines of each key, in text order: from the comment lines right above it at its column (they
 * speak of it), to the end of its block; the blank lines between two keys moved together go with the
 * second (so the keys keep their spacing, and no run of blank lines is left where they were); a line
 * break added at the end of the file's last line.
 */
function spansOf(
  text: string,
  ps: readonly PropertyNode[],
  col: number,
): { from: number; to: number; lines: string }[] {
  const eol = eolOf(text);
  let prevEnd = -1;
  return ps.map((p) => {
    const keyLine = lineStart(text, p.key.offset);
    let from = Math.max(prevEnd, leadingComments(text, keyLine, col));
    if (prevEnd >= 0 && from > prevEnd && /^[ \t\r\n]*$/.test(text.slice(prevEnd, from))) from = prevEnd;
    const to = blockEnd(text, p, contentEnd(text, p));
    prevEnd = to;
    let lines = text.slice(from, to);
    if (!lines.endsWith('\n')) lines += eol;
    return { from, to, lines };
  });
}

/**
 * The spans with `prop`'s key written `as` (its field's name: `system_instructions` as
 * `systemInstructions`); as they are when `as` is undefined.
 */
function renamedIn(
  doc: ParsedDocument,
  spans: { from: number; to: number; lines: string }[],
  prop: PropertyNode,
  as: string | undefined,
): { from: number; to: number; lines: string }[] {
  if (as === undefined) return spans;
  return spans.map((sp) => {
    const at = prop.key.offset - sp.from;
    if (at < 0 || prop.key.offset >= sp.to) return sp;
    const lines = sp.lines.slice(0, at) + keyTextOf(doc, as) + sp.lines.slice(at + prop.key.length);
    return { ...sp, lines };
  });
}

/** A key as the document writes one: JSON's quoted, YAML's plain when that reads the same. */
function keyTextOf(doc: ParsedDocument, k: string): string {
  return doc.language === 'json' ? JSON.stringify(k) : yamlScalar(k);
}

/** Each non-blank line of `lines` indented by `by`. */
function shiftLines(lines: string, by: string): string {
  return lines
    .split('\n')
    .map((l) => (l.replace(/\r$/, '') === '' ? l : by + l))
    .join('\n');
}

/** `'a' and 'b'`, `'a', 'b' and 'c'`, `'a', 'b' and 3 more`. */
function keysList(keys: string[]): string {
  const q = keys.map((k) => `'${k}'`);
  if (q.length > 4) return `${q.slice(0, 2).join(', ')} and ${q.length - 2} more`;
  return `${q.slice(0, -1).join(', ')} and ${q[q.length - 1]!}`;
}

/**
 * `unknown-property` with `up`: the key's lines (with the comment lines right above it and those
 * under it) moved out of the mapping, to just after the block of the key that holds it, at that
 * key's column. Block YAML only; not the mapping's only key (its holder would be left empty); an
 * editor fix, never `--fix`.
 */
export function moveUp(doc: ParsedDocument, prop: PropertyNode, d: Diagnostic, preferred: boolean): Fix[] {
  const text = doc.text;
  const obj = prop.parent;
  const holder = obj.parent;
  if (typeof d.data?.up !== 'string' || holder?.type !== 'property') return [];
  if (holder.key.value !== d.data.up || holder.value !== obj) return [];
  if (obj.properties.length < 2) return [];
  const title = `Move '${prop.key.value}' up, beside '${holder.key.value}'`;
  const pref = preferred ? { isPreferred: true as const } : {};
  // JSON and YAML flow mappings (REVIEW16-user N2).
  if (doc.language === 'json' || obj.flow || holder.parent.flow) {
    const edits = flowMoveUp(doc, prop, holder);
    return edits ? [{ title, edits, editorOnly: true, ...pref }] : [];
  }
  if (!isLineLeading(text, prop.key.offset) || !isLineLeading(text, holder.key.offset)) return [];
  const col = columnOf(text, prop.key.offset);
  const by = col - columnOf(text, holder.key.offset);
  if (by <= 0) return [];
  const from = leadingComments(text, lineStart(text, prop.key.offset), col);
  const to = blockEnd(text, prop, contentEnd(text, prop));
  const pad = ' '.repeat(by);
  const out: string[] = [];
  for (const l of text.slice(from, to).split('\n')) {
    if (l.startsWith(pad)) out.push(l.slice(by));
    else if (/^[ \r]*$/.test(l)) out.push(l.replace(/^ +/, ''));
    else return [];
  }
  let moved = out.join('\n');
  if (!moved.endsWith('\n')) moved += eolOf(text);
  const at = blockEnd(text, holder, contentEnd(text, holder));
  // (Not when an alias between here and there reads an anchor in the lines: it would come before it.)
  if (aliasesBrokenByMove(doc.root, [{ from, to }], at).length > 0) return [];
  // A line break first where the text before the insertion (the moved lines taken out) ends without one.
  const before = at === to ? text.slice(0, from) : text.slice(0, at);
  const lead = at === text.length && before !== '' && !before.endsWith('\n') ? eolOf(text) : '';
  return [
    {
      title: `Move '${prop.key.value}' up, beside '${holder.key.value}'`,
      edits: [
        { offset: from, length: to - from, newText: '' },
        { offset: at, length: 0, newText: lead + moved },
      ],
      editorOnly: true,
      ...(preferred ? { isPreferred: true } : {}),
    },
  ];
}

/** The block scalars (`|`, `>`) among the properties' values, as ranges in text order. */
function blockScalars(text: string, props: readonly PropertyNode[]): { from: number; to: number }[] {
  const out: { from: number; to: number }[] = [];
  const visit = (n: Node | undefined): void => {
    if (!n) return;
    if (n.type === 'object') for (const p of n.properties) visit(p.value);
    else if (n.type === 'array') for (const x of n.items) visit(x);
    else if (n.type === 'string' && !n.quoted && /^[|>]/.test(text.slice(n.offset, n.offset + 1)))
      out.push({ from: n.offset, to: n.offset + n.length });
  };
  for (const p of props) visit(p.value);
  return out;
}

/** `near-miss-key`: a custom key close to a named one; renaming is the only fix (custom keys are allowed). */
export const nearMissKey: FixProvider = (doc, d) => {
  const glued = missingSpaceInKey(doc, d);
  if (glued) return glued;
  const prop = propertyAtKey(doc, d.offset);
  const suggestion = d.data?.suggestion;
  if (!prop || d.data?.key !== prop.key.value || holdsMoreThanAKey(prop.key.value)) return [];
  // Equally close named keys (`enable_visualizations_v`: `…_v2`, `…_v3`): each, none preferred (REVIEW5 H20).
  const all = suggestion ? [suggestion] : (d.data.suggestions ?? []);
  return all.map((k) => ({
    title: `Rename '${prop.key.value}' to '${k}'`,
    edits: [replaceScalar(doc, prop.key, k)],
    isPreferred: suggestion !== undefined,
  }));
};

/**
 * `duplicate-key`: which copy stays is the user's choice (REVIEW16-user N5). When the ignored copy
 * (the one the diagnostic is on) repeats a later copy word for word, the later one goes, preferred
 * (`lint --fix` too): the value read stays the same, and the user's key order and the comments around
 * the first copy stay where they were (never when that removal would cut a comment). An ignored copy
 * with nothing in it goes, preferred. Otherwise "Keep the first (line N)" and "Keep the last (line M,
 * the one read)" (and "Keep this one" on a copy between them), none preferred: each removes every
 * other copy whole, its value and nested lines with it; the comments on the removed lines stay, on
 * lines of their own where the copy was. Not when a removed copy holds an anchor an alias uses or a
 * literal credential (the file's only copy of it).
 */
export const duplicateKey: FixProvider = (doc, d) => {
  const prop = propertyAtKey(doc, d.offset);
  if (!prop || !isShadowed(prop)) return [];
  const removable = (p: PropertyNode): TextEdit[] | undefined => {
    if (anchorsUsedElsewhere(doc, [p]) || holdsLiteralSecret(p)) return undefined;
    const edits = removeProperties(doc, p.parent, [p]);
    return edits.some((e) => deletesComment(doc, e)) ? undefined : edits;
  };
  const props = prop.parent.properties;
  const key = prop.key.value;
  const twin = props.slice(props.indexOf(prop) + 1).find((p) => p.key.value === key);
  if (twin && sameValueText(doc, prop, twin)) {
    const later = removable(twin);
    if (later)
      return [
        {
          title: `Remove the repeated '${key}' (same value; the first copy stays)`,
          edits: later,
          isPreferred: true,
        },
      ];
  }
  // An ignored copy with nothing in it (`fallback:` on a line doubled by accident, the block under the
  // copy read): removing it drops nothing written but the key, which the copy read keeps (REVIEW14-user U12).
  if (isEmptyCopy(prop)) {
    const edits = removable(prop);
    return edits
      ? [
          {
            title: `Remove the empty duplicate '${key}' (the last one, with its value, is read)`,
            edits,
            isPreferred: true,
          },
        ]
      : [];
  }
  // Not preferred: the copies differ, and which one the user meant is theirs to say; under a key left
  // empty above the last copy (`fallback:` then `provider:` at its column) it is the first, and an
  // editor's Auto Fix would delete it (REVIEW6 I3).
  const copies = props.filter((p) => p.key.value === key);
  const text = doc.text;
  const lineOf = (p: PropertyNode): number => {
    let n = 1;
    for (let i = text.indexOf('\n'); i >= 0 && i < p.key.offset; i = text.indexOf('\n', i + 1)) n++;
    return n;
  };
  const lines = (ps: PropertyNode[]): string => {
    const ns = ps.map(lineOf);
    return ns.length === 1
      ? `the copy on line ${ns[0]!}`
      : `the copies on lines ${ns.slice(0, -1).join(', ')} and ${ns[ns.length - 1]!}`;
  };
  const keep = (k: PropertyNode, which: string): Fix[] => {
    const others = copies.filter((p) => p !== k);
    if (others.some((p) => anchorsUsedElsewhere(doc, [p]) || holdsLiteralSecret(p))) return [];
    return [
      {
        title: `Keep ${which} '${key}${shownValue(doc, k)}' (line ${lineOf(k)}${k === copies[copies.length - 1] ? ', the one read' : ''}; remove ${lines(others)})`,
        edits: removeProperties(doc, prop.parent, others),
      },
    ];
  };
  const first = copies[0]!;
  const last = copies[copies.length - 1]!;
  return [...keep(first, 'the first'), ...(prop !== first ? keep(prop, 'this') : []), ...keep(last, 'the last')];
};

/** A key written with no value (`fallback:`; no anchor or tag, which aliases or readers could use). */
export function isEmptyCopy(prop: PropertyNode): boolean {
  const v = prop.value;
  return v === undefined || (v.type === 'null' && v.length === 0 && v.anchor === undefined);
}

/** The two properties' values are the same text (blanks aside). */
export function sameValueText(doc: ParsedDocument, a: PropertyNode, b: PropertyNode): boolean {
  const text = (p: PropertyNode): string | undefined =>
    p.value
      ? doc.text
          .slice(p.value.offset, p.value.offset + p.value.length)
          .replace(/\s+/g, ' ')
          .trim()
      : undefined;
  return text(a) === text(b);
}

/** Whether an edit deletes (part of) a comment: `#` (YAML) or `//`, `/*` (JSON) outside every scalar. */
export function deletesComment(doc: ParsedDocument, e: TextEdit): boolean {
  const from = e.offset;
  const to = e.offset + e.length;
  if (to <= from) return false;
  // The scalars (keys and values) inside the range blanked out: what is left is syntax and comments.
  const rest = outsideScalars(doc, from, to);
  // A comment that starts before the range and runs into it is cut too: look from the line start.
  const lead = doc.text.slice(lineStart(doc.text, from), from);
  const cut = rest.length > 0 && !/^[\r\n]/.test(rest);
  if (doc.language === 'json') return /\/\/|\/\*|\*\//.test(rest) || (cut && /\/\/|\/\*/.test(lead));
  return /(^|\s)#/.test(rest) || (cut && /(^|\s)#/.test(lead));
}
