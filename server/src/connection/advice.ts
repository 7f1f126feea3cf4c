// What to do about each diagnosis. Kept apart from the steps so that every message of the same
// kind gives the same advice, whichever step met it.
import type { Diagnosis, StepName } from './types';

const SETTING_HINT =
  'In VS Code set it under Settings › AssistantConfig › Connection; on the command line use the matching flag or ASSISTANT_* variable.';

const STORE_HINT =
  'in VS Code with the command "AssistantConfig: Set Personal Access Token" / "Set Project API Key" / "Set Data Token"; on the command line in ASSISTANT_PAT / ASSISTANT_API_KEY / ASSISTANT_DATA_TOKEN.';

/** Every diagnosis, once (the Record makes the compiler insist on each); the README's table lists them all. */
const ALL: Record<Diagnosis, true> = {
  'missing-setting': true,
  'invalid-setting': true,
  'invalid-provider': true,
  'invalid-project-id': true,
  'invalid-data-source-url': true,
  'missing-credential': true,
  'invalid-credential': true,
  'insecure-url': true,
  'unknown-host': true,
  'connection-refused': true,
  tls: true,
  'tls-untrusted': true,
  'tls-expired': true,
  'tls-not-yet-valid': true,
  'tls-hostname': true,
  'tls-not-tls': true,
  timeout: true,
  proxy: true,
  cancelled: true,
  'too-large': true,
  'redirect-other-origin': true,
  'redirect-refused': true,
  'redirect-method-change': true,
  'too-many-redirects': true,
  network: true,
  'refresh-unauthorized': true,
  'jwt-refused': true,
  'api-key-refused': true,
  forbidden: true,
  'program-rejected': true,
  'not-found': true,
  'server-error': true,
  'unexpected-status': true,
  'not-json': true,
  'invalid-json': true,
  'rate-limited': true,
  'no-token': true,
  'not-jwt': true,
  'jwt-expired': true,
};
export const DIAGNOSES = Object.keys(ALL) as Diagnosis[];

/**
 * What to do about `d` met in `step`. `where`: the place a wrong provider was read
 * (ConnectionOptions.providerSource), named by the advice for `invalid-provider`.
 */
export function adviceFor(d: Diagnosis, step: StepName, where?: string): string {
  switch (d) {
    case 'invalid-provider':
      return `Fix ${where ?? 'aiPrimitivesLlm.provider in the configuration'} (\`assistant-config lint\` shows it, with its fix), then run again; it is the file's value, not a setting. Only program execution sends it; token refresh and the thread lists do not need it.`;
    case 'missing-setting':
    case 'invalid-setting':
      return `Correct the setting named above. ${SETTING_HINT}`;
    case 'invalid-project-id':
      return `The project ID is a UUID such as 123e4567-e89b-12d3-a456-426614174000; copy it from the project's settings page. ${SETTING_HINT}`;
    case 'invalid-data-source-url':
      return "Use the project's data endpoint address, which ends in /v1/sql.";
    case 'missing-credential':
      return `Store it: ${STORE_HINT}`;
    case 'invalid-credential':
      return `Store the credential again, as the bare value only: ${STORE_HINT}`;
    case 'forbidden':
      return step === 'token-refresh'
        ? 'The service accepted the token but refuses this request: the token does not give access to this project ID, or the user lacks the role it needs. Check the project ID and ask a project administrator for access (the reason above says which).'
        : step === 'threads-project' || step === 'execute-program'
          ? 'The project API key is valid but lacks permission for this operation: check its scopes or role in the project settings (the reason above says which).'
          : 'The JWT was accepted but the user lacks permission for this operation or project: ask a project administrator for the role it needs (the reason above says which).';
    case 'insecure-url':
      return 'Use the https:// address of the service. Plain http:// is accepted only for loopback addresses (127.0.0.1, ::1, localhost).';
    case 'unknown-host':
      return 'Check the spelling of the host in the address, your DNS, and whether you need a VPN or a proxy to reach it.';
    case 'connection-refused':
      return 'Nothing listens at the host and port named above: check the port in the address (https is usually 443) and that the service is running; a firewall may also refuse connections.';
    case 'tls':
      return 'The secure connection could not be set up. Check that the address is the right host and port, and that nothing between you and the service (a proxy, a firewall) intercepts TLS.';
    case 'tls-untrusted':
      return 'The server certificate is not signed by an authority this computer trusts (it may be self-signed, or signed by your organisation). Check that the address is the right host; if your organisation uses its own certificate authority, add it with NODE_EXTRA_CA_CERTS (CLI) or your system trust store.';
    case 'tls-expired':
      return "The server's certificate has expired: the service operator must renew it. If it should still be valid, check your computer's date and time. Do not work around it by trusting the certificate.";
    case 'tls-not-yet-valid':
      return "The server's certificate is not valid yet: check your computer's date and time (it is probably behind); if it is right, the service operator installed a certificate too early.";
    case 'tls-hostname':
      return 'The certificate was issued for another host name: use the host name the service is published under (not an IP address or an internal alias), or ask the operator for a certificate that covers this one.';
    case 'tls-not-tls':
      return 'The port answered without TLS: the address probably points at a plain-http port. Check the port (https is usually 443), or whether the address should be http:// (allowed for loopback only).';
    case 'timeout':
      return 'The host did not answer in time: check your network, VPN and proxy, or raise the timeout (assistantConfig.connection.timeoutMs / --timeout-ms).';
    case 'proxy':
      return "Check the proxy address and credentials (VS Code's http.proxy, or HTTPS_PROXY/HTTP_PROXY), and NO_PROXY for hosts that must be reached directly.";
    case 'cancelled':
      return 'Run Test Connection again when ready.';
    case 'too-large':
      return step === 'threads-user' || step === 'threads-project'
        ? 'The answer is large and does not say it is JSON (a JSON list of threads passes, large or not): the address probably points at something other than the service API (a web page, a download, a stream); check it.'
        : 'The answer is far larger than this operation sends: the address probably points at something other than the service API (a download, a stream); check it.';
    case 'redirect-method-change':
      return 'The address redirects the request to another path with a method change (a POST would arrive as a GET): use the final address of the operation in the settings directly.';
    case 'redirect-other-origin':
      return 'Use the final address of the service in the settings directly (the one the redirect points to), if you trust it.';
    case 'redirect-refused':
      return 'The service (or something in front of it: a login portal, a proxy) redirected to an address that is not followed: one that is not http(s), or that carries a user name or password (in the web extension, any redirect). Use the final https:// address of the service in the settings.';
    case 'too-many-redirects':
      return 'The address redirects in a loop; use the final address of the service.';
    case 'network':
      return 'Check your network connection and the address, then try again.';
    case 'refresh-unauthorized':
      return 'The personal access token (or service account token) is wrong, expired or revoked, or it does not belong to this project ID. Create a new token, store it again, and check the project ID.';
    case 'jwt-refused':
      return 'The service refused the freshly issued JWT: the base address and the token refresh address may belong to different environments, or the user lacks access to this project.';
    case 'api-key-refused':
      return step === 'execute-program'
        ? 'Program execution refused the project API key: check that the key belongs to this project and is still valid, then store it again.'
        : 'The project API key is wrong, revoked or belongs to another project: create a new key and store it again.';
    case 'program-rejected':
      return 'The program-execution address refused the payload: check the data endpoint address, the data authentication mode and the data token.';
    case 'not-found':
      return step === 'token-refresh'
        ? 'The token refresh address is wrong: check its host and path.'
        : step === 'execute-program'
          ? 'The program-execution address is wrong: check its host and path.'
          : 'The base address is wrong: it must be the address under which /threads lives (check the path, e.g. a missing /v1).';
    case 'server-error':
      return 'The service had an internal error; try again later, and contact the service operator if it persists.';
    case 'unexpected-status':
      return 'The answer is not what the service sends; check that the address points at the service.';
    case 'not-json':
      return 'The address answered with something other than JSON (often a web page or a login portal): check the address and the proxy.';
    case 'invalid-json':
      return 'The answer says it is JSON but does not parse: a fault of the service, or something on the way (a proxy, a gateway) cut or altered it. Try again; if it persists, contact the service operator with the time of the run.';
    case 'rate-limited':
      return 'The service refuses more requests for now (rate limit); the settings are not at fault. Wait the time named above (or a minute), then run Test Connection again; if it persists, check whether other tools share the same token or key.';
    case 'no-token':
      return 'The token refresh address answered JSON without a "token" field: check that it is the token refresh operation of the authentication host.';
    case 'not-jwt':
      return 'The "token" returned is not a JWT: check that the token refresh address is the right operation.';
    case 'jwt-expired':
      return "The token was already expired when received: check your computer's clock, then try again; if it persists, contact the service operator.";
  }
}
