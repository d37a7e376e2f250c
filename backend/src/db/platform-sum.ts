// platform.sum: the SHA-256 of every platform contract file (platform/*.sql) and of the stack's
// own pg_cron/pg_net versions (stack-extensions/*.sql), as
// supabase/migrations.sum is for the project's migrations. A file is applied once per database
// and never again, so once recorded it must never change: a change to the platform is a new file.
// `npm run -w @chorus/backend platform:record` adds the new files; platform-sum.test.ts fails on a
// changed, removed or unrecorded one.
import { createHash } from 'node:crypto'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const HERE = path.dirname(fileURLToPath(import.meta.url))
export const PLATFORM_SUM = path.join(HERE, 'platform.sum')
const PLATFORM_DIR = path.join(HERE, 'platform')
const EXTENSIONS_DIR = path.join(HERE, 'stack-extensions')

/**
 * name -> sha256 of the files in platform/, and of the stack's own extension versions
 * (stack-extensions/*.sql as "stack-extensions/<file>": a released version never changes either;
 * a change is a new version with its upgrade script, stack-extensions.ts updateExtensions).
 */
export async function platformHashes(): Promise<Map<string, string>> {
  const hashes = new Map<string, string>()
  for (const [dir, prefix] of [
    [PLATFORM_DIR, ''],
    [EXTENSIONS_DIR, 'stack-extensions/'],
  ] as const) {
    for (const name of (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort()) {
      const text = await readFile(path.join(dir, name))
      hashes.set(`${prefix}${name}`, createHash('sha256').update(text).digest('hex'))
    }
  }
  return hashes
}

/** name -> sha256 as recorded in platform.sum. */
export async function recordedHashes(): Promise<Map<string, string>> {
  const text = await readFile(PLATFORM_SUM, 'utf8').catch(() => '')
  const recorded = new Map<string, string>()
  for (const line of text.split('\n')) {
    const match = /^([0-9a-f]{64}) {2}(\S+)$/.exec(line)
    if (match) recorded.set(match[2]!, match[1]!)
  }
  return recorded
}

/** Records the files not yet in platform.sum; a recorded file keeps its recorded hash. */
async function record(): Promise<void> {
  const recorded = await recordedHashes()
  for (const [name, hash] of await platformHashes())
    if (!recorded.has(name)) recorded.set(name, hash)
  const lines = [...recorded].sort(([a], [b]) => a.localeCompare(b))
  await writeFile(PLATFORM_SUM, lines.map(([name, hash]) => `${hash}  ${name}\n`).join(''))
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await record()
}
