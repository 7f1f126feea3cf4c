// Public API of Test Connection: free of vscode, credentials always passed in.
export { runTestConnection } from './runner';
export { DIAGNOSES, adviceFor } from './advice';
export { formatReport, reportToJson, summarize } from './report';
export { redact, redactDeep, REDACTED } from '../shared/redact';
export { TokenCache } from './tokenCache';
export { decodeJwt } from './jwt';
export type { JwtInfo } from './jwt';
export { httpRequest } from './http';
export type { HttpRequest, HttpResponse, HttpSettings } from './http';
export { NetError } from './errors';
export type { NetErrorKind } from './errors';
export { isLoopbackHost, checkServiceUrl, proxyFor, bypassesProxy } from './url';
export {
  UUID,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_MAX_RESPONSE_BYTES,
  MAX_TIMEOUT_MS,
} from './settings';
export { DEFAULT_PROGRAM } from './steps';
export { userAgent } from './userAgent';
export type {
  ConnectionOptions,
  Credentials,
  DataAuthMode,
  Diagnosis,
  RunControl,
  StepName,
  StepResult,
  StepStatus,
  TestConnectionReport,
} from './types';
export {
  validateCredential,
  credentialProblem,
  trimCredential,
  CREDENTIAL_LABELS,
  CREDENTIAL_COMMANDS,
  CREDENTIAL_VARIABLES,
} from './credentials';
export type { CredentialKind } from './credentials';
