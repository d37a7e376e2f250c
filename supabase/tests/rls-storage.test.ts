// The RLS matrix through Storage: download, signed URL, list, upload, replace and remove with the
// real storage-js as each role, for the storage.objects cases of the matrix; and the buckets'
// own rules (size, type) with their wire errors.
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { MATRIX, caseName, isAllowed } from './support/matrix.ts'
import { clientFor } from './support/rest-checker.ts'
import { ROLES, actorOf, asUser, buildWorld, makeMessage } from './support/world.ts'
import type { Person, Role, World } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World
const clients = {} as Record<Role, SupabaseClient>

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
  for (const role of ROLES) clients[role] = clientFor(stack, actorOf(world, role))
})

afterAll(async () => {
  await stack?.stop()
})

const text = (s: string) => Buffer.from(s, 'utf8')
const bucket = (role: Role, id = 'attachments') => clients[role].storage.from(id)
const roleOf = (person: Person): Role =>
  (Object.keys(world.people) as (keyof World['people'])[]).find(
    (k) => world.people[k] === person
  ) as Role

async function upload(person: Person, bucketId: string, name: string, body = text('hello')) {
  // member2 is no role of the matrix: a client of their own
  const client = clients[roleOf(person)] ?? clientFor(stack, person)
  const { error } = await client.storage.from(bucketId).upload(name, body, {
    contentType: 'text/plain',
  })
  if (error) throw error
}

/** A file uploaded through Storage by the author and sent with a message: its path. */
async function sentFile(
  author: Person,
  channel: string,
  parent: string | null = null
): Promise<{ path: string; message: string }> {
  const ws = channel === world.ch.outside ? world.ws2 : world.ws
  const message = randomUUID()
  const name = `${ws}/${channel}/${message}/notes.txt`
  await upload(author, 'attachments', name, text(`content of ${message}`))
  await asUser(
    stack.sql,
    author,
    (tx) =>
      tx`select public.send_message(${message}, ${channel}, 'file', ${tx.json([{ path: name }])}, ${parent})`
  )
  return { path: name, message }
}

async function stored(bucketId: string, name: string): Promise<boolean> {
  const rows =
    await stack.sql`select 1 from storage.objects where bucket_id = ${bucketId} and name = ${name}`
  return rows.length === 1
}

interface StorageCheck {
  /** The matrix case whose expectations apply. */
  matrixCase: string
  /** What the role does; true when it worked (read: got the bytes; write: the object changed). */
  act: (role: Role) => Promise<boolean>
}

const p = () => world.people

/** Reading: download, signed URL and list must all agree with the matrix. */
const readFile =
  (make: () => Promise<{ path: string }>, bucketId = 'attachments') =>
  async (role: Role) => {
    const file = await make()
    const download = await bucket(role, bucketId).download(file.path)
    const signed = await bucket(role, bucketId).createSignedUrl(file.path, 60)
    const folder = file.path.slice(0, file.path.lastIndexOf('/'))
    const listed = await bucket(role, bucketId).list(folder)
    const results = [
      download.error === null && (await download.data!.text()).length > 0,
      signed.error === null && (await fetch(signed.data!.signedUrl)).ok,
      (listed.data ?? []).some((entry) => folder + '/' + entry.name === file.path),
    ]
    if (new Set(results).size !== 1) throw new Error(`download, sign and list disagree: ${results}`)
    return results[0]!
  }

const uploadTo =
  (name: (role: Role) => Promise<string> | string, bucketId = 'attachments') =>
  async (role: Role) => {
    const target = await name(role)
    await bucket(role, bucketId).upload(target, text('new'), {
      contentType:
        bucketId === 'attachments'
          ? 'text/plain'
          : bucketId === 'imports'
            ? 'application/zip'
            : 'image/png',
    })
    return stored(bucketId, target)
  }

/** A link preview's image as the link-preview function stores it (service role): its path. */
async function previewImage(channel: string): Promise<{ path: string }> {
  const name = `${channel}/${randomUUID().replaceAll('-', '')}${randomUUID().replaceAll('-', '')}.png`
  const { error } = await stack
    .client(stack.serviceRoleKey)
    .storage.from('link-previews')
    .upload(name, text('png bytes'), { contentType: 'image/png' })
  if (error) throw error
  return { path: name }
}

/** An archive the owner uploaded to the workspace's import folder: its path. */
async function ownersArchive(): Promise<{ path: string }> {
  const name = `${world.ws}/${randomUUID()}.zip`
  const { error } = await bucket('owner', 'imports').upload(name, text('zip bytes'), {
    contentType: 'application/zip',
  })
  if (error) throw error
  return { path: name }
}

const CHECKS: StorageCheck[] = [
  {
    matrixCase: 'storage.objects select: a file in a public channel',
    act: readFile(() => sentFile(p().owner, world.ch.plaza)),
  },
  {
    matrixCase: 'storage.objects select: a file in a public channel you are not in',
    act: readFile(() => sentFile(p().member2, world.ch.second)),
  },
  {
    matrixCase: 'storage.objects select: a file in a private channel',
    act: readFile(() => sentFile(p().owner, world.ch.quiet)),
  },
  {
    matrixCase: 'storage.objects select: a file in a direct message',
    act: readFile(() => sentFile(p().owner, world.ch.dm)),
  },
  {
    matrixCase: 'storage.objects select: the file of a reply in a public channel',
    act: readFile(async () =>
      sentFile(p().member, world.ch.plaza, await makeMessage(stack.sql, p().member, world.ch.plaza))
    ),
  },
  {
    matrixCase: 'storage.objects select: the file of a reply in a private channel',
    act: readFile(async () =>
      sentFile(p().owner, world.ch.quiet, await makeMessage(stack.sql, p().owner, world.ch.quiet))
    ),
  },
  {
    matrixCase: "storage.objects select: member's upload for an unsent message",
    act: readFile(async () => {
      const name = `${world.ws}/${world.ch.plaza}/${randomUUID()}/draft.txt`
      await upload(p().member, 'attachments', name)
      return { path: name }
    }),
  },
  {
    matrixCase: 'storage.objects select: a file of a deleted message',
    act: readFile(async () => {
      const file = await sentFile(p().owner, world.ch.plaza)
      await asUser(stack.sql, p().owner, (tx) => tx`select public.delete_message(${file.message})`)
      return file
    }),
  },
  {
    matrixCase: 'storage.objects insert: a file into a public channel',
    act: uploadTo(() => `${world.ws}/${world.ch.plaza}/${randomUUID()}/up.txt`),
  },
  {
    matrixCase: 'storage.objects insert: a file into a private channel',
    act: uploadTo(() => `${world.ws}/${world.ch.quiet}/${randomUUID()}/up.txt`),
  },
  {
    matrixCase: 'storage.objects insert: a file into an archived channel',
    act: uploadTo(() => `${world.ws}/${world.ch.attic}/${randomUUID()}/up.txt`),
  },
  {
    matrixCase: 'storage.objects insert: a file into a public channel, nested deeper',
    act: uploadTo(() => `${world.ws}/${world.ch.plaza}/${randomUUID()}/sub/up.txt`),
  },
  {
    matrixCase: "storage.objects insert: a file into the folder of owner's sent message",
    act: uploadTo(
      async () =>
        `${world.ws}/${world.ch.plaza}/${await makeMessage(stack.sql, p().owner, world.ch.plaza)}/more.txt`
    ),
  },
  {
    matrixCase: "storage.objects insert: a file into another workspace's channel",
    act: uploadTo(() => `${world.ws2}/${world.ch.outside}/${randomUUID()}/up.txt`),
  },
  {
    matrixCase: "storage.objects update: member's unsent upload (replace)",
    act: async (role) => {
      const name = `${world.ws}/${world.ch.plaza}/${randomUUID()}/draft.txt`
      await upload(p().member, 'attachments', name, text('first'))
      await bucket(role).upload(name, text('second version'), {
        contentType: 'text/plain',
        upsert: true,
      })
      const [row] = await stack.sql<{ size: number }[]>`
        select (metadata->>'size')::int as size from storage.objects where bucket_id = 'attachments' and name = ${name}`
      return row!.size === 'second version'.length
    },
  },
  {
    matrixCase: "storage.objects delete: member's unsent upload",
    act: async (role) => {
      const name = `${world.ws}/${world.ch.plaza}/${randomUUID()}/draft.txt`
      await upload(p().member, 'attachments', name)
      await bucket(role).remove([name])
      return !(await stored('attachments', name))
    },
  },
  {
    matrixCase: "storage.objects delete: the file of owner's sent message",
    act: async (role) => {
      const file = await sentFile(p().owner, world.ch.plaza)
      await bucket(role).remove([file.path])
      return !(await stored('attachments', file.path))
    },
  },
  {
    matrixCase: "storage.objects select: an archive in the workspace's import folder",
    act: readFile(ownersArchive, 'imports'),
  },
  {
    matrixCase: "storage.objects insert: an archive into the workspace's import folder",
    act: uploadTo(() => `${world.ws}/${randomUUID()}.zip`, 'imports'),
  },
  {
    matrixCase: "storage.objects insert: an archive into another workspace's import folder",
    act: uploadTo(() => `${world.ws2}/${randomUUID()}.zip`, 'imports'),
  },
  {
    matrixCase: 'storage.objects insert: a file that is not a .zip into the import folder',
    act: uploadTo(() => `${world.ws}/${randomUUID()}-notes.txt`, 'imports'),
  },
  {
    matrixCase: 'storage.objects insert: an archive nested deeper in the import folder',
    act: uploadTo(() => `${world.ws}/sub/${randomUUID()}.zip`, 'imports'),
  },
  {
    matrixCase: "storage.objects update: an archive in the workspace's import folder (replace)",
    act: async (role) => {
      const file = await ownersArchive()
      await bucket(role, 'imports').upload(file.path, text('a bigger zip'), {
        contentType: 'application/zip',
        upsert: true,
      })
      const [row] = await stack.sql<{ size: number }[]>`
        select (metadata->>'size')::int as size from storage.objects where bucket_id = 'imports' and name = ${file.path}`
      return row!.size === 'a bigger zip'.length
    },
  },
  {
    matrixCase: "storage.objects delete: an archive in the workspace's import folder",
    act: async (role) => {
      const file = await ownersArchive()
      await bucket(role, 'imports').remove([file.path])
      return !(await stored('imports', file.path))
    },
  },
  {
    matrixCase: "storage.objects select: a co-worker's avatar",
    act: async (role) => {
      const name = `${p().member.id}/${randomUUID()}.png`
      const { error } = await bucket('member', 'avatars').upload(name, text('png?'), {
        contentType: 'image/png',
      })
      if (error) throw error
      const download = await bucket(role, 'avatars').download(name)
      return download.error === null
    },
  },
  {
    matrixCase: 'storage.objects insert: an avatar in your own folder',
    act: uploadTo((role) => `${actorOf(world, role)?.id ?? 'anon'}/${randomUUID()}.png`, 'avatars'),
  },
  {
    matrixCase: "storage.objects insert: an avatar in member's folder",
    act: uploadTo(() => `${p().member.id}/${randomUUID()}.png`, 'avatars'),
  },
  {
    matrixCase: "storage.objects delete: member's avatar",
    act: async (role) => {
      const name = `${p().member.id}/${randomUUID()}.png`
      await bucket('member', 'avatars').upload(name, text('png?'), { contentType: 'image/png' })
      await bucket(role, 'avatars').remove([name])
      return !(await stored('avatars', name))
    },
  },
  {
    matrixCase: 'storage.objects select: a preview image in a public channel',
    act: readFile(() => previewImage(world.ch.plaza), 'link-previews'),
  },
  {
    matrixCase: 'storage.objects select: a preview image in a private channel',
    act: readFile(() => previewImage(world.ch.quiet), 'link-previews'),
  },
  {
    matrixCase: 'storage.objects insert: a preview image into a public channel',
    act: uploadTo(
      () => `${world.ch.plaza}/${randomUUID().replaceAll('-', '')}${'0'.repeat(32)}.png`,
      'link-previews'
    ),
  },
  {
    matrixCase: 'storage.objects delete: a preview image',
    act: async (role) => {
      const { path: name } = await previewImage(world.ch.plaza)
      await bucket(role, 'link-previews').remove([name])
      return !(await stored('link-previews', name))
    },
  },
  {
    matrixCase: "storage.objects select: a workspace export's zip",
    act: readFile(() => exportZip('workspace', p().owner), 'exports'),
  },
  {
    matrixCase: "storage.objects select: member's personal export's zip",
    act: readFile(() => exportZip('personal', p().member), 'exports'),
  },
]

/** A finished export's zip, stored as the workspace-export function stores it: its path. */
async function exportZip(kind: 'workspace' | 'personal', who: Person): Promise<{ path: string }> {
  const id = randomUUID()
  const name = `${world.ws}/${id}.zip`
  const { error } = await stack
    .client(stack.serviceRoleKey)
    .storage.from('exports')
    .upload(name, text('zip bytes'), { contentType: 'application/zip' })
  if (error) throw error
  await stack.sql`
    insert into public.exports (id, workspace_id, requested_by, kind, status, size, storage_path)
    values (${id}, ${world.ws}, ${who.id}, ${kind}, 'done', 9, ${name})`
  return { path: name }
}

describe('RLS matrix through Storage (storage-js)', () => {
  it('covers every storage.objects case of the matrix', () => {
    const cases = MATRIX.filter((c) => c.table === 'storage.objects').map(caseName)
    expect(CHECKS.map((c) => c.matrixCase).sort()).toEqual(cases.sort())
  })

  for (const check of CHECKS) {
    const c = MATRIX.find((m) => caseName(m) === check.matrixCase)!
    describe(check.matrixCase, () => {
      for (const role of ROLES) {
        const allowed = isAllowed(c, role)
        it(`${role} is ${allowed ? 'allowed' : 'refused'}`, async () => {
          expect(await check.act(role)).toBe(allowed)
        })
      }
    })
  }
})

describe('bucket rules', () => {
  const folder = () => `${world.ws}/${world.ch.plaza}/${randomUUID()}`

  it('refuses files over 50 MiB and keeps nothing', async () => {
    const name = `${folder()}/big.pdf`
    const { error } = await bucket('member').upload(name, Buffer.alloc(50 * 1024 * 1024 + 1), {
      contentType: 'application/pdf',
    })
    expect(error).toMatchObject({ statusCode: '413' })
    expect(await stored('attachments', name)).toBe(false)
  })

  it('refuses types that could run script when opened, and unknown types', async () => {
    for (const contentType of ['image/svg+xml', 'text/html', 'application/x-msdownload']) {
      const name = `${folder()}/file`
      const { error } = await bucket('member').upload(name, text('<svg onload=alert(1)>'), {
        contentType,
      })
      expect(error).toMatchObject({
        statusCode: '415',
        message: `mime type ${contentType} is not supported`,
      })
      expect(await stored('attachments', name)).toBe(false)
    }
  })

  it('limits avatars to 2 MB images', async () => {
    const own = world.people.member.id
    const big = await bucket('member', 'avatars').upload(
      `${own}/big.png`,
      Buffer.alloc(2 * 1024 * 1024 + 1),
      {
        contentType: 'image/png',
      }
    )
    expect(big.error).toMatchObject({ statusCode: '413' })
    const pdf = await bucket('member', 'avatars').upload(`${own}/cv.pdf`, text('%PDF'), {
      contentType: 'application/pdf',
    })
    expect(pdf.error).toMatchObject({ statusCode: '415' })
  })

  it('cannot be created, changed, emptied or deleted by any user', async () => {
    for (const role of ROLES) {
      const storage = clients[role].storage
      expect(
        (await storage.createBucket(`mine-${randomUUID().slice(0, 6)}`, { public: true })).error
      ).not.toBeNull()
      expect((await storage.updateBucket('attachments', { public: true })).error).not.toBeNull()
      expect((await storage.emptyBucket('attachments')).error).not.toBeNull()
      expect((await storage.deleteBucket('avatars')).error).not.toBeNull()
    }
    const [row] = await stack.sql`select public from storage.buckets where id = 'attachments'`
    expect(row).toEqual({ public: false })
    expect(await stack.sql`select id from storage.buckets order by id`).toEqual([
      { id: 'attachments' },
      { id: 'avatars' },
      { id: 'exports' },
      { id: 'imports' },
      { id: 'link-previews' },
    ])
  })

  it('shows the limits to signed-in users, and serves avatars publicly by URL', async () => {
    const { data } = await clients.member.storage.getBucket('attachments')
    expect(data).toMatchObject({ public: false, file_size_limit: 52428800 })
    expect(data?.allowed_mime_types).toContain('image/png')
    expect(data?.allowed_mime_types).not.toContain('image/svg+xml')
    const anon = await clients.anon.storage.getBucket('attachments')
    expect(anon.data).toBeNull()
    const name = `${world.people.member.id}/${randomUUID()}.png`
    await bucket('member', 'avatars').upload(name, text('avatar bytes'), {
      contentType: 'image/png',
    })
    const url = clients.anon.storage.from('avatars').getPublicUrl(name).data.publicUrl
    const response = await fetch(url)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('avatar bytes')
  })
})

describe('sending a file end to end', () => {
  it('uploads, sends with the attachment, and the other members download what was sent', async () => {
    const message = randomUUID()
    const name = `${world.ws}/${world.ch.quiet}/${message}/report.pdf`
    const bytes = text('%PDF-1.7 a small report')
    const up = await bucket('owner').upload(name, bytes, { contentType: 'application/pdf' })
    expect(up.error).toBeNull()
    const sent = await clients.owner.rpc('send_message', {
      p_id: message,
      p_channel_id: world.ch.quiet,
      p_body: '',
      p_attachments: [{ path: name, name: 'Q3 report.pdf' }],
    })
    expect(sent.error).toBeNull()
    const page = await clients.member.rpc('message_page', {
      p_channel_id: world.ch.quiet,
      p_after_seq: Number(sent.data.seq) - 1,
    })
    expect(page.data?.[0]?.attachments).toEqual([
      expect.objectContaining({
        path: name,
        name: 'Q3 report.pdf',
        size: bytes.length,
        mime_type: 'application/pdf',
      }),
    ])
    const download = await bucket('member').download(name)
    expect(Buffer.from(await download.data!.arrayBuffer())).toEqual(bytes)
    const admin = await bucket('admin').download(name)
    expect(admin.data).toBeNull()
  })
})
