// The runner's half of the UI driver (see suite/harness.ts `driver`): serves the suite's requests,
// written as files into a directory, on the workbench page through Playwright.
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

async function handle(page, { action, params, timeoutMs }) {
  const timeout = timeoutMs ?? 30_000;
  switch (action) {
    case 'type-input': {
      const widget = page.locator('.quick-input-widget');
      await widget.waitFor({ state: 'visible', timeout });
      if (params.title)
        await widget.locator('.quick-input-title', { hasText: params.title }).waitFor({ state: 'visible', timeout });
      const input = widget.locator('.quick-input-box input');
      await input.fill(params.text, { timeout });
      await input.press('Enter', { timeout });
      await widget.waitFor({ state: 'hidden', timeout });
      return true;
    }
    case 'wait-notification': {
      // A toast, or an entry of the notification center (where a notification goes when the center
      // is open, or when its toast was hidden).
      const toast = page.locator('.notification-list-item', { hasText: new RegExp(params.pattern) }).first();
      try {
        await toast.waitFor({ state: 'visible', timeout });
      } catch {
        if (params.failureShot) await page.screenshot({ path: params.failureShot }).catch(() => {});
        const shown = await page.locator('.notification-list-item').allInnerTexts();
        throw new Error(
          `no notification matching /${params.pattern}/ within ${timeout} ms; shown: ${JSON.stringify(shown.map((t) => t.replace(/\s+/g, ' ').trim()))}`,
        );
      }
      return (await toast.innerText()).replace(/\s+/g, ' ').trim();
    }
    default:
      throw new Error(`unknown action ${action}`);
  }
}

/** Starts serving requests from `dir`; returns an async stop function. */
export function startDriver(page, dir, log = () => {}) {
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      let names = [];
      try {
        names = readdirSync(dir).filter((f) => f.startsWith('request-') && f.endsWith('.json'));
      } catch {
        // the directory is gone: the run is over
      }
      for (const name of names) {
        const file = join(dir, name);
        let req;
        try {
          req = JSON.parse(readFileSync(file, 'utf8'));
        } finally {
          rmSync(file, { force: true });
        }
        log(`driver: ${req.action}`);
        let resp;
        try {
          resp = { result: await handle(page, req) };
        } catch (e) {
          resp = { error: String(e?.message ?? e).split('\n')[0] };
        }
        const out = join(dir, `response-${req.id}.json`);
        writeFileSync(`${out}.tmp`, JSON.stringify(resp));
        renameSync(`${out}.tmp`, out);
      }
      await sleep(100);
    }
  })();
  return async () => {
    stopped = true;
    await loop;
  };
}
