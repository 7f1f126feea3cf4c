// How lint's output names files (cli/files.ts displayPaths, relative() worked out once per
// directory) against what it replaced, `relative(cwd, file) || file` per file: on seeded random
// working directories and files, POSIX and Windows paths (drive letters and letter case differing,
// files in the working directory, beside it, in its ancestors, named like a step of its path,
// directly under a root), the same name for every file, asked in walk order (runs of one directory).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { posix, win32 } from 'node:path';
import { displayPaths } from '../../server/src/cli/files';
import { testSeed } from '../seed';
import { mulberry32 as rng } from '../helpers';

const STEPS = ['a', 'b', 'A', 'ab', 'a b', '..a', 'é', 'tmp', 'x.yaml'];

for (const [name, path, roots] of [
  ['posix', posix, ['/']],
  ['win32', win32, ['C:\\', 'c:\\', 'D:\\']],
] as const) {
  test(`displayPaths equals relative(cwd, file) || file (${name})`, () => {
    const random = rng(testSeed(`displayPaths ${name}`, 15_007, 'DISPLAY_PATHS_SEED'));
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const steps = (n: number): string[] => Array.from({ length: n }, () => pick(STEPS));
    let checked = 0;
    for (let round = 0; round < 300; round++) {
      const cwdSteps = steps(Math.floor(random() * 4));
      const root = pick(roots);
      const cwd = root + cwdSteps.join(path.sep);
      const display = displayPaths(cwd, path);
      // Files in runs of one directory, as a walk lists them: under the working directory, its
      // ancestors (a file named like the next step of its path included) and elsewhere.
      for (let run = 0; run < 6; run++) {
        const kind = random();
        const dirSteps =
          kind < 0.3
            ? [...cwdSteps, ...steps(Math.floor(random() * 3))]
            : kind < 0.6
              ? cwdSteps.slice(0, Math.floor(random() * (cwdSteps.length + 1)))
              : steps(Math.floor(random() * 4));
        const dirRoot = random() < 0.8 ? root : pick(roots);
        const dir = dirRoot + dirSteps.join(path.sep);
        for (let k = 0; k < 4; k++) {
          const base = random() < 0.3 && cwdSteps.length > dirSteps.length ? cwdSteps[dirSteps.length]! : pick(STEPS);
          const file = (dir.endsWith(path.sep) ? dir : dir + path.sep) + base;
          assert.equal(display(file), path.relative(cwd, file) || file, `cwd ${cwd}, file ${file}`);
          checked++;
        }
      }
    }
    assert.ok(checked >= 7000);
  });
}
