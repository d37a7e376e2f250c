// Custom emoji (issue 71, item 1) through supabase-js as the app does it: upload the image into
// the workspace's folder of the `custom-emoji` bucket, then add the row; names and aliases (their
// form, unique in the workspace, never a standard emoji's); the bucket's rules (PNG, GIF or WebP,
// at most 1 MB); the workspace's setting that only admins add them; removal by the uploader or an
// admin, leaving reactions and messages with their `:name:` text; outsiders read nothing; the
// image served at 128 px through Storage's transformation with its animation; the live event.
import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { storageKit, useStorageWorld } from './support/storage-kit.ts'
import { asUser, makeMessage } from './support/world.ts'
import type { Role } from './support/world.ts'

const t = useStorageWorld()
const { bucket, stored } = storageKit(t)

const png = () =>
  sharp({ create: { width: 64, height: 64, channels: 4, background: '#fc0' } })
    .png()
    .toBuffer()

/** A 3-frame animated GIF of 300x200 (the frames differ, as a party parrot's do). */
async function animatedGif(): Promise<Buffer> {
  const frame = (background: string) =>
    sharp({ create: { width: 300, height: 200, channels: 4, background } })
      .png()
      .toBuffer()
  const strip = await sharp({
    create: { width: 300, height: 600, channels: 4, background: '#000' },
  })
    .composite(
      await Promise.all(
        ['#f00', '#0f0', '#00f'].map(async (c, i) => ({
          input: await frame(c),
          top: i * 200,
          left: 0,
        }))
      )
    )
    .raw()
    .toBuffer()
  return sharp(strip, { raw: { width: 300, height: 600, channels: 4, pageHeight: 200 } })
    .gif({ delay: [80, 80, 80], loop: 0 })
    .toBuffer()
}

/** Uploads the image as the role into W's folder: the path, or the refusal. */
async function uploadImage(role: Role, body?: Buffer, type = 'image/png') {
  const path = `${t.world.ws}/${randomUUID()}.${type.split('/')[1]}`
  const { error } = await bucket(role, 'custom-emoji').upload(path, body ?? (await png()), {
    contentType: type,
  })
  return { path, error }
}

/** Adds an emoji as the app does (image, then row): the row, or the refusal's code. */
async function add(role: Role, name: string, aliases: string[] = [], image?: string) {
  const path = image ?? (await uploadImage(role)).path
  const { data, error } = await t.clients[role]
    .from('custom_emoji')
    .insert({ workspace_id: t.world.ws, name, aliases, image_path: path })
    .select()
    .single()
  return { row: data, code: (error as { details?: string } | null)?.details ?? null, path }
}

const names = async (role: Role) =>
  ((await t.clients[role].from('custom_emoji').select('name').order('name')).data ?? []).map(
    (r) => r.name
  )

describe('custom emoji', () => {
  it('a member adds one with aliases; the workspace reads it, outsiders nothing', async () => {
    const added = await add('member', 'PartyParrot', [':pp:', 'party-bird', 'pp'])
    expect(added.code).toBeNull()
    expect(added.row).toMatchObject({
      name: 'partyparrot',
      created_by: t.world.people.member.id,
    })
    expect([...added.row!.aliases].sort()).toEqual(['party-bird', 'pp'])
    for (const role of ['owner', 'admin', 'member', 'guest'] as const)
      expect(await names(role)).toContain('partyparrot')
    expect(await names('outsider')).toEqual([])
    expect(await names('anon')).toEqual([])
    // The image: members (guests too) download it, outsiders and the anonymous cannot.
    for (const role of ['guest', 'outsider', 'anon'] as const) {
      const { error } = await bucket(role, 'custom-emoji').download(added.path)
      expect(error === null).toBe(role === 'guest')
    }
  })

  it('refuses bad names, standard names and names taken, aliases included', async () => {
    await add('member', 'shipit', ['squirrel'])
    expect((await add('member', 'Party Parrot!')).code).toBe('custom_emoji_name_invalid')
    expect((await add('member', 'x'.repeat(31))).code).toBe('custom_emoji_name_invalid')
    expect((await add('member', 'ok-name', ['no way'])).code).toBe('custom_emoji_name_invalid')
    expect((await add('member', 'thumbsup')).code).toBe('custom_emoji_standard_name')
    expect((await add('member', 'mine', ['tada'])).code).toBe('custom_emoji_standard_name')
    expect((await add('admin', 'shipit')).code).toBe('custom_emoji_name_taken')
    expect((await add('admin', 'squirrel')).code).toBe('custom_emoji_name_taken')
    expect((await add('admin', 'other', ['shipit'])).code).toBe('custom_emoji_name_taken')
    const many = Array.from({ length: 11 }, (_, i) => `alias${i}`)
    expect((await add('member', 'many', many)).code).toBe('custom_emoji_too_many_aliases')
    // The image must be stored, in this workspace's folder.
    expect((await add('member', 'noimage', [], `${t.world.ws}/${randomUUID()}.png`)).code).toBe(
      'custom_emoji_image_missing'
    )
    // A guest adds none, whatever the setting.
    expect((await add('guest', 'guestmoji', [], (await uploadImage('member')).path)).code).toBe(
      'custom_emoji_not_allowed'
    )
  })

  it('the bucket takes PNG, GIF and WebP up to 1 MB, in a workspace folder of mine only', async () => {
    expect((await uploadImage('member', Buffer.from('text'), 'text/plain')).error).not.toBeNull()
    const big = Buffer.alloc(1024 * 1024 + 1, 1)
    const tooBig = await uploadImage('member', big, 'image/png')
    expect(tooBig.error).not.toBeNull()
    expect(await stored('custom-emoji', tooBig.path)).toBe(false)
    expect((await uploadImage('member', await animatedGif(), 'image/gif')).error).toBeNull()
    const webp = await sharp(await png())
      .webp()
      .toBuffer()
    expect((await uploadImage('member', webp, 'image/webp')).error).toBeNull()
    // Not into another workspace's folder, nor outside one.
    const other = await bucket('member', 'custom-emoji').upload(
      `${t.world.ws2}/${randomUUID()}.png`,
      await png(),
      { contentType: 'image/png' }
    )
    expect(other.error).not.toBeNull()
    const loose = await bucket('member', 'custom-emoji').upload(
      `${randomUUID()}.png`,
      await png(),
      {
        contentType: 'image/png',
      }
    )
    expect(loose.error).not.toBeNull()
  })

  it('serves the image at 128 px with its animation, through a signed URL', async () => {
    const { path, error } = await uploadImage('member', await animatedGif(), 'image/gif')
    expect(error).toBeNull()
    const signed = await bucket('guest', 'custom-emoji').createSignedUrl(path, 3600, {
      transform: { width: 128, height: 128, resize: 'contain' },
    })
    expect(signed.error).toBeNull()
    const response = await fetch(signed.data!.signedUrl, { headers: { accept: 'image/webp' } })
    expect(response.ok).toBe(true)
    const meta = await sharp(Buffer.from(await response.arrayBuffer()), {
      animated: true,
    }).metadata()
    expect([meta.format, meta.pages, meta.width, meta.pageHeight]).toEqual(['webp', 3, 128, 85])
    const outsider = await bucket('outsider', 'custom-emoji').createSignedUrl(path, 3600, {
      transform: { width: 128, height: 128 },
    })
    expect(outsider.error).not.toBeNull()
  })

  it('only admins add them when the workspace says so; only admins say so', async () => {
    const member = await t.clients.member.rpc('set_custom_emoji_by', {
      p_workspace_id: t.world.ws,
      p_who: 'admins',
    })
    expect(member.error?.details).toBe('workspace_admin_only')
    const bad = await t.clients.admin.rpc('set_custom_emoji_by', {
      p_workspace_id: t.world.ws,
      p_who: 'everyone',
    })
    expect(bad.error?.details).toBe('invalid_argument')
    const set = await t.clients.admin.rpc('set_custom_emoji_by', {
      p_workspace_id: t.world.ws,
      p_who: 'admins',
    })
    expect(set.error).toBeNull()
    try {
      expect((await uploadImage('member')).error).not.toBeNull()
      const image = (await uploadImage('admin')).path
      expect((await add('member', 'sneaky', [], image)).code).toBe('custom_emoji_not_allowed')
      expect((await add('admin', 'official', [], image)).code).toBeNull()
    } finally {
      await t.clients.owner.rpc('set_custom_emoji_by', {
        p_workspace_id: t.world.ws,
        p_who: 'members',
      })
    }
  })

  it('the uploader or an admin removes one; reactions and messages keep the name', async () => {
    const { row } = await add('member', 'blobdance')
    const message = await makeMessage(t.stack.sql, t.world.people.admin, t.world.ch.plaza, 'hi')
    await asUser(
      t.stack.sql,
      t.world.people.admin,
      (tx) => tx`select public.send_message(${randomUUID()}, ${t.world.ch.plaza}, ':blobdance:')`
    )
    const reacted = await t.clients.admin
      .from('reactions')
      .insert({
        message_id: message,
        channel_id: t.world.ch.plaza,
        user_id: t.world.people.admin.id,
        emoji: ':blobdance:',
      })
      .select()
    expect(reacted.error).toBeNull()
    // Not someone else's (a member), but the uploader's and an admin's.
    const { row: other } = await add('admin', 'adminsown')
    const refused = await t.clients.member
      .from('custom_emoji')
      .delete()
      .eq('id', other!.id)
      .select()
    expect(refused.data).toEqual([])
    const removed = await t.clients.member.from('custom_emoji').delete().eq('id', row!.id).select()
    expect(removed.data).toHaveLength(1)
    const byAdmin = await t.clients.admin.from('custom_emoji').delete().eq('id', other!.id).select()
    expect(byAdmin.data).toHaveLength(1)
    expect(await names('member')).not.toContain('blobdance')
    const kept = await t.stack.sql`
      select 1 from public.reactions where message_id = ${message} and emoji = ':blobdance:'`
    expect(kept).toHaveLength(1)
    const body = await t.stack.sql`
      select 1 from public.messages where channel_id = ${t.world.ch.plaza} and body = ':blobdance:'`
    expect(body).toHaveLength(1)
    // The live topic heard both.
    const ops = await t.stack.sql<{ operation: string }[]>`
      select payload ->> 'operation' as operation from realtime.messages
      where topic = ${'live:workspace:' + t.world.ws} and payload ->> 'table' = 'custom_emoji'
        and payload -> 'record' ->> 'id' = ${row!.id}
      order by inserted_at, id`
    expect(ops.map((o) => o.operation)).toEqual(['INSERT', 'DELETE'])
  })
})
