// The RLS matrix's cases for link previews (*_chorus_link_previews.sql): the rows, readable by
// exactly those who can read the message; the images in the `link-previews` bucket, under the
// same rule; removal by the message's author only; the function's claim for the service role
// only. Rows are made as the function makes them (superuser, standing in for the service role).
import { createHash, randomUUID } from 'node:crypto'
import type { Sql, TransactionSql } from 'postgres'
import { inPlaza, inQuiet } from './matrix-kit.ts'
import type { MatrixCase, MatrixContext } from './matrix-kit.ts'
import { makeMessage, makeStoredObject } from './world.ts'
import type { Person, World } from './world.ts'

/** A ready preview of a new message of `author` in the channel; returns the preview's id. */
const previewIn =
  (author: (w: World) => Person, channel: (w: World) => string) =>
  async ({ sql, world }: MatrixContext): Promise<string> => {
    const message = await makeMessage(sql, author(world), channel(world), 'see the link')
    const [row] = await sql<{ id: string }[]>`
      insert into public.link_previews (message_id, channel_id, position, url, status, title,
        fetched_at)
      values (${message}, ${channel(world)}, 1, ${`https://example.com/${randomUUID()}`}, 'ready',
        'A page', now())
      returning id`
    return row!.id
  }

/** A preview image stored in the channel's folder of the bucket; returns the object's id. */
const imageIn =
  (channel: (w: World) => string) =>
  ({ sql, world }: MatrixContext): Promise<string> =>
    makeStoredObject(
      sql,
      'link-previews',
      `${channel(world)}/${createHash('sha256').update(randomUUID()).digest('hex')}.png`,
      world.people.owner,
      'image/png'
    )

const removed = async (sql: Sql | TransactionSql, id: string) =>
  (await sql`select 1 from public.link_previews where id = ${id} and removed_by_author`).length ===
  1

// prettier-ignore
export const LINK_PREVIEW_CASES: readonly MatrixCase[] = [
  // link_previews: readable by exactly those who can read the message; written only by the function and remove_link_preview
  { kind: 'row', table: 'public.link_previews', what: 'a preview in a public channel', op: 'select', allowed: inPlaza, row: previewIn((w) => w.people.member, (w) => w.ch.plaza) },
  { kind: 'row', table: 'public.link_previews', what: 'a preview in a private channel', op: 'select', allowed: inQuiet, row: previewIn((w) => w.people.owner, (w) => w.ch.quiet) },
  { kind: 'row', table: 'public.link_previews', what: 'a preview in a direct message', op: 'select', allowed: inQuiet, row: previewIn((w) => w.people.member, (w) => w.ch.dm) },
  { kind: 'row', table: 'public.link_previews', what: 'a forged preview', op: 'insert', allowed: [], row: ({ sql, world }) => makeMessage(sql, world.people.member, world.ch.plaza, 'forged'), values: ({ world }, _a, message) => ({ id: randomUUID(), message_id: message, channel_id: world.ch.plaza, position: 1, url: 'https://evil.example/', status: 'ready', title: 'Forged' }) },
  { kind: 'row', table: 'public.link_previews', what: "a preview's title", op: 'update', allowed: [], row: previewIn((w) => w.people.member, (w) => w.ch.plaza), patch: () => ({ title: `changed ${randomUUID().slice(0, 6)}` }) },
  { kind: 'row', table: 'public.link_previews', what: "member's own preview", op: 'delete', allowed: [], row: previewIn((w) => w.people.member, (w) => w.ch.plaza) },
  { kind: 'call', table: 'public.remove_link_preview', what: "member's preview removed", op: 'call', allowed: ['member'], row: previewIn((w) => w.people.member, (w) => w.ch.plaza), args: (key) => ({ p_id: key }), done: (sql, key) => removed(sql, key), refusals: ['22023'] },
  { kind: 'call', table: 'public.remove_link_preview', what: "owner's preview in a private channel removed", op: 'call', allowed: ['owner'], row: previewIn((w) => w.people.owner, (w) => w.ch.quiet), args: (key) => ({ p_id: key }), done: (sql, key) => removed(sql, key), refusals: ['22023'] },
  { kind: 'call', table: 'public.claim_link_previews', what: 'claiming the previews of a message', op: 'call', allowed: [], row: ({ sql, world }) => makeMessage(sql, world.people.member, world.ch.plaza, 'claim'), args: (key) => ({ p_message_id: key, p_urls: ['https://example.com/x'] }), done: async (sql, key) => (await sql`select 1 from public.link_previews where message_id = ${key} and status = 'fetching'`).length > 0 },

  // storage: the preview images, read by the channel's members, written by the function only
  { kind: 'row', table: 'storage.objects', what: 'a preview image in a public channel', op: 'select', allowed: inPlaza, row: imageIn((w) => w.ch.plaza) },
  { kind: 'row', table: 'storage.objects', what: 'a preview image in a private channel', op: 'select', allowed: inQuiet, row: imageIn((w) => w.ch.quiet) },
  { kind: 'row', table: 'storage.objects', what: 'a preview image into a public channel', op: 'insert', allowed: [], values: ({ world }, a) => ({ id: randomUUID(), bucket_id: 'link-previews', name: `${world.ch.plaza}/${'a'.repeat(64)}.png`, owner_id: a?.id ?? null }) },
  { kind: 'row', table: 'storage.objects', what: 'a preview image', op: 'delete', allowed: [], row: imageIn((w) => w.ch.plaza) },
]
