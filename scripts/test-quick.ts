// `npm run test:quick`: a change checked in minutes rather than the full suite's twenty (issue 70,
// item 6). Lint of the files changed (all of them when the lint's own configuration changed,
// ESLint's cache keeping the rest quick), the import circles through the changed files, the
// typecheck (`tsc -b`: incremental, its build info kept in node_modules/.tsbuild), and the unit
// tests of what changed (below). The base is origin/main when the clone has it, else the commit
// before HEAD; changes not yet committed and new files count. Not run: the e2e suite, tests that
// read a changed file at run time rather than import it (a migration's SQL, config.toml), and
// the stack tests of other areas that a backend change may reach: `npm test` runs them.
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
const sources = changed.filter((file) => LINTED.test(file))
if (sources.length > 0) {
  step(`import circles (from ${sources.length} files)`, process.execPath, [
    '--import',
    'tsx',
    'scripts/check-cycles.ts',
    '--from',
    ...sources,
  ])
}
step('typecheck', 'npm', ['run', '--silent', 'typecheck'])

// The tests: a changed test file; the tests of a changed backend source's area (backend/test/<area>
// and the tests beside it: every stack test imports every service through
// backend/test/support/stack.ts, so Vitest's module graph would pick nearly all of them); the
// tests whose imports reach any other changed file (`vitest related`).
const TEST = /\.test\.tsx?$/
const areas = new Set<string>()
const related: string[] = []
for (const file of sources) {
  if (TEST.test(file)) continue
  const area = /^backend\/src\/(?:([^/]+)\/)?[^/]+$/.exec(file)
  if (!area) related.push(file)
  else if (area[1] === undefined) areas.add('backend/test/stack/')
  else {
    areas.add(`backend/src/${area[1]}/`)
    if (existsSync(path.join(ROOT, 'backend/test', area[1]))) areas.add(`backend/test/${area[1]}/`)
  }
}
const testFiles = changed.filter((file) => TEST.test(file))
if (testFiles.length + areas.size + related.length > 0) {
  step('PostgreSQL for the tests', process.execPath, [
    '--import',
    'tsx',
    'scripts/ensure-postgres.ts',
  ])
  step('Chromium for the tests', process.execPath, [
    '--import',
    'tsx',
    'scripts/ensure-chromium.ts',
  ])
}
if (testFiles.length + areas.size > 0) {
  step(`unit tests: ${testFiles.length} changed, ${areas.size} backend folders`, 'npx', [
    'vitest',
    'run',
    ...testFiles,
    ...areas,
  ])
}
if (related.length > 0) {
  step(`unit tests importing ${related.length} changed files`, 'npx', [
    'vitest',
    'related',
    '--run',
    '--passWithNoTests',
    ...related,
  ])
}
