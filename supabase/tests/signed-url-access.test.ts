// Issue 69, item 3: signed file URLs that fit access. A signed URL is a bearer credential that
// Storage checks only against its own expiry, so what bounds a removed member's reach is how long
// the URL lives: the app signs attachments for 10 minutes (app/src/features/attachments/data/
// signed-url.ts), and the stack cuts any expiresIn to [storage] signed_url_max_expiry (7 days by
// default; serve: CHORUS_SIGNED_URL_MAX_EXPIRY). Here: a member's URL of a private channel's file,
// signed with a short expiry, keeps serving just after the member's removal and stops at that
// expiry (waited for by polling the URL, no fixed sleep); signing again is refused at once; a
// 3,650-day request is cut to the cap.
import { describe, expect, it } from 'vitest'
import { storageKit, useStorageWorld } from './support/storage-kit.ts'
import { asUser } from './support/world.ts'

const t = useStorageWorld()
const { bucket, sentFile } = storageKit(t)

function tokenLife(signedUrl: string): number {
  const token = new URL(signedUrl).searchParams.get('token') ?? ''
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    iat: number
    exp: number
  }
  return claims.exp - claims.iat
}

describe('signed URLs of a private channel’s files', () => {
  it('cuts a 3,650-day request to the 7-day cap; a short one stays as asked', async () => {
    const file = await sentFile(t.world.people.owner, t.world.ch.quiet)
    const decade = await bucket('member').createSignedUrl(file.path, 3650 * 24 * 3600)
    expect(decade.error).toBeNull()
    expect(tokenLife(decade.data!.signedUrl)).toBe(7 * 24 * 3600)
    const many = await bucket('member').createSignedUrls([file.path], 3650 * 24 * 3600)
    expect(tokenLife(many.data![0]!.signedUrl!)).toBe(7 * 24 * 3600)
    const tenMinutes = await bucket('member').createSignedUrl(file.path, 600)
    expect(tokenLife(tenMinutes.data!.signedUrl)).toBe(600)
  })

  it('a removed member’s earlier URL stops at its expiry, and no new one is signed', async () => {
    const { owner, member } = t.world.people
    const channel = t.world.ch.quiet
    const file = await sentFile(owner, channel)
    const signed = await bucket('member').createSignedUrl(file.path, 2)
    expect(signed.error).toBeNull()
    const url = signed.data!.signedUrl
    expect((await fetch(url)).status).toBe(200)

    await asUser(
      t.stack.sql,
      owner,
      (tx) => tx`select public.remove_channel_member(${channel}, ${member.id})`
    )
    // Signing asks Storage's policies again: refused at once.
    const again = await bucket('member').createSignedUrl(file.path, 2)
    expect(again.data).toBeNull()
    expect(again.error).not.toBeNull()
    const download = await bucket('member').download(file.path)
    expect(download.data).toBeNull()

    // The URL already handed out is checked against its expiry only: it stops when that passes.
    await expect
      .poll(async () => (await fetch(url)).status, { timeout: 10_000, interval: 100 })
      .toBe(400)
    const expired = await fetch(url)
    expect(await expired.json()).toMatchObject({
      statusCode: '400',
      error: 'InvalidJWT',
      message: '"exp" claim timestamp check failed',
    })
  })
})
