// UI checks in the browser, on the extension installed from the .vsix (no development path):
// what a user sees. Each check yields { name, ok, error } and leaves a screenshot in test-results/.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const FILE = 'broken-provider.assistant.yaml';
// The provider variants, read from the schema (scripts/gen-schema.mjs holds the only list).
const SCHEMA = JSON.parse(readFileSync(new URL('../../schemas/assistant-config.schema.json', import.meta.url), 'utf8'));
const PROVIDERS = SCHEMA.definitions.LlmConfig.oneOf.map(
  (ref) => SCHEMA.definitions[ref.$ref.replace('#/definitions/', '')].properties.provider.const,
);
const T = 30_000;

const clean = (s) => s.replace(/\u00a0/g, ' ');

export async function* uiChecks(page, { base, fixtures, results, log, prefix = '' }) {
  const shot = (name) => page.screenshot({ path: join(results, `${prefix}ui-${name}.png`) }).catch(() => {});
  const check = async (name, slug, fn) => {
    log(`${prefix}ui: ${name}`);
    try {
      await fn();
      await shot(slug);
      return { name, ok: true };
    } catch (e) {
      await shot(`${slug}-failure`);
      return { name, ok: false, error: e?.message ?? e };
    }
  };
  const editor = page.locator('.editor-instance .monaco-editor').first();
  // Lines are absolutely positioned by `top`; sort them to read the document in order.
  const editorText = async () => {
    const lines = await editor.locator('.view-lines .view-line').evaluateAll((els) =>
      els
        .map((e) => [parseFloat(e.style.top) || 0, e.textContent ?? ''])
        .sort((a, b) => a[0] - b[0])
        .map((x) => x[1]),
    );
    return clean(lines.join('\n'));
  };
  const waitText = async (re, what) => {
    const end = Date.now() + T;
    let last = '';
    while (Date.now() < end) {
      last = await editorText();
      if (re.test(last)) return;
      await page.waitForTimeout(100);
    }
    throw new Error(`${what}: the editor shows ${JSON.stringify(last)}`);
  };
  const goto = async (line, col) => {
    await editor.click({ position: { x: 200, y: 5 } });
    await page.keyboard.press('Control+G');
    const input = page.locator('.quick-input-widget .quick-input-box input');
    await input.waitFor({ state: 'visible', timeout: T });
    await input.fill(`:${line}:${col}`);
    await input.press('Enter');
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: T });
  };

  const folder = join(fixtures, 'configs');
  await page.goto(`${base}/?folder=${encodeURIComponent(folder)}`, { waitUntil: 'domcontentloaded', timeout: 60_000 });
  await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 60_000 });

  yield await check(`open ${FILE} from Quick Open`, 'open', async () => {
    // The explorer lists the folder once the workbench is connected to the server.
    await page
      .locator('.explorer-folders-view .monaco-list-row', { hasText: FILE })
      .first()
      .waitFor({ state: 'visible', timeout: 60_000 });
    await page.keyboard.press('Control+P');
    const input = page.locator('.quick-input-widget .quick-input-box input');
    await input.waitFor({ state: 'visible', timeout: T });
    await input.fill(FILE);
    await page
      .locator('.quick-input-widget .monaco-list-row', { hasText: FILE })
      .first()
      .waitFor({ state: 'visible', timeout: T });
    await input.press('Enter');
    await page.locator('.tabs-container .tab', { hasText: FILE }).waitFor({ state: 'visible', timeout: T });
    await waitText(/provider: vendr_a/, 'the file did not open');
  });

  yield await check('the Problems panel lists the diagnostic with its code', 'problems', async () => {
    await editor.click({ position: { x: 200, y: 5 } });
    await page.keyboard.press('Control+Shift+M');
    const row = page.locator('.markers-panel .monaco-list-row', { hasText: "Unknown provider 'vendr_a'" }).first();
    await row.waitFor({ state: 'visible', timeout: T });
    const text = clean(await row.innerText());
    if (!/unknown-discriminator/.test(text))
      throw new Error(`the problem does not show its code: ${JSON.stringify(text)}`);
    if (!/vendor_a/.test(text))
      throw new Error(`the problem does not name the closest provider: ${JSON.stringify(text)}`);
    if (!/\[?Ln 5, Col 15\]?/.test(text))
      throw new Error(`the problem is not at line 5, column 15: ${JSON.stringify(text)}`);
  });

  yield await check('the suggest widget lists the seven providers after `provider: `', 'suggest', async () => {
    await goto(5, 15);
    await page.keyboard.press('Shift+End');
    await page.keyboard.press('Backspace');
    await waitText(/provider: *\n/, 'the value was not deleted');
    await page.keyboard.press('Control+Space');
    const widget = page.locator('.editor-widget.suggest-widget');
    await widget.locator('.monaco-list-row', { hasText: 'vendor_a' }).first().waitFor({ state: 'visible', timeout: T });
    const labels = (await widget.locator('.monaco-list-row .label-name').allInnerTexts()).map((s) => clean(s).trim());
    const missing = PROVIDERS.filter((p) => !labels.includes(p));
    if (missing.length) throw new Error(`missing ${missing.join(', ')} from ${JSON.stringify(labels)}`);
    // The documentation of the focused item, in the details pane (Ctrl+Space again opens it).
    if (!(await page.locator('.suggest-details-container .suggest-details').isVisible()))
      await page.keyboard.press('Control+Space');
    await page
      .locator('.suggest-details', { hasText: /platform/i })
      .first()
      .waitFor({ state: 'visible', timeout: T });
  });
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+Z');
  await waitText(/provider: vendr_a/, 'undo did not restore the value').catch(() => {});

  yield await check('the hover on the `provider` key shows its documentation', 'hover', async () => {
    await goto(5, 7);
    await page.keyboard.press('Control+K');
    await page.keyboard.press('Control+I');
    const hover = page.locator('.monaco-hover:not(.hidden)', { hasText: /Which LLM provider/ }).first();
    await hover.waitFor({ state: 'visible', timeout: T });
    await page.waitForTimeout(300); // let the fade-in finish for the screenshot
  });
  await page.keyboard.press('Escape');

  yield await check(
    "the quick-fix menu offers 'vendor_a', and applying it clears the problem",
    'quickfix',
    async () => {
      await goto(5, 17);
      await page.keyboard.press('Control+.');
      const item = page.locator('.action-widget .monaco-list-row', { hasText: 'vendor_a' }).first();
      await item.waitFor({ state: 'visible', timeout: T });
      await shot('quickfix-menu');
      if (!prefix)
        await page
          .screenshot({ path: join(results, 'readme.png'), clip: { x: 0, y: 0, width: 1100, height: 720 } })
          .catch(() => {});
      // Keyboard, as a user would: the preferred fix is focused first; else walk down to it.
      for (let i = 0; i < 12; i++) {
        const focused = clean(await page.locator('.action-widget .monaco-list-row.focused').first().innerText());
        if (/vendor_a/.test(focused) && !/Switch/.test(focused)) break;
        await page.keyboard.press('ArrowDown');
      }
      await page.keyboard.press('Enter');
      await waitText(/provider: vendor_a\n/, 'the fix was not applied');
      await page
        .locator('.markers-panel .monaco-list-row', { hasText: "Unknown provider 'vendr_a'" })
        .waitFor({ state: 'detached', timeout: T });
    },
  );
}
