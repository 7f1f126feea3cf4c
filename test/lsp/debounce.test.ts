// Regression: the server stored a setImmediate handle where a timeout was expected, so clearTimeout
// did not cancel it, and the stale callback deleted the newer timer's entry.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate as tick } from 'node:timers/promises';
import { DEBOUNCE_FROM_MS, Debouncer, MAX_DEBOUNCE_MS, debounceFor } from '../../server/src/lsp/debounce';

test('an immediate job replaced by a delayed one does not run, and the newer entry stays', async () => {
  const d = new Debouncer();
  const ran: string[] = [];
  d.schedule('a', 0, () => ran.push('immediate'));
  d.schedule('a', 60_000, () => ran.push('delayed'));
  await tick(); // the stale immediate would have run by now
  assert.deepEqual(ran, []);
  assert.ok(d.has('a'), 'the delayed job is still pending');
  d.cancel('a');
  assert.ok(!d.has('a'));
});

test('a delayed job runs once and forgets its entry', async () => {
  const d = new Debouncer();
  let runs = 0;
  await new Promise<void>((done) =>
    d.schedule('a', 1, () => {
      runs++;
      done();
    }),
  );
  assert.equal(runs, 1);
  assert.ok(!d.has('a'));
});

test('cancel stops an immediate job; a job that runs forgets only its own entry', async () => {
  const d = new Debouncer();
  const ran: string[] = [];
  d.schedule('a', 0, () => ran.push('a'));
  d.cancel('a');
  d.schedule('b', 0, () => {
    ran.push('b');
    d.schedule('b', 1000, () => ran.push('b2'));
  });
  await tick();
  await tick();
  assert.deepEqual(ran, ['b']);
  assert.ok(!d.has('a'));
  assert.ok(d.has('b'), 'the job scheduled from inside the running one is kept');
  d.cancel('b');
});

test('no wait after a cheap validation; the last cost, capped, after an expensive one', () => {
  // A 1,000-line file validates in about a millisecond: a wait there only delayed its diagnostics.
  for (const cost of [0, 0.4, 1, 4.6, DEBOUNCE_FROM_MS - 0.01]) assert.equal(debounceFor(cost), 0, String(cost));
  assert.equal(debounceFor(DEBOUNCE_FROM_MS), DEBOUNCE_FROM_MS);
  assert.equal(debounceFor(42.4), 42);
  assert.equal(debounceFor(10_000), MAX_DEBOUNCE_MS);
});
