// `npm run test:quick`: a change checked in minutes rather than the full suite's twenty (issue 70,
// item 6). Lint of the files changed (all of them when the lint's own configuration changed),
// the import circles, the typecheck, and the unit tests Vitest finds affected by the changed
// files (`vitest run --changed <base>`: a test file changed, or one that imports a changed
// module). The base is origin/main when the clone has it, else the commit before HEAD; changes
// not yet committed and new files count. Not run: the e2e suite, and tests that read a changed
// file at run time rather than import it (a migration's SQL, config.toml): `npm test` runs them.
// Vitest runs every unit test when a package.json or a Vitest or Vite config changed.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '..')
const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
const refExists = (ref: string) => {
  try {
    git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`)
    return true
  } catch {
    return false
  }
}

const base = refExists('origin/main') ? 'origin/main' : refExists('HEAD~') ? 'HEAD~' : 'HEAD'
const changed = [
  ...git('diff', '--name-only', base).split('\n'),
  ...git('ls-files', '--others', '--exclude-standard').split('\n'),
].filter((file) => file !== '' && existsSync(path.join(ROOT, file)))

function step(name: string, command: string, args: string[]): void {
  const began = performance.now()
  console.log(`\n▶ ${name}`)
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' })
  const seconds = ((performance.now() - began) / 1000).toFixed(1)
  if (result.status !== 0) {
    console.error(`✖ ${name} failed (${seconds} s)`)
    process.exit(result.status ?? 1)
  }
  console.log(`✔ ${name} (${seconds} s)`)
}

console.log(`test:quick: ${changed.length} files changed since ${base}`)
const LINTED = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/
const lintAll = changed.some((file) => file === 'eslint.config.js' || file === 'package.json')
const toLint = lintAll ? ['.'] : changed.filter((file) => LINTED.test(file))
if (toLint.length > 0) {
  const cache = ['--cache', '--cache-location', 'node_modules/.cache/eslint/']
  step(`lint (${lintAll ? 'every file' : `${toLint.length} files`})`, 'npx', [
    'eslint',
    ...cache,
    '--no-warn-ignored',
    ...toLint,
  ])
}
step('import circles', process.execPath, ['--import', 'tsx', 'scripts/check-cycles.ts'])
step('typecheck', 'npx', ['tsc', '-b'])
step('PostgreSQL for the tests', process.execPath, [
  '--import',
  'tsx',
  'scripts/ensure-postgres.ts',
])
step(`unit tests affected since ${base}`, 'npx', [
  'vitest',
  'run',
  '--changed',
  base,
  '--passWithNoTests',
])
