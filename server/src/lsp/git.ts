// The few questions the server and the CLI ask git (is this a work tree, is `.env` ignored, is it
// tracked), asked so that a repository's own configuration runs nothing. git runs the program named
// by `core.fsmonitor` for commands that look at the work tree (`ls-files`, `check-ignore`): a
// repository unpacked from an archive, or cloned with its `.git/config` edited, would run any
// command the moment its AssistantConfig file is linted or opened (REVIEW8 K11). `-c` on the command
// line outranks every config file; GIT_OPTIONAL_LOCKS=0 keeps git from taking the index lock to
// refresh it (these are read-only questions, asked while the user's own git may be running).
import { execFileSync } from 'node:child_process';

const SAFE = ['-c', 'core.fsmonitor=false'];

/** Runs `git args` in `cwd` with no output; throws as execFileSync does (exit status in `status`). */
export function askGit(args: readonly string[], cwd: string): void {
  execFileSync('git', [...SAFE, ...args], {
    cwd,
    stdio: 'ignore',
    timeout: 3000,
    env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' },
  });
}
