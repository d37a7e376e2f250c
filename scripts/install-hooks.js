// npm's `prepare` (run by every `npm ci` and `npm install` here): git is told to use the
// repository's own hooks, the tracked folder .githooks/ (its commit-msg check:
// scripts/commit-msg.js). From any folder (npm runs it here; the paths are this file's), as root
// in a checkout another user owns (the repository is named safe for this one call), and harmless
// where there is no repository (a tarball, `npm pack`) or no git: then it does nothing.
//   node scripts/install-hooks.js [repository folder]
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'))
if (existsSync(path.join(root, '.git'))) {
  try {
    execFileSync('git', ['-c', `safe.directory=${root}`, 'config', 'core.hooksPath', '.githooks'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
    })
  } catch (error) {
    console.warn(`install-hooks: git's hooks not set (${error.message.split('\n')[0]})`)
  }
}
