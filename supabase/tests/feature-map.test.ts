// ARCHITECTURE.md's "Where each feature lives" held to the repository (issue 51, item 6), on the
// file system alone (no database): every path a row names exists (its app folder, schema files,
// Edge Functions, tests and e2e specs); every feature folder (app/src/features/*/ with a
// feature.ts or an index.ts) and every Edge Function has a row; and a row's functions, tests and
// specs carry its feature's name, which is its app folder's: `<feature>` or `<feature>-<what>`
// before the first dot. The exceptions are names kept for addresses given out already, marked in
// the table itself: a function followed by "(Slack's name" (slack-api, the base URL Slack's SDKs
// are configured with) or "(an old address" (notify-email, the one-click unsubscribe of the
// notification mails sent before the function was renamed).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '..', '..')
const HEADING = '## Where each feature lives'
/** The columns, in order, by the words their headers start with. */
const COLUMNS = ['Feature', 'App folder', 'Schema file', 'Functions', 'Tests', 'E2E'] as const
/** What follows a function whose name is kept for addresses given out, rather than its feature's. */
const KEPT_NAME = /^\s*\((?:Slack's name|an old address)\b/

interface Row {
  /** The row's line in the file (1-based), for the messages. */
  line: number
  feature: string
  /** The app folder's name, without its slash. */
  folder: string
  schema: string[]
  functions: { name: string; keptName: boolean }[]
  tests: string[]
  e2e: string[]
}

/** A cell's names: what is between backticks, outside parentheses (remarks such as the mark). */
function namesOf(cell: string): { name: string; after: string }[] {
  const remarks = [...cell.matchAll(/\([^)]*\)/g)].map((m) => [m.index, m.index + m[0].length])
  return [...cell.matchAll(/`([^`]+)`/g)]
    .filter((m) => !remarks.some(([from, to]) => m.index > from! && m.index < to!))
    .map((m) => ({ name: m[1]!, after: cell.slice(m.index + m[0].length) }))
}
const names = (cell: string) => namesOf(cell).map((n) => n.name)

/** The table's rows; throws when the section, its table or its columns are not as written. */
function parseFeatureMap(markdown: string): Row[] {
  const lines = markdown.split('\n')
  const start = lines.indexOf(HEADING)
  if (start < 0) throw new Error(`no "${HEADING}" section`)
  let i = start + 1
  while (i < lines.length && !lines[i]!.startsWith('|')) {
    if (lines[i]!.startsWith('## ')) throw new Error(`no table under "${HEADING}"`)
    i++
  }
  const cells = (line: string) =>
    line
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|')
      .map((cell) => cell.trim())
  const header = cells(lines[i] ?? '')
  if (header.length !== COLUMNS.length || COLUMNS.some((c, k) => !header[k]!.startsWith(c))) {
    throw new Error(`the table's columns are ${header.join(' | ')}, not ${COLUMNS.join(' | ')}`)
  }
  const rows: Row[] = []
  for (i += 2; i < lines.length && lines[i]!.startsWith('|'); i++) {
    const [feature = '', folder = '', schema = '', functions = '', tests = '', e2e = ''] = cells(
      lines[i]!
    )
    const fns = namesOf(functions).map(({ name, after }) => ({
      name,
      keptName: KEPT_NAME.test(after),
    }))
    rows.push({
      line: i + 1,
      feature,
      folder: names(folder).join(' ').replace(/\/$/, ''),
      schema: names(schema),
      functions: fns,
      tests: names(tests),
      e2e: names(e2e),
    })
  }
  return rows
}

/** A file's name carries the feature's: `<feature>` or `<feature>-<what>` before its first dot. */
function carriesName(feature: string, file: string): boolean {
  const base = file.split('.')[0]!
  return base === feature || base.startsWith(`${feature}-`)
}

/** Every path a row names that does not exist, as `line N: path`. */
function missingPaths(rows: Row[], root: string): string[] {
  const missing: string[] = []
  for (const row of rows) {
    if (row.folder === '') missing.push(`line ${row.line}: no app folder`)
    const paths = [
      `${path.join('app/src/features', row.folder || '-')}/`,
      ...row.schema.map((file) => path.join('supabase/schema', file)),
      ...row.functions.map((f) => path.join('supabase/functions', f.name, 'index.ts')),
      ...row.tests.map((test) => path.join('supabase/tests', `${test}.test.ts`)),
      ...row.e2e.map((spec) => path.join('e2e', `${spec}.spec.ts`)),
    ]
    for (const file of paths) {
      const folder = file.endsWith('/')
      const full = path.join(root, file)
      const there = existsSync(full) && statSync(full).isDirectory() === folder
      if (!there) missing.push(`line ${row.line}: ${file}`)
    }
  }
  return missing
}

/** Every function, test or spec of a row that carries another name than the row's feature. */
function misnamed(rows: Row[]): string[] {
  const wrong: string[] = []
  for (const row of rows) {
    for (const f of row.functions) {
      if (!f.keptName && !carriesName(row.folder, f.name)) {
        wrong.push(`line ${row.line} (${row.folder}): function ${f.name}`)
      }
    }
    for (const test of row.tests) {
      if (!carriesName(row.folder, test))
        wrong.push(`line ${row.line} (${row.folder}): test ${test}`)
    }
    for (const spec of row.e2e) {
      if (!carriesName(row.folder, spec))
        wrong.push(`line ${row.line} (${row.folder}): e2e ${spec}`)
    }
  }
  return wrong
}

const folders = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()

describe("ARCHITECTURE.md's table of where each feature lives", () => {
  const rows = parseFeatureMap(readFileSync(path.join(ROOT, 'ARCHITECTURE.md'), 'utf8'))

  it('names only paths that exist', () => {
    expect(rows.length).toBeGreaterThan(0)
    expect(missingPaths(rows, ROOT), 'paths in the table that do not exist').toEqual([])
  })

  it('has one row for each feature folder of the app', () => {
    const featuresDir = path.join(ROOT, 'app', 'src', 'features')
    const features = folders(featuresDir).filter(
      (name) =>
        existsSync(path.join(featuresDir, name, 'feature.ts')) ||
        existsSync(path.join(featuresDir, name, 'index.ts'))
    )
    const listed = rows.map((row) => row.folder)
    expect(
      features.filter((name) => !listed.includes(name)),
      'feature folders without a row'
    ).toEqual([])
    expect(
      listed.filter((name, k) => listed.indexOf(name) !== k),
      'folders with two rows'
    ).toEqual([])
  })

  it('has a row for each Edge Function', () => {
    const listed = rows.flatMap((row) => row.functions.map((f) => f.name))
    const functions = folders(path.join(ROOT, 'supabase', 'functions')).filter(
      (name) => !name.startsWith('_')
    )
    expect(
      functions.filter((name) => !listed.includes(name)),
      'functions without a row'
    ).toEqual([])
  })

  it("names each function, test and spec after its row's feature, but what the table marks as a name kept", () => {
    expect(misnamed(rows), 'names other than the feature').toEqual([])
    // The mark is the table's: the names kept for addresses given out are notifications'
    // notify-email (an old address) and bots' slack-api (Slack's name), in the table's order.
    expect(rows.flatMap((row) => row.functions.filter((f) => f.keptName))).toEqual([
      { name: 'notify-email', keptName: true },
      { name: 'slack-api', keptName: true },
    ])
  })
})

describe('the checks themselves, on a table of their own', () => {
  const table = (rows: string[]) =>
    [
      '# Architecture',
      '',
      HEADING,
      '',
      'Text.',
      '',
      '| Feature | App folder (`x/`) | Schema file | Functions | Tests | E2E (`e2e/`) |',
      '| --- | --- | --- | --- | --- | --- |',
      ...rows,
      '',
      '## Next',
    ].join('\n')

  it('reads the cells, the mark and the lines', () => {
    const [row] = parseFeatureMap(
      table([
        "| Bots | `bots/` | `bots.sql` | `slack-api` (Slack's name: its URL, `slackApiUrl`), `bots-x` | `bots`, `bots-api` | `bots.scenario` |",
      ])
    )
    expect(row).toEqual({
      line: 9,
      feature: 'Bots',
      folder: 'bots',
      schema: ['bots.sql'],
      functions: [
        { name: 'slack-api', keptName: true },
        { name: 'bots-x', keptName: false },
      ],
      tests: ['bots', 'bots-api'],
      e2e: ['bots.scenario'],
    })
  })

  it('reads the mark of an old address; a remark that is no mark keeps the name misnamed', () => {
    const rows = parseFeatureMap(
      table([
        '| Notifications | `notifications/` | `notifications.sql` | `notifications-email`, `notify-email` (an old address: the unsubscribe of mails sent) | `notifications` | |',
        '| Push | `push/` | `push.sql` | `push-notify`, `notify-push` (its name before) | `push-notify` | |',
      ])
    )
    expect(rows.map((row) => row.functions)).toEqual([
      [
        { name: 'notifications-email', keptName: false },
        { name: 'notify-email', keptName: true },
      ],
      [
        { name: 'push-notify', keptName: false },
        { name: 'notify-push', keptName: false },
      ],
    ])
    expect(misnamed(rows)).toEqual(['line 10 (push): function notify-push'])
  })

  it('finds a missing path, and a name that is not the feature', () => {
    const rows = parseFeatureMap(
      table([
        '| Webhooks | `webhooks/` | `integrations.sql` | `incoming-webhooks` | `webhooks`, `webhook-payload` | `integrations` |',
      ])
    )
    expect(missingPaths(rows, ROOT)).toEqual([
      'line 9: supabase/schema/integrations.sql',
      'line 9: supabase/functions/incoming-webhooks/index.ts',
      'line 9: supabase/tests/webhook-payload.test.ts',
      'line 9: e2e/integrations.spec.ts',
    ])
    expect(misnamed(rows)).toEqual([
      'line 9 (webhooks): function incoming-webhooks',
      'line 9 (webhooks): test webhook-payload',
      'line 9 (webhooks): e2e integrations',
    ])
    expect(carriesName('push', 'push-notify')).toBe(true)
    expect(carriesName('threads', 'threads.scenario')).toBe(true)
    expect(carriesName('channels', 'channel-keys')).toBe(false)
    expect(carriesName('events', 'events-deliver')).toBe(true)
  })

  it('refuses a table whose columns are not the six', () => {
    const text = table([]).replace('| Schema file ', '| Migrations ')
    expect(() => parseFeatureMap(text)).toThrow(/columns/)
    expect(() => parseFeatureMap('# Architecture\n')).toThrow(/no "## Where each feature lives"/)
  })
})
