// The language service: pure functions of (document, tree, position, options). No protocol, no I/O.
export * from './codes';
export { validate, DEFAULT_OPTIONS } from './validation';
export type { ValidationOptions, EnvLookup } from './validation';
export { analyze, parseWithLimits } from './analyze';
