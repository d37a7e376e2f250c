// The RLS matrix through Storage: download, signed URL, list, upload, replace and remove with the
// real storage-js as each role, for the storage.objects cases of the matrix; and the buckets'
// own rules (size, within each workspace's limit; any type for attachments, images for avatars)
// with their wire errors. The checks are support/storage-checks.ts's, the set-up and helpers
// support/storage-kit.ts's.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { MATRIX, caseName, isAllowed } from './support/matrix.ts'
import { storageChecks } from './support/storage-checks.ts'
import { storageKit, useStorageWorld } from './support/storage-kit.ts'
import { ROLES } from './support/world.ts'

const t = useStorageWorld()
const { text, bucket, stored } = storageKit(t)
const CHECKS = storageChecks(t)

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
  const folder = () => `${t.world.ws}/${t.world.ch.plaza}/${randomUUID()}`

  it("refuses files over the workspace's 50 MB and keeps nothing (attachments-limit.test.ts)", async () => {
    const name = `${folder()}/big.pdf`
    const { error } = await bucket('member').upload(name, Buffer.alloc(50_000_001), {
      contentType: 'application/pdf',
    })
    expect(error).toMatchObject({ statusCode: '403' })
    expect(error!.message).toMatch(/at most 50000000 bytes; .*\(file_too_large\)\.$/)
    expect(await stored('attachments', name)).toBe(false)
  })

  it('takes a file of any type, and serves what could run as nothing that runs', async () => {
    for (const contentType of [
      'image/svg+xml',
      'text/html',
      'application/x-msdownload',
      'application/octet-stream',
    ]) {
      const name = `${folder()}/file`
      const { error } = await bucket('member').upload(name, text('<svg onload=alert(1)>'), {
        contentType,
      })
      expect(error).toBeNull()
      expect(await stored('attachments', name)).toBe(true)
      // As the app opens it: a signed link. A page is served as text, and nothing but a PDF is
      // a document of the app's origin (a sandbox of its own).
      const signed = await bucket('member').createSignedUrl(name, 60)
      const response = await fetch(signed.data!.signedUrl)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe(
        contentType === 'text/html' ? 'text/plain' : contentType
      )
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('content-security-policy')).toContain('sandbox')
    }
  })

  it('limits avatars to 2 MB images', async () => {
    const own = t.world.people.member.id
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
      const storage = t.clients[role].storage
      expect(
        (await storage.createBucket(`mine-${randomUUID().slice(0, 6)}`, { public: true })).error
      ).not.toBeNull()
      expect((await storage.updateBucket('attachments', { public: true })).error).not.toBeNull()
      expect((await storage.emptyBucket('attachments')).error).not.toBeNull()
      expect((await storage.deleteBucket('avatars')).error).not.toBeNull()
    }
    const [row] = await t.stack.sql`select public from storage.buckets where id = 'attachments'`
    expect(row).toEqual({ public: false })
    expect(await t.stack.sql`select id from storage.buckets order by id`).toEqual([
      { id: 'attachments' },
      { id: 'avatars' },
      { id: 'custom-emoji' },
      { id: 'exports' },
      { id: 'imports' },
      { id: 'link-previews' },
    ])
  })

  it('shows the limits to signed-in users, and serves avatars publicly by URL', async () => {
    const { data } = await t.clients.member.storage.getBucket('attachments')
    expect(data).toMatchObject({ public: false, file_size_limit: 2147483648 })
    // Any type: no list of allowed ones.
    expect(data?.allowed_mime_types).toBeNull()
    const anon = await t.clients.anon.storage.getBucket('attachments')
    expect(anon.data).toBeNull()
    const name = `${t.world.people.member.id}/${randomUUID()}.png`
    await bucket('member', 'avatars').upload(name, text('avatar bytes'), {
      contentType: 'image/png',
    })
    const url = t.clients.anon.storage.from('avatars').getPublicUrl(name).data.publicUrl
    const response = await fetch(url)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('avatar bytes')
  })
})

describe('sending a file end to end', () => {
  it('uploads, sends with the attachment, and the other members download what was sent', async () => {
    const message = randomUUID()
    const name = `${t.world.ws}/${t.world.ch.quiet}/${message}/report.pdf`
    const bytes = text('%PDF-1.7 a small report')
    const up = await bucket('owner').upload(name, bytes, { contentType: 'application/pdf' })
    expect(up.error).toBeNull()
    const sent = await t.clients.owner.rpc('send_message', {
      p_id: message,
      p_channel_id: t.world.ch.quiet,
      p_body: '',
      p_attachments: [{ path: name, name: 'Q3 report.pdf' }],
    })
    expect(sent.error).toBeNull()
    const page = await t.clients.member.rpc('message_page', {
      p_channel_id: t.world.ch.quiet,
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
