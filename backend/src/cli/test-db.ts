// `test db`: the pgTAP tests under supabase/tests/ (the .sql files only; the folder may hold other
// tests), run against the running stack's database as `supabase test db` runs them with
// pg_prove: each file on a connection of its own, as psql would run it, its TAP output checked
// against its plan. pgTAP is created in `extensions` for the run (and dropped after, when the run
// created it). Without pgTAP on the server it says so and what installs it.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import postgres from 'postgres'
import { loadProjectConfig } from '../config/project-config.ts'
import { readRunningState } from './status.ts'

export interface TestDbArgs {
  workdir: string
  dataDir: string
  dbUrl: string | undefined
}

export async function testDb(args: TestDbArgs): Promise<number> {
  const config = await loadProjectConfig(args.workdir)
  const url = args.dbUrl ?? (await readRunningState(args.dataDir))?.dbUrl
  if (!url) {
    process.stderr.write(
      `No local stack is running for ${args.workdir}. Start one with: npm run backend -- start\n`
    )
    return 1
  }
  const testsDir = path.join(config.supabaseDir, 'tests')
  const files = (await sqlFiles(testsDir)).sort()
  if (files.length === 0) {
    process.stderr.write(`No pgTAP tests (.sql files) found in supabase/tests.\n`)
    return 1
  }

  const admin = postgres(url, { max: 1, onnotice: () => {} })
  let created = false
  try {
    const [row] = await admin<{ available: boolean; installed: boolean; major: number }[]>`
      select exists (select 1 from pg_available_extensions where name = 'pgtap') as available,
        exists (select 1 from pg_extension where extname = 'pgtap') as installed,
        current_setting('server_version_num')::int / 10000 as major`
    if (!row?.available) {
      const major = row?.major ?? 'NN'
      process.stderr.write(
        `Error: pgTAP is not installed on this PostgreSQL ${major} server, so test db cannot run. ` +
          `Install it (on Debian: apt-get install postgresql-${major}-pgtap) and run the stack on ` +
          `that server (--postgres-bin or DATABASE_URL).\n`
      )
      return 1
    }
    if (!row.installed) {
      await admin`create extension pgtap with schema extensions`
      created = true
    }

    const results: FileResult[] = []
    for (const file of files) {
      const name = path.relative(config.workdir, file)
      const result = await runFile(url, name, await readFile(file, 'utf8'))
      process.stdout.write(renderFile(result))
      results.push(result)
    }
    process.stdout.write(renderSummary(results))
    return results.every((r) => r.summary.passed) ? 0 : 1
  } finally {
    if (created) await admin`drop extension if exists pgtap`.catch(() => undefined)
    await admin.end({ timeout: 2 })
  }
}

async function sqlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])
  return entries
    .filter((e) => e.isFile() && (e.name.endsWith('.sql') || e.name.endsWith('.pg')))
    .map((e) => path.join(e.parentPath, e.name))
}

interface FileResult {
  name: string
  summary: TapSummary
  /** The SQL error that ended the file early, if any. */
  error: string | null
}

async function runFile(url: string, name: string, text: string): Promise<FileResult> {
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  const lines: string[] = []
  let error: string | null = null
  try {
    await sql.unsafe('set search_path = "$user", public, extensions').simple()
    const results = (await sql.unsafe(text).simple()) as unknown as unknown[]
    // One statement gives its rows; several give one list of rows per statement.
    const statements = text.trim() === '' ? [] : Array.isArray(results[0]) ? results : [results]
    for (const rows of statements as Record<string, unknown>[][]) {
      for (const row of rows) {
        const value = Object.values(row)[0]
        if (typeof value === 'string') lines.push(...value.split('\n'))
      }
    }
  } catch (e) {
    error = (e as Error).message
  } finally {
    await sql.end({ timeout: 2 })
  }
  const summary = summarizeTap(lines)
  if (error !== null) summary.passed = false
  return { name, summary, error }
}

export interface TapSummary {
  planned: number | null
  run: number
  failed: number[]
  /** `not ok` lines and `#` diagnostics, as pg_prove shows them for a failing file. */
  diagnostics: string[]
  passed: boolean
}

/** Reads TAP lines (`1..N`, `ok N - …`, `not ok N - …`, `# …`) as pg_prove judges them. */
export function summarizeTap(lines: string[]): TapSummary {
  let planned: number | null = null
  let run = 0
  const failed: number[] = []
  const diagnostics: string[] = []
  for (const line of lines) {
    const plan = /^1\.\.(\d+)/.exec(line)
    if (plan) {
      planned = Number(plan[1])
      continue
    }
    const test = /^(not )?ok\b\s*(\d+)?(.*)$/.exec(line)
    if (test) {
      run += 1
      const todo = /#\s*(TODO|SKIP)\b/i.test(test[3] ?? '')
      if (test[1] && !todo) {
        failed.push(Number(test[2] ?? run))
        diagnostics.push(line)
      }
      continue
    }
    if (line.startsWith('#')) diagnostics.push(line)
  }
  const passed = planned !== null && planned === run && failed.length === 0
  return { planned, run, failed, diagnostics, passed }
}

function renderFile(result: FileResult): string {
  const { name, summary, error } = result
  if (summary.passed) return `${name} .. ok\n`
  let text = `${name} .. \n`
  for (const line of summary.diagnostics) text += `${line}\n`
  if (error !== null) text += `# ERROR: ${error}\n`
  if (summary.failed.length > 0) text += `Failed ${summary.failed.length}/${summary.run} subtests\n`
  else if (summary.planned === null) text += `No plan found in TAP output\n`
  else if (summary.planned !== summary.run) {
    text += `# Planned ${summary.planned} tests but ran ${summary.run}.\n`
  }
  return text
}

function renderSummary(results: FileResult[]): string {
  const tests = results.reduce((n, r) => n + r.summary.run, 0)
  const failing = results.filter((r) => !r.summary.passed)
  let text = ''
  if (failing.length === 0) {
    text += 'All tests successful.\n'
  } else {
    text += '\nTest Summary Report\n-------------------\n'
    for (const r of failing) {
      text += `${r.name} (Tests: ${r.summary.run} Failed: ${r.summary.failed.length})\n`
      if (r.summary.failed.length > 0) text += `  Failed tests:  ${r.summary.failed.join(', ')}\n`
      if (r.summary.planned !== null && r.summary.planned !== r.summary.run) {
        text += `  Parse errors: Bad plan.  You planned ${r.summary.planned} tests but ran ${r.summary.run}.\n`
      }
      if (r.error !== null) text += `  Error: ${r.error}\n`
    }
  }
  text += `Files=${results.length}, Tests=${tests}\n`
  text += `Result: ${failing.length === 0 ? 'PASS' : 'FAIL'}\n`
  return text
}
