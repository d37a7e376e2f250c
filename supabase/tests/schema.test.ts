// The committed view of today's schema (supabase/schema/*.sql) is what `schema:dump` makes of
// these migrations: a migration without the regenerated files fails here, naming the stale ones.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Sql } from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dumpSchema, DUMP_COMMAND, staleFiles, writeSchema } from '../scripts/schema/dump.ts'
import { subjectOf } from '../scripts/schema/subjects.ts'
import { migrationsDatabase } from './support/migrations-database.ts'
import type { MigrationsDatabase } from './support/migrations-database.ts'

const supabaseDir = path.resolve(import.meta.dirname, '..')
const committedDir = path.join(supabaseDir, 'schema')
let db: MigrationsDatabase
let sql: Sql
let files: Map<string, string>

beforeAll(async () => {
  db = await migrationsDatabase('schema')
  sql = db.sql
  files = await dumpSchema(sql)
})

afterAll(async () => {
  await db?.drop()
})

async function readOrNull(file: string): Promise<string | null> {
  return readFile(file, 'utf8').catch(() => null)
}

describe("today's schema (supabase/schema/)", () => {
  it('matches the migrations', async () => {
    // Regenerated into a folder of its own exactly as the command writes it, then compared.
    const dir = await mkdtemp(path.join(tmpdir(), 'chorus-schema-'))
    try {
      await writeSchema(dir, files)
      const regenerated = new Map<string, string>()
      for (const name of files.keys()) {
        regenerated.set(name, (await readFile(path.join(dir, name), 'utf8')) as string)
      }
      const stale = await staleFiles(committedDir, regenerated, readOrNull)
      expect(
        stale.map((name) => `supabase/schema/${name}`),
        `stale: run ${DUMP_COMMAND} and commit supabase/schema/`
      ).toEqual([])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('is the same dump twice (nothing that varies between runs)', async () => {
    expect(await dumpSchema(sql)).toEqual(files)
  })

  it('keeps each RPC, table and policy with its subject', () => {
    const messages = files.get('messages.sql') ?? ''
    expect(messages).toContain('create table public.messages (')
    expect(messages).toContain('CREATE OR REPLACE FUNCTION public.send_message(')
    expect(messages).toContain('create policy "messages: members read" on public.messages')
    expect(messages).toMatch(
      /CREATE TRIGGER row_1_write BEFORE INSERT OR UPDATE ON public\.messages/
    )
    expect(files.get('search.sql')).toContain('FUNCTION public.search_messages(')
    expect(files.get('threads.sql')).toContain('create table public.threads (')
    expect(files.get('storage.sql')).toContain('on storage.objects')
    expect(files.get('live.sql')).toContain('on realtime.messages')
    // Exactly one definition of each function: the one in force today.
    const all = [...files.values()].join('\n')
    expect(all.match(/FUNCTION public\.search_messages\(/g)).toHaveLength(1)
    expect(all).not.toMatch(/\bauth\.users \(/) // the platform's own tables are not dumped
  })

  it('files a name by its first matching subject', () => {
    expect(subjectOf('send_message')).toBe('messages')
    expect(subjectOf('search_messages')).toBe('search')
    expect(subjectOf('messages_thread_after_insert')).toBe('threads')
    expect(subjectOf('live_saved_items')).toBe('live')
    expect(subjectOf('channel_members')).toBe('channels')
    expect(subjectOf('clean_line')).toBe('common')
    // Subjects that are features carry the feature's name (its app folder).
    expect(subjectOf('incoming_webhooks')).toBe('webhooks')
    expect(subjectOf('slash_commands')).toBe('slash-commands')
    expect(subjectOf('set_guest_kind')).toBe('guests')
  })
})

describe('staleFiles', () => {
  it('names a changed, a missing and an extra file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'chorus-schema-'))
    try {
      await writeSchema(
        dir,
        new Map([
          ['a.sql', 'a'],
          ['b.sql', 'old'],
          ['gone.sql', 'x'],
        ])
      )
      const fresh = new Map([
        ['a.sql', 'a'],
        ['b.sql', 'new'],
        ['c.sql', 'c'],
      ])
      expect(await staleFiles(dir, fresh, readOrNull)).toEqual(['b.sql', 'c.sql', 'gone.sql'])
      await writeSchema(dir, fresh)
      expect(await staleFiles(dir, fresh, readOrNull)).toEqual([])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
