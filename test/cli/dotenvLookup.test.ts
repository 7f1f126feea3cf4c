// DotenvLookup in-process: the nearest `.env` walking up, the git work tree's top as the boundary
// (a `.git` file too: worktrees, submodules), a directory named `.env` skipped, answers the same in
// any order of asking and from a snapshot, git asked once per `.env` and only when needed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { DotenvLookup } from '../../server/src/lsp/dotenvLookup';

function tree(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'ac-lookup-')));
  const files: Record<string, string> = {
    '.env': 'TOP=1\n',
    'p/.env': 'P=1\nexport Q="2"\n',
    'p/q/r/keep': '',
    'p/.env.example': 'NOT_READ=1\n',
    'wt/.git': 'gitdir: /elsewhere\n',
    'wt/s/keep': '',
    'd/.env/keep': '',
    'd/e/keep': '',
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(root, rel, '..'), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return root;
}

const names = (l: DotenvLookup, path: string): string[] => [...l.forFile(path).names].sort();

test('the nearest .env walking up, stopping at the top of a git work tree', () => {
  const root = tree();
  const asks: [string, string[], string | undefined][] = [
    ['p/q/r/x.yaml', ['P', 'Q'], 'p/.env'],
    ['p/x.yaml', ['P', 'Q'], 'p/.env'],
    ['x.yaml', ['TOP'], '.env'],
    // A worktree's `.git` file marks its top: the outer .env is not its project's.
    ['wt/s/x.yaml', [], undefined],
    ['wt/x.yaml', [], undefined],
    // A directory named .env is no .env.
    ['d/e/x.yaml', ['TOP'], '.env'],
    ['d/.env/x.yaml', ['TOP'], '.env'],
  ];
  const fresh = (): DotenvLookup => new DotenvLookup(undefined, () => undefined);
  const shared = fresh();
  // Asked in order, in reverse and interleaved with one lookup: the same answers as a new lookup each.
  for (const order of [asks, [...asks].reverse(), [...asks, ...asks]]) {
    for (const [rel, expected, env] of order) {
      const path = join(root, rel);
      assert.deepEqual(names(shared, path), expected, rel);
      assert.deepEqual(names(fresh(), path), expected, rel);
      assert.equal(shared.forFile(path).path, env === undefined ? undefined : join(root, env), rel);
    }
  }
});

test('a snapshot answers as the lookup did, without reading a .env again', () => {
  const root = tree();
  const ignored = new Map([[join(root, 'p/.env'), false]]);
  const lookup = new DotenvLookup(undefined, (f) => ignored.get(f));
  const paths = ['p/q/r/x.yaml', 'x.yaml', 'wt/s/x.yaml', 'd/e/x.yaml'].map((r) => join(root, r));
  for (const p of paths) lookup.forFile(p);
  const snapshot = lookup.snapshot();
  rmSync(join(root, '.env'));
  rmSync(join(root, 'p/.env'));
  const copy = DotenvLookup.from(structuredClone(snapshot));
  for (const p of paths) {
    assert.deepEqual(names(copy, p), [...lookup.forFile(p).names].sort(), p);
    assert.deepEqual([...copy.forFile(p).exposed()].sort(), [...lookup.forFile(p).exposed()].sort(), p);
  }
  assert.deepEqual([...copy.forFile(paths[0]!).exposed()].sort(), ['P', 'Q']);
  assert.deepEqual([...copy.forFile(paths[1]!).exposed()], []);
});

test('git is asked once per .env, and only when its exposure is asked', () => {
  const root = tree();
  const asked: string[] = [];
  const lookup = new DotenvLookup(undefined, (f) => (asked.push(f), false));
  for (let i = 0; i < 100; i++) lookup.forFile(join(root, 'p/q/r', `f${i}.yaml`));
  assert.deepEqual(asked, []);
  for (let i = 0; i < 100; i++) lookup.forFile(join(root, 'p', `f${i}.yaml`)).exposed();
  assert.deepEqual(asked, [join(root, 'p/.env')]);
});

test('a .env that cannot be read is told once; its names count as not set, the walk does not go past it', () => {
  const root = tree();
  const told: string[] = [];
  const lookup = new DotenvLookup(
    (file, code) => told.push(`${file} ${code}`),
    () => false,
    (file) => {
      if (file === join(root, 'p/.env')) throw Object.assign(new Error('denied'), { code: 'EACCES' });
      return 'TOP=1\n';
    },
  );
  for (const rel of ['p/x.yaml', 'p/q/r/x.yaml', 'p/y.yaml']) {
    assert.deepEqual(names(lookup, join(root, rel)), []);
    assert.deepEqual([...lookup.forFile(join(root, rel)).exposed()], []);
  }
  assert.deepEqual(told, [`${join(root, 'p/.env')} EACCES`]);
  assert.deepEqual(names(lookup, join(root, 'x.yaml')), ['TOP']);
});

test('a walk from below the home directory does not enter it: ~/.env is the user`s, not a project`s', () => {
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'ac-home-')));
  const home = join(base, 'home');
  const files: Record<string, string> = {
    'home/.env': 'HOME_ONLY=1\n',
    'home/x.yaml': '',
    'home/notes/deep/x.yaml': '',
    'home/proj/.env': 'PROJ=1\n',
    'home/proj/src/x.yaml': '',
    'home/repo/.git/HEAD': '',
    'home/repo/x.yaml': '',
    'elsewhere/tmp/x.yaml': '',
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(base, rel, '..'), { recursive: true });
    writeFileSync(join(base, rel), text);
  }
  const lookup = new DotenvLookup(undefined, () => undefined, undefined, home);
  const asks: [string, string | undefined][] = [
    // Beside the document in the home directory itself: read.
    ['home/x.yaml', 'home/.env'],
    // Below it, outside git: the walk stops before the home directory.
    ['home/notes/deep/x.yaml', undefined],
    ['home/proj/src/x.yaml', 'home/proj/.env'],
    ['home/repo/x.yaml', undefined],
    // Outside the home directory: its .env is no ancestor, whatever the order of asking.
    ['elsewhere/tmp/x.yaml', undefined],
  ];
  for (const order of [asks, [...asks].reverse()]) {
    const l = new DotenvLookup(undefined, () => undefined, undefined, home);
    for (const [rel, env] of order) {
      for (const x of [l, lookup])
        assert.equal(x.forFile(join(base, rel)).path, env === undefined ? undefined : join(base, env), rel);
    }
  }
  // A worker's lookup (from a snapshot) stops there too, for directories the snapshot lacks.
  const copy = DotenvLookup.from(structuredClone(lookup.snapshot()));
  mkdirSync(join(home, 'other'));
  assert.equal(copy.forFile(join(home, 'other/y.yaml')).path, undefined);
  // Without a home directory the walk goes on up, as before.
  assert.equal(
    new DotenvLookup(undefined, () => undefined).forFile(join(base, 'home/notes/deep/x.yaml')).path,
    join(home, '.env'),
  );
});
