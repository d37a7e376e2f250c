// The RLS matrix's cases for custom emoji (*_chorus_custom_emoji.sql): the rows and their images
// in the `custom-emoji` bucket, read by the workspace's members (its guests too), added by those
// the workspace lets add them (its members, by default), removed by the uploader or an admin;
// who may add them set by admins. Rows are made as superuser, standing in for the app's upload.
import { randomUUID } from 'node:crypto'
import type { Sql } from 'postgres'
import { inPlaza, members } from './matrix-kit.ts'
import type { MatrixCase, MatrixContext } from './matrix-kit.ts'
import { makeStoredObject } from './world.ts'
import type { Person, World } from './world.ts'

const admins = ['owner', 'admin'] as const
const emojiName = () => `e${randomUUID().slice(0, 8)}`

/** An image uploaded into W's folder of the bucket by `who`; returns its path. */
const imageOf = (sql: Sql, world: World, who: Person) =>
  makeStoredObject(sql, 'custom-emoji', `${world.ws}/${randomUUID()}.png`, who, 'image/png').then(
    async (id) => {
      const [row] = await sql<{ name: string }[]>`select name from storage.objects where id = ${id}`
      return row!.name
    }
  )

/** A custom emoji of W added by `who`; returns its id. */
const emojiBy =
  (who: (w: World) => Person) =>
  async ({ sql, world }: MatrixContext): Promise<string> => {
    const path = await imageOf(sql, world, who(world))
    const [row] = await sql<{ id: string }[]>`
      insert into public.custom_emoji (workspace_id, name, image_path, created_by)
      values (${world.ws}, ${emojiName()}, ${path}, ${who(world).id})
      returning id`
    return row!.id
  }

/** An image of W's folder uploaded by `who`; returns the object's id. */
const imageBy =
  (who: (w: World) => Person) =>
  async ({ sql, world }: MatrixContext): Promise<string> =>
    makeStoredObject(
      sql,
      'custom-emoji',
      `${world.ws}/${randomUUID()}.png`,
      who(world),
      'image/png'
    )

// prettier-ignore
export const CUSTOM_EMOJI_CASES: readonly MatrixCase[] = [
  // custom_emoji: read by the workspace's members and guests; added by members (the default
  // setting); removed by the uploader or an admin; never changed
  { kind: 'row', table: 'public.custom_emoji', what: 'an emoji of the workspace', op: 'select', allowed: inPlaza, row: emojiBy((w) => w.people.owner) },
  { kind: 'row', table: 'public.custom_emoji', what: 'an emoji added', op: 'insert', allowed: members, row: ({ sql, world }) => imageOf(sql, world, world.people.owner), values: ({ world }, actor, path) => ({ id: randomUUID(), workspace_id: world.ws, name: emojiName(), image_path: path, created_by: actor?.id ?? null }), refusals: ['22023'] },
  { kind: 'row', table: 'public.custom_emoji', what: "an emoji's name", op: 'update', allowed: [], row: emojiBy((w) => w.people.member), patch: () => ({ name: emojiName() }) },
  { kind: 'row', table: 'public.custom_emoji', what: "member's own emoji", op: 'delete', allowed: members, row: emojiBy((w) => w.people.member) },
  { kind: 'row', table: 'public.custom_emoji', what: "owner's emoji", op: 'delete', allowed: admins, row: emojiBy((w) => w.people.owner) },
  { kind: 'call', table: 'public.set_custom_emoji_by', what: 'only admins may add custom emoji', op: 'call', allowed: admins, row: async ({ sql, world }) => { await sql`update public.workspaces set custom_emoji_by = 'members' where id = ${world.ws}`; return world.ws }, args: (key) => ({ p_workspace_id: key, p_who: 'admins' }), done: async (sql, key) => { const [w] = await sql<{ by: string }[]>`select custom_emoji_by as by from public.workspaces where id = ${key}`; await sql`update public.workspaces set custom_emoji_by = 'members' where id = ${key}`; return w!.by === 'admins' } },

  // storage: the images, read by the workspace's members and guests, uploaded by who may add
  // emoji, removed by the uploader or an admin
  { kind: 'row', table: 'storage.objects', what: 'a custom emoji image', op: 'select', allowed: inPlaza, row: imageBy((w) => w.people.owner) },
  { kind: 'row', table: 'storage.objects', what: 'a custom emoji image into the workspace', op: 'insert', allowed: members, values: ({ world }, a) => ({ id: randomUUID(), bucket_id: 'custom-emoji', name: `${world.ws}/${randomUUID()}.png`, owner_id: a?.id ?? null }) },
  { kind: 'row', table: 'storage.objects', what: "member's custom emoji image", op: 'delete', allowed: members, row: imageBy((w) => w.people.member) },
  { kind: 'row', table: 'storage.objects', what: "owner's custom emoji image", op: 'delete', allowed: admins, row: imageBy((w) => w.people.owner) },
]
