// Completion at given positions: every provider (read from the schema) after `provider: `, the schema selector types
// after `type: `, only the chosen variant's missing keys inside an LLM mapping, also in JSON.
import { PROVIDERS, assert, assertEqual, completionsAt, describe, docText, it, label, open } from './harness';

const labelsAt = async (
  file: string,
  line: number,
  ch: number,
): Promise<{ labels: string[]; docs: Map<string, string> }> => {
  const doc = await open(file);
  const items = await completionsAt(doc.uri, line, ch);
  const labels = items.map((i) => label(i).replace(/^"|"$/g, ''));
  return { labels, docs: new Map(items.map((i) => [label(i).replace(/^"|"$/g, ''), docText(i)])) };
};

describe('completion', () => {
  it('after `provider: ` offers every provider, each documented', async () => {
    const { labels, docs } = await labelsAt('configs/completion.assistant.yaml', 4, 14);
    const missing = PROVIDERS.filter((p) => !labels.includes(p));
    assertEqual(missing, [], `providers missing from ${JSON.stringify(labels)}`);
    const undocumented = PROVIDERS.filter((p) => !/\S/.test(docs.get(p) ?? ''));
    assertEqual(undocumented, [], 'providers without documentation');
  });

  it('after `type: ` under schemaSelector offers the three selector types and no provider', async () => {
    const { labels } = await labelsAt('configs/completion.assistant.yaml', 6, 10);
    const missing = ['all', 'fixed', 'llm_selector'].filter((t) => !labels.includes(t));
    assertEqual(missing, [], `types missing from ${JSON.stringify(labels)}`);
    assertEqual(
      labels.filter((l) => PROVIDERS.includes(l)),
      [],
      'providers offered for `type`',
    );
  });

  it('inside a vendor_a mapping offers only vendor_a keys not yet present', async () => {
    const { labels } = await labelsAt('configs/variant-keys.assistant.yaml', 6, 4);
    const missing = ['apiKey', 'baseUrl', 'fallback'].filter((k) => !labels.includes(k));
    assertEqual(missing, [], `vendor_a keys missing from ${JSON.stringify(labels)}`);
    const wrong = ['provider', 'model', 'cloudProject', 'modelId', 'specificLlm', 'cloudLocation'].filter((k) =>
      labels.includes(k),
    );
    assertEqual(wrong, [], 'keys offered that are present already or belong to another variant');
  });

  it('in JSON, inside the provider string, offers the providers', async () => {
    const { labels } = await labelsAt('configs/broken.assistant.json', 4, 26);
    assert(labels.includes('vendor_b'), `vendor_b missing from ${JSON.stringify(labels)}`);
    assert(labels.includes('cloud_c'), `cloud_c missing from ${JSON.stringify(labels)}`);
  });
});
