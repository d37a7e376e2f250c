// `npm run -w supabase migrations:record`: appends the checksums of new migration files to
// supabase/migrations.sum. Recorded lines are never rewritten: a change to a committed migration
// is a new migration file (see migration-history.ts).
import path from 'node:path'
import { checkHistory, MIGRATIONS_DIR, recordNew, SUM_FILE } from './migration-history.ts'

const added = await recordNew(MIGRATIONS_DIR, SUM_FILE)
for (const name of added) console.log(`recorded ${name}`)
if (added.length === 0) console.log('nothing new to record')

const { changed, removed } = await checkHistory(MIGRATIONS_DIR, SUM_FILE)
const sum = path.relative(process.cwd(), SUM_FILE)
for (const name of changed)
  console.error(
    `${name} differs from its checksum in ${sum}: restore it, and make the change a new migration`
  )
for (const name of removed) console.error(`${name} is recorded in ${sum} but missing: restore it`)
if (changed.length > 0 || removed.length > 0) process.exitCode = 1
