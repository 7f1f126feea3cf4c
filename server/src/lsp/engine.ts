// Everything heavy the protocol layer uses (parsers, the schema validator, the features). The
// server loads it after answering `initialize`, so an editor gets its answer without waiting for
// code that the first request will need anyway.
export { AnalysisCache } from './documents';
export { warmEditPath } from './warmUp';
export {
  doHover,
  documentSymbols,
  foldingRanges,
  selectionRanges,
  formatDocumentOutcome,
  formatRangeOutcome,
  doComplete,
  getCodeActions,
  fixAllEdit,
  analyze,
  llmProviderShown,
  connectionConfigFacts,
  LineIndex,
} from '../service';
export {
  ProjectConfigResolver,
  loadProjectConfig,
  nearNameNotice,
  applyProjectRules,
  isExcluded,
  parseWithLimits,
  validate,
  withProjectOptions,
} from '../service';
export { anchorDefinition, anchorReferences, anchorHighlights, prepareAnchorRename, renameAnchor } from '../service';
export {
  inlayHints,
  codeLenses,
  documentLinks,
  onTypeFormat,
  suppressionActions,
  messageMasker,
  secretRangesAround,
} from '../service';
