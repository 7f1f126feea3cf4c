// REVIEW8 K13j: a service address (`baseUrl`, `endpoint`) that is not an http(s) URL (no scheme,
// `file:`, `javascript:`) is a warning naming the scheme, never the value.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyze } from '../../server/src/service';
import type { Language } from '../../server/src/parser';

const H = 'kind: AssistantConfig\nversion: v2\ndefinition:\n';
const found = (text: string, code: string, language: Language = 'yaml'): string[] =>
  analyze(text, language)
    .diagnostics.filter((d) => d.code === code)
    .map((d) => `${d.severity} ${d.message}`);

const vendorA = (baseUrl: string): string =>
  `${H}  llm:\n    provider: vendor_a\n    apiKey: {valueFromEnv: K}\n    baseUrl: ${baseUrl}\n`;

test('K13j: an address without a scheme, or with another scheme, is a warning naming the scheme only', () => {
  assert.deepEqual(found(vendorA('api.example.com/v1'), 'url-scheme'), [
    "warning 'baseUrl' of provider 'vendor_a' has no scheme: the service calls it over HTTP(S), so write the address with 'https://' in front.",
  ]);
  assert.deepEqual(found(vendorA('localhost:8080/v1'), 'url-scheme'), [
    "warning 'baseUrl' of provider 'vendor_a' has no scheme: the service calls it over HTTP(S), so write the address with 'https://' in front.",
  ]);
  assert.deepEqual(found(vendorA('"javascript:alert(1)"'), 'url-scheme'), [
    "warning 'baseUrl' of provider 'vendor_a' is a 'javascript:' address, not an http(s) URL: the service calls it over HTTP(S).",
  ]);
  assert.deepEqual(found(vendorA('file:///etc/passwd'), 'url-scheme'), [
    "warning 'baseUrl' of provider 'vendor_a' is a 'file:' address, not an http(s) URL: the service calls it over HTTP(S).",
  ]);
  // JSON, cloud_a's endpoint.
  const json =
    '{"kind":"AssistantConfig","version":"v2","definition":{"llm":{"provider":"cloud_a","endpoint":"ftp://x.example.com","apiKey":{"valueFromEnv":"K"}}}}';
  assert.deepEqual(found(json, 'url-scheme', 'json'), [
    "warning 'endpoint' of provider 'cloud_a' is a 'ftp:' address, not an http(s) URL: the service calls it over HTTP(S).",
  ]);
  // The value is never quoted (a credential may have been pasted there).
  const pasted = ['sk', 'proj', 'Q2xhc3NpZmllZEtleTEyMzQ1Njc4OTA'].join('-');
  for (const m of found(vendorA(pasted), 'url-scheme')) assert.ok(!m.includes(pasted.slice(8, 20)), m);
});

test('K13j: http(s) URLs, empty values, references and placeholders are left alone', () => {
  for (const v of [
    'https://api.example.com/v1',
    'HTTP://localhost:8080/v1',
    '" https://api.example.com/v1"',
    'null',
    '""',
    '"${BASE_URL}"',
    '"{{ .Values.baseUrl }}"',
    '"<baseUrl>"',
  ])
    assert.deepEqual(found(vendorA(v), 'url-scheme'), [], v);
  // A key that is not an address is not checked.
  assert.deepEqual(
    found(
      `${H}  llm:\n    provider: vendor_a\n    apiKey: {valueFromEnv: K}\n    model: api.example.com\n`,
      'url-scheme',
    ),
    [],
  );
});
