// `npm run lint`'s second half: no import circle anywhere, type-only imports included (a circle
// of types is still a circle of modules). The one check of circles: ESLint has none.
// dpdm reads every import, export-from and import() of the files below, resolves the relative
// ones, and each circle is printed as its chain of files; any circle exits 1.
import path from 'node:path'
import { parseCircular, parseDependencyTree } from 'dpdm'

// The repository (another folder laid out the same way when given: the test's). After `--from`,
// the files to start from instead of every source (test:quick: the files changed; a new circle
// goes through an import in a changed file, and the walk follows every import from there).
const args = process.argv.slice(2)
const from = args.indexOf('--from')
const given = from === -1 ? args : args.slice(0, from)
const root = path.resolve(given[0] ?? path.join(import.meta.dirname, '..'))
const sources = '{ts,tsx,mts,cts,js,mjs,cjs}'
// Every source ESLint lints (eslint.config.js leaves circles to this script).
const every = [
  `*.${sources}`,
  `app/src/**/*.${sources}`,
  `app/scripts/**/*.${sources}`,
  `app/test/**/*.${sources}`,
  `app/*.${sources}`,
  `backend/src/**/*.${sources}`,
  `backend/test/**/*.${sources}`,
  `backend/*.${sources}`,
  `supabase/functions/**/*.${sources}`,
  `supabase/scripts/**/*.${sources}`,
  `supabase/tests/**/*.${sources}`,
  `supabase/*.${sources}`,
  `scripts/**/*.${sources}`,
  `e2e/**/*.${sources}`,
  `bench/**/*.${sources}`,
]
const entries = from === -1 ? every : args.slice(from + 1)

const tree = await parseDependencyTree(entries, {
  cwd: root,
  context: root,
  // Type-only imports are kept (dpdm's `transform` would erase them first).
  transform: false,
  skipDynamicImports: false,
  exclude: /(^|\/)(node_modules|dist|test-results|playwright-report|\.data)\//,
})
// Each circle starts at its first file in byte order, and circles are sorted: the same report
// whatever order the files were read in.
const circles = parseCircular(tree, false)
  .map((circle) => {
    const first = circle.indexOf([...circle].sort()[0]!)
    return [...circle.slice(first), ...circle.slice(0, first)]
  })
  .sort((a, b) => (a.join('\0') < b.join('\0') ? -1 : 1))
if (circles.length === 0) {
  console.log('No import circles (type-only imports counted).')
} else {
  console.error(`${circles.length} import circle(s), type-only imports counted:`)
  for (const circle of circles) {
    console.error(`  ${[...circle, circle[0]].join(' -> ')}`)
  }
  console.error('Break each circle: move what both sides share into a module of its own.')
  process.exitCode = 1
}
