// The language service: pure functions of (document, tree, position, options). No protocol, no I/O.
export * from './codes';
export { validate, validateWithSuppressions, DEFAULT_OPTIONS, UnitCache } from './validation';
export type { ValidationOptions, EnvLookup } from './validation';
export { analyze, parseWithLimits } from './analyze';
export * from './types';
export { doHover } from './hover';
export { documentSymbols, foldingRanges, selectionRanges } from './structure';
export type { FoldingEntry, SelectionEntry } from './structure';
export { formatDocument, formatDocumentOutcome, formatRangeOutcome } from './format';
export type { FormatOutcome } from './format';
export type { FormatOptions } from './format';
export { dotenvNames } from './dotenv';
export { doComplete } from './completion';
export { getCodeActions, applyEdits, suppressionActions } from './codeActions';
export { fixAllEdit, keepLineEndings } from './fixAllEdit';
export type { FixAllEdit } from './fixAllEdit';
export { llmProviderInForce, llmProviderShown } from './llm';
export { connectionConfigFacts } from './connectionConfig';
export type { LlmField } from './llm';
// What the protocol layer needs of the parser, so that lsp/ reaches everything below through this index.
export { LineIndex, languageOf } from '../parser';
export type { Language, ParsedDocument } from '../parser';
export { applyEdit, patchedAt, exerciseShifts } from '../parser/incremental';
export {
  ProjectConfigResolver,
  loadProjectConfig,
  applyProjectRules,
  isExcluded,
  parseProjectConfig,
  withProjectOptions,
  PROJECT_CONFIG_FILE,
  PROJECT_CONFIG_NEAR_NAMES,
  nearNameNotice,
} from './projectConfig';
export type { ProjectConfig } from './projectConfig';
export { findSuppressions, applySuppressions } from './suppressions';
export type { SuppressedDiagnostic, SuppressionComment, SuppressionResult } from './suppressions';
export { anchorDefinition, anchorReferences, anchorHighlights, prepareAnchorRename, renameAnchor } from './anchors';
export type { RenameResult } from './anchors';
export { inlayHints } from './inlayHints';
export type { InlayHintEntry } from './inlayHints';
export { codeLenses, providerChain } from './codeLenses';
export type { CodeLensEntry, LensContext } from './codeLenses';
export { documentLinks } from './links';
export type { LinkEntry } from './links';
export { onTypeFormat } from './onType';
export { messageMasker, secretRangesAround } from './secretRanges';
