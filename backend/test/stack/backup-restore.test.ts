// Backups under write load and their restore: people send messages and reactions and upload files
// through REST and Storage as real users while `backup` runs; the archive restored into a fresh
// (private) data folder holds every message and reaction acknowledged before the backup began,
// every stored object downloads byte-identical, people sign in with their passwords and keep
// their sessions, cron jobs are there, and a start on it runs with no seed (REST answers,
// Realtime connects). Restore refuses a folder that holds a database. Scheduled backups keep the
// newest N, and a failing one is logged while the stack goes on.
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { removeClusters } from '../../src/db/embedded.ts'
import { runCli, startCli, stopStartedClis } from '../support/cli.ts'
import { clientOf, makeOpsProject, printed, startWriters, until, withDb } from '../support/ops.ts'

const SCHEMA = `
create extension if not exists pg_cron with schema pg_catalog;
create table public.messages (
  id bigint primary key,
  user_id uuid not null default auth.uid() references auth.users,
  body text not null
);
create table public.reactions (
  message_id bigint references public.messages,
  user_id uuid not null default auth.uid() references auth.users,
  emoji text not null,
  primary key (message_id, user_id, emoji)
);
alter table public.messages enable row level security;
alter table public.reactions enable row level security;
create policy "own messages" on public.messages for all to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "own reactions" on public.reactions for all to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
alter publication supabase_realtime add table public.messages;
insert into storage.buckets (id, name, public) values ('files', 'files', false);
create policy "own files" on storage.objects for all to authenticated
  using (bucket_id = 'files' and (storage.foldername(name))[1] = (select auth.uid()::text))
  with check (bucket_id = 'files' and (storage.foldername(name))[1] = (select auth.uid()::text));
select cron.schedule('nightly-cleanup', '0 3 * * *', 'select 1');
`

const PASSWORD = 'a long passphrase 1'
const made: string[] = []
let workdir: string

async function privateDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix))
  made.push(dir)
  return dir
}

beforeAll(async () => {
  workdir = await makeOpsProject('backup', { '20240101000000_chat.sql': SCHEMA })
  made.push(workdir)
})

afterAll(async () => {
  await stopStartedClis()
  for (const dir of made) {
    await removeClusters(path.join(dir, 'data'))
    await rm(dir, { recursive: true, force: true })
  }
})

interface Person {
  email: string
  id: string
  client: SupabaseClient
  session: { access_token: string; refresh_token: string }
}

describe('backup and restore', () => {
  it('restores a backup made under write load: acknowledged rows, sign-ins, sessions, byte-identical files, a working start', async () => {
    const dataDir = path.join(await privateDir('backup-src-'), 'data')
    const first = await startCli(['--workdir', workdir, '--data-dir', dataDir])
    const anon = printed(first, 'anon key')
    const people: Person[] = []
    for (const name of ['ada', 'bo', 'cy']) {
      const client = clientOf(first.apiUrl, anon)
      const email = `${name}@example.com`
      const { data, error } = await client.auth.signUp({ email, password: PASSWORD })
      expect(error).toBeNull()
      people.push({ email, id: data.user!.id, client, session: data.session! })
    }

    // Each write: a message, a reaction to it and, every third one, a file; now and then a file
    // written earlier is deleted again.
    const messages = new Set<number>()
    const reactions = new Set<number>()
    const uploaded = new Map<string, Buffer>()
    const deleted = new Set<string>()
    const writers = startWriters(3, async (n) => {
      const person = people[n % people.length]!
      const sent = await person.client.from('messages').insert({ id: n, body: `message ${n}` })
      if (sent.error) return false
      messages.add(n)
      const reacted = await person.client
        .from('reactions')
        .insert({ message_id: n, emoji: n % 2 ? '👍' : '🎉' })
      if (reacted.error) return false
      reactions.add(n)
      if (n % 3 === 0) {
        const name = `${person.id}/file-${n}.bin`
        const bytes = randomBytes(1000 + (n % 7) * 5000)
        const { error } = await person.client.storage.from('files').upload(name, bytes)
        if (error) return false
        uploaded.set(name, bytes)
      }
      if (n % 12 === 0 && n > 24) {
        const earlier = `${person.id}/file-${n - 24}.bin`
        if (uploaded.has(earlier)) {
          deleted.add(earlier)
          await person.client.storage.from('files').remove([earlier])
        }
      }
      return true
    })
    await until('30 acknowledged writes', () => writers.acknowledged.size >= 30)
    const before = {
      messages: new Set(messages),
      reactions: new Set(reactions),
      files: [...uploaded.keys()],
    }
    const backup = await runCli(['backup', '--workdir', workdir, '--data-dir', dataDir])
    expect(backup.stderr).not.toContain('Error')
    expect(backup.code).toBe(0)
    const during = writers.acknowledged.size
    await writers.stop()
    const file = backup.stdout.trim().split('\n').at(-1)!
    expect(path.dirname(file)).toBe(path.join(dataDir, 'backups'))
    expect(path.basename(file)).toMatch(/^chorus-backup-\d{8}T\d{6}Z\.tar\.gz$/)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(during).toBeGreaterThan(before.messages.size) // people kept writing while it ran
    expect(await first.stop()).toBe(0)

    const restoredDir = path.join(await privateDir('backup-dst-'), 'data')
    const restored = await runCli(['restore', file, '--data-dir', restoredDir])
    expect(restored.stderr).not.toContain('Error')
    expect(restored.code).toBe(0)

    const second = await startCli(['--workdir', workdir, '--data-dir', restoredDir])
    expect(second.stderr()).not.toContain('Creating a new PostgreSQL')
    const inDb = await withDb(second.dbUrl, async (sql) => ({
      messages: new Set((await sql`select id from public.messages`).map((r) => Number(r.id))),
      reactions: new Set(
        (await sql`select message_id from public.reactions`).map((r) => Number(r.message_id))
      ),
      objects: (await sql`select name from storage.objects where bucket_id = 'files'`).map(
        (r) => r.name as string
      ),
      jobs: await sql`select jobname, schedule from cron.job`,
    }))
    expect([...before.messages].filter((id) => !inDb.messages.has(id))).toEqual([])
    expect([...before.reactions].filter((id) => !inDb.reactions.has(id))).toEqual([])
    // Files deleted while the backup ran may be gone; every other one acknowledged before it is there.
    const kept = before.files.filter((name) => !deleted.has(name))
    expect(kept.length).toBeGreaterThan(0)
    expect(kept.filter((name) => !inDb.objects.includes(name))).toEqual([])
    expect(inDb.jobs).toEqual([{ jobname: 'nightly-cleanup', schedule: '0 3 * * *' }])

    const secondAnon = printed(second, 'anon key')
    for (const person of people) {
      // The password signs in; the session from before the backup still refreshes.
      const client = clientOf(second.apiUrl, secondAnon)
      const signedIn = await client.auth.signInWithPassword({
        email: person.email,
        password: PASSWORD,
      })
      expect(signedIn.error).toBeNull()
      const kept = clientOf(second.apiUrl, secondAnon)
      const refreshed = await kept.auth.refreshSession({
        refresh_token: person.session.refresh_token,
      })
      expect(refreshed.error).toBeNull()
      expect(refreshed.data.user?.id).toBe(person.id)
      // Every object of theirs in the restored database downloads byte-identical.
      for (const name of inDb.objects.filter((n) => n.startsWith(`${person.id}/`))) {
        const { data, error } = await client.storage.from('files').download(name)
        expect(error, name).toBeNull()
        expect(Buffer.from(await data!.arrayBuffer()).equals(uploaded.get(name)!), name).toBe(true)
      }
      const { data: own } = await client.from('messages').select('id')
      expect(own!.length).toBeGreaterThan(0)
    }

    // Realtime connects on the restored stack.
    const watcher = clientOf(second.apiUrl, secondAnon)
    const status = await new Promise<string>((resolve) => {
      watcher.channel('restored').subscribe((state) => {
        if (state !== 'CLOSED') resolve(state)
      })
    })
    expect(status).toBe('SUBSCRIBED')
    await watcher.removeAllChannels()
    expect(await second.stop()).toBe(0)

    // A folder holding a database is refused, and left as it was.
    const again = await runCli(['restore', file, '--data-dir', restoredDir])
    expect(again.code).toBe(1)
    expect(again.stderr).toContain(
      `Error: The data folder ${restoredDir} already holds a database (pgdata`
    )
    expect(again.stderr).toContain('nothing was changed')
    expect(existsSync(path.join(restoredDir, 'pgdata', 'PG_VERSION'))).toBe(true)
  }, 120_000)

  it('refuses what is not a backup, with one line', async () => {
    const dir = await privateDir('backup-bad-')
    const bogus = path.join(dir, 'bogus.tar.gz')
    await writeFile(bogus, 'not a backup')
    const result = await runCli(['restore', bogus, '--data-dir', path.join(dir, 'data')])
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/^Error: .*bogus\.tar\.gz is not a readable backup/)
    const missing = await runCli([
      'restore',
      path.join(dir, 'nope.tar.gz'),
      '--data-dir',
      path.join(dir, 'data'),
    ])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('Error: No backup file')
    expect(existsSync(path.join(dir, 'data', 'pgdata'))).toBe(false)
  })

  it('scheduled backups keep the newest N; a failing one is logged and the stack goes on', async () => {
    const dataDir = path.join(await privateDir('backup-sched-'), 'data')
    const running = await startCli([
      '--workdir',
      workdir,
      '--data-dir',
      dataDir,
      '--backup-every',
      '1s',
      '--backup-keep',
      '2',
    ])
    const backups = path.join(dataDir, 'backups')
    // A file where the backups folder goes: every backup fails until it is removed.
    await rm(backups, { recursive: true, force: true })
    await writeFile(backups, 'in the way')
    await until('a failed scheduled backup', () =>
      running.stderr().includes('Scheduled backup failed')
    )
    const anon = printed(running, 'anon key')
    const answer = await fetch(`${running.apiUrl}/rest/v1/messages?select=id`, {
      headers: { apikey: anon },
    })
    expect(answer.status).toBe(200)
    await rm(backups)
    await until(
      'three scheduled backups',
      () => running.stderr().split('Scheduled backup: ').length > 3
    )
    expect(await running.stop()).toBe(0)
    const names = (await readdir(backups)).filter((name) => name.endsWith('.tar.gz'))
    expect(names).toHaveLength(2)
    // stop --no-backup deletes the data, not the backups.
    const deleted = await runCli([
      'stop',
      '--no-backup',
      '--workdir',
      workdir,
      '--data-dir',
      dataDir,
    ])
    expect(deleted.code).toBe(0)
    expect(await readdir(dataDir)).toEqual(['backups'])
    expect((await readdir(backups)).filter((name) => name.endsWith('.tar.gz'))).toEqual(names)
  }, 90_000)
})
