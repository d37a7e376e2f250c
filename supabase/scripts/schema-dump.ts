// `npm run -w supabase schema:dump`: writes today's schema to supabase/schema/ (one file per
// subject), from a throwaway database with only supabase/migrations applied (no seed, no stack).
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import postgres from 'postgres'
import { withThrowawayDatabase } from '../../backend/src/cli/gen-types.ts'
import { dumpSchema, writeSchema } from './schema/dump.ts'

const supabaseDir = path.resolve(import.meta.dirname, '..')
const out = path.join(supabaseDir, 'schema')

process.stderr.write('Applying supabase/migrations to a throwaway database...\n')
const files = await withThrowawayDatabase(path.join(supabaseDir, 'migrations'), async (url) => {
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    return await dumpSchema(sql)
  } finally {
    await sql.end({ timeout: 2 })
  }
})
await mkdir(out, { recursive: true })
await writeSchema(out, files)
for (const name of files.keys())
  console.log(`wrote ${path.relative(process.cwd(), path.join(out, name))}`)
