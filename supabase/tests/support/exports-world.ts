// The world of exports.test.ts: a stack, an owner, a member, another member and an outsider; a
// workspace that exports everything, with a private channel, a DM and a group DM; messages with a
// thread, an edit, a reaction, a pin, a save and two files, their ids kept by name.
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll } from 'vitest'
import { startTestStack } from '../../../backend/test/support/stack.ts'
import type { TestStack } from '../../../backend/test/support/stack.ts'
import { exportsKit } from './exports.ts'
import { ok, retentionKit } from './retention.ts'
import { createPerson } from './world.ts'
import type { Person } from './world.ts'

const workdir = path.resolve(import.meta.dirname, '../../..')
const enc = new TextEncoder()

export interface ExportWorld {
  stack: TestStack
  owner: Person
  member: Person
  other: Person
  outsider: Person
  ws: { id: string; general: string }
  /** The private channel (owner and member), the DM (owner, member), the group DM (all three). */
  secret: string
  dm: string
  group: string
  kit: ReturnType<typeof retentionKit>
  /** supabase-js with the access token. */
  as: (token: string) => SupabaseClient
  ex: ReturnType<typeof exportsKit>
  /** The files' bytes: the owner's (in secret), the other member's (in general). */
  ownersFile: Uint8Array
  othersFile: Uint8Array
  ids: Record<
    'plan' | 'reply' | 'general' | 'othersReply' | 'othersOwn' | 'dm' | 'group' | 'groupOwner',
    string
  >
}

/** Registers the file's beforeAll/afterAll; the people, workspace and channels are set once it ran. */
export function useExportWorld(): ExportWorld {
  const t = {
    ownersFile: enc.encode('the owner’s plan, exactly these bytes\n'),
    othersFile: enc.encode('other’s own notes\n'),
    ids: {},
  } as ExportWorld
  t.kit = retentionKit(() => t.stack)
  t.as = (token: string) =>
    t.stack.client(t.stack.anonKey, { global: { headers: { Authorization: `Bearer ${token}` } } })
  t.ex = exportsKit(() => t.stack, t.as)
  const { as, ex, ids, kit, ownersFile, othersFile } = t

  beforeAll(async () => {
    t.stack = await startTestStack({ workdir })
    ;[t.owner, t.member, t.other, t.outsider] = (await Promise.all(
      ['Olga Owner', 'Mia Member', 'Oscar Other', 'Otto Outsider'].map((n) =>
        createPerson(t.stack, n)
      )
    )) as [Person, Person, Person, Person]
    t.ws = await kit.workspace('Exported', t.owner, [t.member, t.other])
    // Everything: private channels and DMs are exported only when the owners allow it
    // (exports-scope.test.ts shows the default, public channels only).
    ok(await as(t.owner.token).rpc('set_export_scope', { p_workspace_id: t.ws.id, p_scope: 'all' }))
    t.secret = ok(
      await as(t.owner.token)
        .rpc('create_channel', {
          p_workspace_id: t.ws.id,
          p_name: 'secret',
          p_kind: 'private',
          p_member_ids: [t.member.id],
        })
        .single<{ id: string }>()
    ).id
    t.dm = ok(
      await as(t.owner.token)
        .rpc('open_dm', { p_workspace_id: t.ws.id, p_user_ids: [t.member.id] })
        .single<{ id: string }>()
    ).id
    t.group = ok(
      await as(t.owner.token)
        .rpc('open_dm', { p_workspace_id: t.ws.id, p_user_ids: [t.member.id, t.other.id] })
        .single<{ id: string }>()
    ).id

    const { send } = ex
    ids.plan = await send(t.owner.token, t.secret, 'OWNER-SECRET first draft', {
      files: [{ ws: t.ws.id, name: 'plan.txt', bytes: ownersFile }],
    })
    ok(
      await as(t.owner.token).rpc('edit_message', { p_id: ids.plan, p_body: 'OWNER-SECRET final' })
    )
    ids.reply = await send(t.member.token, t.secret, 'a reply in the thread', { parent: ids.plan })
    ok(await as(t.member.token).rpc('set_reaction', { p_message_id: ids.plan, p_emoji: ':tada:' }))
    ok(await as(t.member.token).rpc('pin_message', { p_message_id: ids.plan }))
    ids.general = await send(t.owner.token, t.ws.general, 'OWNER-GENERAL hello all')
    ids.othersReply = await send(t.other.token, t.ws.general, 'other answers', {
      parent: ids.general,
    })
    ids.othersOwn = await send(t.other.token, t.ws.general, 'other’s own message', {
      files: [{ ws: t.ws.id, name: 'notes.txt', bytes: othersFile }],
    })
    ok(await as(t.other.token).rpc('set_reaction', { p_message_id: ids.general, p_emoji: '👍' }))
    ok(await as(t.other.token).rpc('save_message', { p_message_id: ids.general }))
    ok(
      await as(t.other.token).rpc('schedule_message', {
        p_id: crypto.randomUUID(),
        p_channel_id: t.ws.general,
        p_body: 'other, tomorrow',
        p_send_at: new Date(Date.now() + 86_400_000).toISOString(),
      })
    )
    ok(
      await as(t.other.token).rpc('save_draft', {
        p_channel_id: t.ws.general,
        p_body: 'other, still writing',
      })
    )
    ids.dm = await send(t.member.token, t.dm, 'MEMBER-DM just us two')
    ids.group = await send(t.other.token, t.group, 'other in the group')
    ids.groupOwner = await send(t.owner.token, t.group, 'OWNER-GROUP in the group')
  }, 120_000)
  afterAll(async () => {
    await t.stack?.stop()
  })
  return t
}
