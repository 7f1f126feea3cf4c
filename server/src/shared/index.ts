// The shared module (this directory): the only part of server/src that the client may import
// (eslint.config.mjs enforces it). This index holds what both sides use and runs anywhere (no Node
// API): the protocol names and shapes and the redaction helpers. ./testConnection.ts is the Test
// Connection API that the Node client runs in the extension host (credentials never travel to the
// server); it is kept out of this index so that the server and a browser client do not load it.
export * from './protocol';
export { SNIFF_CHARS, declaresAssistantConfigKind, kindNamesAssistantConfig } from './sniff';
export { redact, redactDeep, REDACTED } from './redact';
export {
  dotenvNames,
  dotenvEmptyNames,
  dotenvProblemMessage,
  DOTENV_TOO_LARGE,
  MAX_DOTENV_BYTES,
} from '../service/dotenv';
export { maskShapes } from '../service/credentialShapes';
