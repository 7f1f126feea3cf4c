// Loads a client bundle in this Node process with the `vscode` stub in place of the real module, and
// the client's other bundles (client-lsp.js, client-connection.js) replaced by recorders, so that what
// the activation bundle loads, and when, can be observed.
import Module from 'node:module';
import { createRequire } from 'node:module';

// Only absolute paths are required here, so the base of this require does not matter.
const require = createRequire(`${process.cwd()}/`);

/**
 * Installs the stub for `require('vscode')` (and `lazy(request)` for the other bundles, when given);
 * returns a function that removes it.
 */
export function installStub(stub, lazy) {
  const original = Module._load;
  Module._load = function (request, parent, isMain) {
    if (request === 'vscode') return stub.vscode;
    if (lazy && /client-(lsp|connection)\.js$/.test(request)) return lazy(request);
    return original.call(this, request, parent, isMain);
  };
  return () => {
    Module._load = original;
  };
}

/** Requires `file` afresh (out of the module cache) and returns its exports. */
export function requireFresh(file) {
  delete require.cache[require.resolve(file)];
  return require(file);
}
