// Files that are, or are not, AssistantConfig files by their content (README "Which files", rule 4),
// as people write them: decided alike by the CLI's directory walk, the language server and the VS
// Code client (test/protocol/contentDetection.test.ts), one rule (server/src/shared/sniff.ts). Each
// config has a misspelt provider, so that "checked" shows as a diagnostic; the others, read as a
// config, would have diagnostics too (no kind), so "not checked" shows as none.
import { SNIFF_CHARS } from '../server/src/shared';

export interface SniffFixture {
  /** A file name without its extension. */
  name: string;
  ext: 'yaml' | 'json';
  text: string;
  config: boolean;
}

const LICENSE_LINE = '# Licensed under the Apache License, Version 2.0 (the "License"); you may not use this file.\n';
/** A comment header of about `chars` characters. */
const header = (chars: number): string => LICENSE_LINE.repeat(Math.ceil(chars / LICENSE_LINE.length));
const BODY = 'version: v2\ndefinition:\n  llm:\n    provider: hostd\n';
/** A literal block scalar of about `chars` characters: a long prompt. */
const prompt = (chars: number): string =>
  '    You are the support assistant. Answer briefly; cite the runbook when it helps: kind of thing.\n'.repeat(
    Math.ceil(chars / 96),
  );

export const SNIFF_FIXTURES: readonly SniffFixture[] = [
  { name: 'plain-config', ext: 'yaml', config: true, text: `# prod\nkind: AssistantConfig\n${BODY}` },
  // Past 16 KB (the editor's old window) and within SNIFF_CHARS.
  { name: 'license-header', ext: 'yaml', config: true, text: `${header(40_000)}\nkind: AssistantConfig\n${BODY}` },
  {
    name: 'long-instructions-first',
    ext: 'yaml',
    config: true,
    text: `version: v2\ndefinition:\n  systemInstructions: |\n${prompt(60_000)}  llm:\n    provider: hostd\nkind: AssistantConfig\n`,
  },
  {
    name: 'flow-one-line',
    ext: 'yaml',
    config: true,
    text: '{kind: AssistantConfig, version: v2, definition: {llm: {provider: hostd}}}\n',
  },
  {
    name: 'flow-lines',
    ext: 'yaml',
    config: true,
    text: [
      '# Written by a generator; flow style',
      '---',
      '{',
      '  version: v2,   # the format',
      "  definition: {llm: {provider: hostd, model: 'm: x'}},",
      "  'kind': AssistantConfig",
      '}',
      '',
    ].join('\r\n'),
  },
  {
    name: 'json-kind-last',
    ext: 'json',
    config: true,
    text: `{"version":"v2","definition":{"llm":{"provider":"hostd"}},"kind":"AssistantConfig"}`,
  },
  {
    name: 'kind-past-window',
    ext: 'yaml',
    config: false,
    text: `${header(SNIFF_CHARS + 1000)}kind: AssistantConfig\n${BODY}`,
  },
  {
    name: 'block-scalar-mention',
    ext: 'yaml',
    config: false,
    text: 'notes: |\n  kind: AssistantConfig\n  is what our config files say\nprovider: hostd\n',
  },
  { name: 'comment-mention', ext: 'yaml', config: false, text: '# kind: AssistantConfig\nprovider: hostd\n' },
  {
    name: 'flow-nested-kind',
    ext: 'yaml',
    config: false,
    text: '{meta: {kind: AssistantConfig}, note: "kind: AssistantConfig", provider: hostd}\n',
  },
  { name: 'k8s', ext: 'yaml', config: false, text: 'apiVersion: v1\nkind: Deployment\nmetadata: {name: web}\n' },
  // A misspelt kind is still this format (reported as kind-invalid), not a file left unchecked (REVIEW18-user U6);
  // a longer name is another kind.
  { name: 'misspelt-kind', ext: 'yaml', config: true, text: `# prod\nkind: AssistantConfg\n${BODY}` },
  {
    name: 'misspelt-kind-json',
    ext: 'json',
    config: true,
    text: '{\n  "kind": "assistant-config",\n  "version": "v2",\n  "definition": {"llm": {"provider": "hostd"}}\n}\n',
  },
  { name: 'longer-kind', ext: 'yaml', config: false, text: `kind: AssistantConfigV3\n${BODY}` },
];
