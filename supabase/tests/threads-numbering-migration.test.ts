// *_chorus_thread_numbering.sql on a database made before it: the seeded thread replies, numbered
// in `seq` by their thread number until then, lose that copy (seq null) while channel messages
// keep theirs, the messages' triggers are on again, and the next reply is numbered the new way.
import { randomUUID } from 'node:crypto'
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'

const project = path.resolve(import.meta.dirname, '..')
const MIGRATION = '20261127200000_chorus_thread_numbering.sql'
let workdir = ''
let stack: TestStack

beforeAll(async () => {
  // The project as it was before the migration: the earlier migrations, config, seed, templates.
  workdir = await mkdtemp(path.join(tmpdir(), 'chorus-numbering-'))
  const supabase = path.join(workdir, 'supabase')
  await mkdir(path.join(supabase, 'migrations'), { recursive: true })
  for (const file of ['config.toml', 'seed.sql']) {
    await cp(path.join(project, file), path.join(supabase, file))
  }
  for (const folder of ['templates', 'functions']) {
    await symlink(path.join(project, folder), path.join(supabase, folder))
  }
  for (const file of await readdir(path.join(project, 'migrations'))) {
    if (file < MIGRATION) {
      await cp(path.join(project, 'migrations', file), path.join(supabase, 'migrations', file))
    }
  }
  stack = await startTestStack({ workdir })
})

afterAll(async () => {
  await stack?.stop()
  if (workdir) await rm(workdir, { recursive: true, force: true })
})

describe('the thread numbering migration', () => {
  it('moves existing thread replies off the channel numbering and keeps everything else', async () => {
    const before = await stack.sql<{ id: string; seq: string | null; in_channel: boolean }[]>`
      select id, seq, in_channel from public.messages order by id`
    const kept = before.filter((m) => !m.in_channel)
    expect(kept.length).toBeGreaterThan(0)
    expect(kept.every((m) => m.seq !== null)).toBe(true)

    const sql = await readFile(path.join(project, 'migrations', MIGRATION), 'utf8')
    await stack.sql.begin((tx) => tx.unsafe(sql))

    const after = await stack.sql<{ id: string; seq: string | null; in_channel: boolean }[]>`
      select id, seq, in_channel from public.messages order by id`
    expect(after.map((m) => [m.id, m.in_channel ? m.seq : null])).toEqual(
      before.map((m) => [m.id, m.in_channel ? m.seq : null])
    )
    expect(after.filter((m) => !m.in_channel).every((m) => m.seq === null)).toBe(true)
    const disabled = await stack.sql`
      select tgname from pg_trigger
      where tgrelid = 'public.messages'::regclass and not tgisinternal and tgenabled <> 'O'`
    expect(disabled).toEqual([])

    // A new reply (as its author, through send_message) has no channel number.
    const [parent] = await stack.sql<{ id: string; channel_id: string; author_id: string }[]>`
      select id, channel_id, author_id from public.messages
      where parent_id is null and author_id is not null and deleted_at is null
      order by seq limit 1`
    const [reply] = await stack.sql.begin(async (tx) => {
      await tx`select set_config('request.jwt.claims',
        ${JSON.stringify({ sub: parent!.author_id, role: 'authenticated' })}, true)`
      return tx<{ seq: string | null; thread_seq: string }[]>`
        select seq, thread_seq from public.send_message(${randomUUID()}, ${parent!.channel_id},
          'after the migration', '[]'::jsonb, ${parent!.id}, false)`
    })
    expect(reply!.seq).toBeNull()
    expect(Number(reply!.thread_seq)).toBeGreaterThan(0)
  })
})
