// Hover: the schema's documentation of keys and discriminator values, and the variant in force.
import { assert, describe, hoverText, it, open } from './harness';

describe('hover', () => {
  it('on a provider value: the variant and its documentation', async () => {
    const doc = await open('configs/variant-keys.assistant.yaml');
    const text = await hoverText(doc.uri, 4, 16);
    assert(/VendorALlmConfig/.test(text) && /Vendor A/.test(text), `hover on vendor_a: ${JSON.stringify(text)}`);
    assert(/apiKey/.test(text), `hover on vendor_a does not name the required apiKey: ${JSON.stringify(text)}`);
  });

  it('on a key: its documentation and the variant in force', async () => {
    const doc = await open('configs/variant-keys.assistant.yaml');
    const text = await hoverText(doc.uri, 5, 6);
    assert(/Model name/.test(text), `hover on model: ${JSON.stringify(text)}`);
    assert(/vendor_a/.test(text), `hover on model does not name the variant: ${JSON.stringify(text)}`);
  });

  it('on `kind`, in JSON too', async () => {
    const doc = await open('configs/valid.assistant.json');
    const text = await hoverText(doc.uri, 1, 5);
    assert(/always `?AssistantConfig/.test(text), `hover on kind: ${JSON.stringify(text)}`);
  });
});
