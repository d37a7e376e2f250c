// npm run deploy -- move-data between two real stacks: the first holds the demo team (seed.sql)
// plus an uploaded attachment and avatar; the second has Chorus's schema and nobody. The script
// runs in its own process; afterwards people sign in on the second with their passwords, and
// the messages and files are there, the files byte-identical.
import { execFile } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
let source: TestStack
let target: TestStack
let targetDir: string
const file = randomBytes(200_000)
const avatar = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(3000)])
let attachmentPath = ''
let messageId = ''

async function signIn(stack: TestStack, email: string) {
  const client = stack.client()
  const { data, error } = await client.auth.signInWithPassword({ email, password: 'chorus-demo' })
  if (error) throw error
  return { client, userId: data.user.id }
}

function move(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/deploy/main.ts', 'move-data', ...args],
      { cwd: ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME } },
      (error, stdout, stderr) => {
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : -1) : 0,
          stdout,
          stderr,
        })
      }
    )
  })
}

const flags = () => [
  '--from-db-url',
  source.dbUrl,
  '--from-api-url',
  source.url,
  '--from-service-key',
  source.serviceRoleKey,
  '--to-db-url',
  target.dbUrl,
  '--to-api-url',
  target.url,
  '--to-service-key',
  target.serviceRoleKey,
]

async function counts(stack: TestStack): Promise<Record<string, number>> {
  const result: Record<string, number> = {}
  for (const table of [
    'auth.users',
    'public.messages',
    'public.channels',
    'public.reactions',
    'public.attachments',
    'storage.objects',
  ]) {
    const [row] = await stack.sql.unsafe(`select count(*)::int as n from ${table}`)
    result[table] = (row as unknown as { n: number }).n
  }
  return result
}

beforeAll(async () => {
  // The target: Chorus's project folder without the demo seed.
  targetDir = mkdtempSync(path.join(tmpdir(), 'chorus-move-target-'))
  cpSync(path.join(ROOT, 'supabase'), path.join(targetDir, 'supabase'), {
    recursive: true,
    filter: (from) => !from.includes(`${path.sep}.temp`) && !from.includes(`${path.sep}tests`),
  })
  const config = path.join(targetDir, 'supabase', 'config.toml')
  writeFileSync(
    config,
    readFileSync(config, 'utf8').replace('[db.seed]\nenabled = true', '[db.seed]\nenabled = false')
  )
  ;[source, target] = await Promise.all([
    startTestStack({ workdir: ROOT }),
    startTestStack({ workdir: targetDir }),
  ])

  // A file sent with a message, and an avatar, in the source.
  const alice = await signIn(source, 'alice@example.com')
  const [general] = await source.sql<{ id: string; workspace_id: string }[]>`
    select c.id, c.workspace_id from public.channels c join public.workspaces w on w.id = c.workspace_id
    where w.name = 'Chorus Demo' and c.name = 'general'`
  messageId = randomUUID()
  attachmentPath = `${general!.workspace_id}/${general!.id}/${messageId}/data.zip`
  const uploaded = await alice.client.storage
    .from('attachments')
    .upload(attachmentPath, file, { contentType: 'application/zip' })
  if (uploaded.error) throw uploaded.error
  const sent = await alice.client.rpc('send_message', {
    p_id: messageId,
    p_channel_id: general!.id,
    p_body: 'The data, moved with us',
    p_attachments: [{ path: attachmentPath, name: 'data.zip' }],
  })
  if (sent.error) throw sent.error
  const avatarUpload = await alice.client.storage
    .from('avatars')
    .upload(`${alice.userId}/me.png`, avatar, { contentType: 'image/png' })
  if (avatarUpload.error) throw avatarUpload.error
}, 240_000)

afterAll(async () => {
  await Promise.all([source?.stop(), target?.stop()])
  rmSync(targetDir, { recursive: true, force: true })
})

describe('npm run deploy -- move-data between two stacks', () => {
  it('names every missing input at once (exit 2, nothing touched)', async () => {
    const run = await move(['--from-db-url', 'mysql://nope'])
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('--from-db-url is not a postgresql:// URL.')
    for (const name of [
      '--from-api-url',
      '--from-service-key',
      '--to-db-url',
      '--to-api-url',
      '--to-service-key',
    ]) {
      expect(run.stderr).toContain(`missing ${name}`)
    }
    expect(run.stderr).not.toMatch(/\n\s+at /)
  })

  it('--dry-run lists the tables and files and moves nothing', async () => {
    const before = await counts(target)
    const run = await move([...flags(), '--dry-run'])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/auth\.users: 5 rows/)
    expect(run.stdout).toMatch(/public\.messages: \d+ rows/)
    expect(run.stdout).toContain('2 stored files')
    expect(await counts(target)).toEqual(before)
  })

  it('moves users, messages and files: people sign in with their passwords and find everything, files byte-identical', async () => {
    const run = await move(flags())
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/public\.messages: (\d+) of \1 rows/)
    expect(run.stdout).toContain('2 files copied, 0 already there')
    const moved = await counts(target)
    expect(moved).toEqual(await counts(source))
    expect(moved['public.messages']).toBeGreaterThan(300)

    const alice = await signIn(target, 'alice@example.com')
    const message = await alice.client
      .from('messages')
      .select('body, seq')
      .eq('id', messageId)
      .single()
    expect(message.error).toBeNull()
    expect(message.data!.body).toBe('The data, moved with us')
    const download = await alice.client.storage.from('attachments').download(attachmentPath)
    expect(download.error).toBeNull()
    expect(Buffer.from(await download.data!.arrayBuffer()).equals(file)).toBe(true)
    const publicAvatar = await fetch(
      alice.client.storage.from('avatars').getPublicUrl(`${alice.userId}/me.png`).data.publicUrl
    )
    expect(Buffer.from(await publicAvatar.arrayBuffer()).equals(avatar)).toBe(true)
    // The file keeps its owner: Alice may still remove what she uploaded.
    const [owner] = await target.sql<{ owner_id: string }[]>`
      select owner_id from storage.objects where name = ${attachmentPath}`
    expect(owner!.owner_id).toBe(alice.userId)

    // Carol sees her DM with Alice; the channel goes on numbering after the moved messages.
    const carol = await signIn(target, 'carol@example.com')
    const seen = async (stack: TestStack) => {
      const { client } = await signIn(stack, 'carol@example.com')
      const { data, error } = await client.from('messages').select('id, body').order('id')
      expect(error).toBeNull()
      return data
    }
    const carolSees = await seen(target)
    expect(carolSees!.length).toBeGreaterThan(100)
    expect(carolSees).toEqual(await seen(source))
    const [general] = await target.sql<{ id: string; last_seq: number }[]>`
      select c.id, c.last_seq from public.channels c where c.name = 'general' and c.workspace_id =
        (select id from public.workspaces where name = 'Chorus Demo')`
    const next = await carol.client.rpc('send_message', {
      p_id: randomUUID(),
      p_channel_id: general!.id,
      p_body: 'Hello from the new home',
    })
    expect(next.error).toBeNull()
    expect((next.data as { seq: number }).seq).toBe(Number(general!.last_seq) + 1)
  })

  it('refuses a target that already has people, and loses nothing there', async () => {
    const before = await counts(target)
    const run = await move(flags())
    expect(run.code).toBe(2)
    expect(run.stderr).toContain('The target already has 5 users')
    expect(await counts(target)).toEqual(before)
  })

  it('--files-only finishes the files of a move: a missing file is copied again, the others skipped', async () => {
    const removed = await target
      .client(target.serviceRoleKey)
      .storage.from('attachments')
      .remove([attachmentPath])
    expect(removed.error).toBeNull()
    const run = await move([...flags(), '--files-only'])
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('1 files copied, 1 already there')
    const alice = await signIn(target, 'alice@example.com')
    const download = await alice.client.storage.from('attachments').download(attachmentPath)
    expect(Buffer.from(await download.data!.arrayBuffer()).equals(file)).toBe(true)
  })
})
