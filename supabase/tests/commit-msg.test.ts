// The commit-msg check the repository installs (.githooks/commit-msg running
// scripts/commit-msg.js; `npm ci`'s prepare runs scripts/install-hooks.js): the hook run on
// sample messages, then in a repository of its own through `git commit`, and the installer with
// and without a .git.
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '..', '..')
const HOOK = path.join(ROOT, '.githooks', 'commit-msg')
const INSTALL = path.join(ROOT, 'scripts', 'install-hooks.js')
const run = promisify(execFile)
const folders: string[] = []

afterEach(async () => {
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

async function folder(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'commit-msg-'))
  folders.push(dir)
  return dir
}

/** The hook on a message file: its exit code and what it printed. */
async function hook(message: string): Promise<{ code: number; out: string }> {
  const file = path.join(await folder(), 'COMMIT_EDITMSG')
  await writeFile(file, message)
  try {
    const { stdout, stderr } = await run(HOOK, [file])
    return { code: 0, out: stdout + stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, out: failed.stdout + failed.stderr }
  }
}

const chars = (n: number) => 'x'.repeat(n)

describe('.githooks/commit-msg', () => {
  it.each([
    ['a short subject', 'Lint warns at 300 lines a file\n'],
    ['a subject of 71 characters', `${chars(71)}\n`],
    ['71 characters that are not all ASCII', `${'é'.repeat(70)}…\n`],
    ['a subject, a blank line and a body', 'Short subject\n\nThe detail, as long as it needs.\n'],
    [
      "git's comments and the verbose diff",
      `Short subject\n# Please enter the commit message\n# ${chars(90)}\n# ------------------------ >8 ------------------------\n${chars(90)}\n`,
    ],
    ['leading blank lines', '\n\nShort subject\n'],
    ['a revert git wrote', `Revert "${chars(80)}"\n\nThis reverts commit 0123abc.\n`],
    ['a merge git wrote', `Merge branch '${chars(80)}'\n`],
    ['a fixup', `fixup! ${chars(80)}\n`],
  ])('passes %s', async (_, message) => {
    expect(await hook(message)).toEqual({ code: 0, out: '' })
  })

  it('refuses a subject of 72 characters or more, saying how long it is', async () => {
    const refused = await hook(`${chars(72)}\n`)
    expect(refused.code).toBe(1)
    expect(refused.out).toContain('the subject has 72 characters: keep it under 72')
    expect((await hook(`${'é'.repeat(72)}\n\nbody\n`)).code).toBe(1)
    expect((await hook(`${chars(1131)}\n`)).out).toContain('1131 characters')
  })

  it('refuses a body that does not start after a blank line', async () => {
    const refused = await hook('Short subject\nthe detail right below it\n')
    expect(refused.code).toBe(1)
    expect(refused.out).toContain('the second line is not blank')
  })

  it('is what git runs once the installer has set the hooks folder', async () => {
    const repo = await folder()
    const git = (...args: string[]) => run('git', args, { cwd: repo })
    await git('init', '-q')
    await git('config', 'user.email', 'test@example.com')
    await git('config', 'user.name', 'Test')
    await run(process.execPath, [INSTALL, repo])
    expect((await git('config', 'core.hooksPath')).stdout.trim()).toBe('.githooks')
    // This repository's hooks, as a clone has them.
    await git('config', 'core.hooksPath', path.join(ROOT, '.githooks'))
    await writeFile(path.join(repo, 'a.txt'), 'a\n')
    await git('add', 'a.txt')
    await expect(git('commit', '-q', '-m', chars(80))).rejects.toMatchObject({
      stderr: expect.stringContaining('the subject has 80 characters'),
    })
    await git('commit', '-q', '-m', 'Add a.txt', '-m', 'Why, in the body.')
    expect((await git('log', '--format=%s')).stdout).toBe('Add a.txt\n')
  })

  it('is installed harmlessly where there is no repository', async () => {
    const plain = await folder()
    const { stdout, stderr } = await run(process.execPath, [INSTALL, plain])
    expect(stdout + stderr).toBe('')
    await expect(readFile(path.join(plain, '.git', 'config'))).rejects.toMatchObject({
      code: 'ENOENT',
    })
  })
})
