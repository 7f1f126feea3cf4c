// What the client needs of connection/: Test Connection runs in the extension host, so the
// credentials stay there. Part of the shared module (see ./index.ts).
export {
  CREDENTIAL_COMMANDS,
  CREDENTIAL_LABELS,
  TokenCache,
  formatReport,
  runTestConnection,
  summarize,
  validateCredential,
} from '../connection';
export type { ConnectionOptions, CredentialKind, Credentials, TestConnectionReport } from '../connection';
