// `node:perf_hooks` in the browser build: the global performance clock.
export const performance = globalThis.performance;
