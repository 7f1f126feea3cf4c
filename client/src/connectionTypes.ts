// Types shared by the activation bundle and the Test Connection bundle (types only: no code).
import type { ConnectionConfigFacts, ConnectionConfigParams } from '../../server/src/shared';

export interface ConnectionResult {
  ok: boolean;
  summary: string;
}

/** The handlers of the Test Connection commands, registered at activation and loaded on first use. */
export type ConnectionCommands = Record<
  'testConnection' | 'setPersonalAccessToken' | 'setProjectApiKey' | 'setDataToken' | 'clearCredentials',
  () => Promise<void>
>;

/**
 * Asks the language server what the active document says for Test Connection (CONNECTION_CONFIG_REQUEST),
 * starting it if needed; rejects when the server cannot answer. The parser stays in the server.
 */
export type ConfigReader = (p: ConnectionConfigParams) => Promise<ConnectionConfigFacts | null>;
