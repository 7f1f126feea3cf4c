// Types shared by the activation bundle and the Test Connection bundle (types only: no code).

export interface ConnectionResult {
  ok: boolean;
  summary: string;
}

/** The handlers of the Test Connection commands, registered at activation and loaded on first use. */
export type ConnectionCommands = Record<
  'testConnection' | 'setPersonalAccessToken' | 'setProjectApiKey' | 'setDataToken' | 'clearCredentials',
  () => Promise<void>
>;
