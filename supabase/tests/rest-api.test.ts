// The data API as the app meets it through supabase-js: idempotent sends both ways, paging, and
// bad input answered with PostgREST's status codes and error bodies (never a 500).
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { clientFor } from './support/rest-checker.ts'
import { ROLES, actorOf, buildWorld } from './support/world.ts'
import type { Role, World } from './support/world.ts'

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

const send = (role: Role, body: string, id: string = randomUUID(), channel = world.ch.plaza) =>
  clients[role].rpc('send_message', { p_id: id, p_channel_id: channel, p_body: body })

describe('sending through supabase-js', () => {
  it('returns the same row for a retried send_message', async () => {
    const id = randomUUID()
    const first = await send('member', 'retry me', id)
    const second = await send('member', 'retry me', id)
    expect(first.status).toBe(200)
    expect(second.data).toEqual(first.data)
    expect(first.data).toMatchObject({ id, body: 'retry me', author_id: world.people.member.id })
  })

  it('inserts once with upsert ignoreDuplicates', async () => {
    const id = randomUUID()
    const row = { id, channel_id: world.ch.plaza, body: 'upserted' }
    const first = await clients.member
      .from('messages')
      .upsert(row, { onConflict: 'id', ignoreDuplicates: true })
      .select()
    const second = await clients.member
      .from('messages')
      .upsert(row, { onConflict: 'id', ignoreDuplicates: true })
      .select()
    expect(first.data).toHaveLength(1)
    expect(second.error).toBeNull()
    expect(second.data).toEqual([])
    const { data } = await clients.member.from('messages').select('id').eq('id', id)
    expect(data).toHaveLength(1)
  })

  it('pages by seq with plain REST', async () => {
    for (let i = 0; i < 5; i++) await send('owner', `page ${i}`)
    const latest = await clients.member
      .from('messages')
      .select('seq, body')
      .eq('channel_id', world.ch.plaza)
      .order('seq', { ascending: false })
      .limit(3)
    const seqs = (latest.data ?? []).map((m) => Number(m.seq))
    expect(latest.data?.[0]?.body).toBe('page 4')
    expect(seqs).toEqual([seqs[0]!, seqs[0]! - 1, seqs[0]! - 2])
    const older = await clients.member
      .from('messages')
      .select('seq')
      .eq('channel_id', world.ch.plaza)
      .lt('seq', seqs[2]!)
      .order('seq', { ascending: false })
      .limit(2)
    expect((older.data ?? []).map((m) => Number(m.seq))).toEqual([seqs[2]! - 1, seqs[2]! - 2])
  })
})

describe('bad input over the wire', () => {
  it('answers 400 with a readable message, details and hint', async () => {
    const long = await send('member', 'x'.repeat(40001))
    expect(long.status).toBe(400)
    expect(long.error).toMatchObject({
      code: '22023',
      message: 'Message is too long: it has 40001 characters; the limit is 40000.',
      details: 'message_too_long',
      hint: 'Split it into several messages, or attach it as a file.',
    })
    const empty = await send('member', ' \n ')
    expect(empty.status).toBe(400)
    expect(empty.error).toMatchObject({ code: '23514', message: 'Message is empty.' })
    const mention = await send('member', `hi <@${world.people.outsider.id}>`)
    expect(mention.status).toBe(400)
    expect(mention.error).toMatchObject({
      code: '22023',
      message: `You mentioned someone who is not in this channel: ${world.people.outsider.id}.`,
      details: 'mention_not_in_channel',
    })
    const name = await clients.member.rpc('create_channel', {
      p_workspace_id: world.ws,
      p_name: 'bad\u202ename',
    })
    expect(name.status).toBe(400)
    expect(name.error).toMatchObject({
      message: 'Channel name contains invisible formatting characters.',
      details: 'text_has_invisible_characters',
    })
    const notUuid = await clients.member.rpc('send_message', {
      p_id: 'not-a-uuid',
      p_channel_id: world.ch.plaza,
      p_body: 'x',
    })
    expect(notUuid.status).toBe(400)
    expect(notUuid.error?.code).toBe('22P02')
  })

  it('answers 403 for a signed-in user who may not, 401 for the anonymous role', async () => {
    const stranger = await send('outsider', 'let me in')
    expect(stranger.status).toBe(403)
    expect(stranger.error).toMatchObject({ code: '42501', details: 'not_channel_member' })
    const anon = await clients.anon.rpc('create_workspace', { p_name: 'Anon' })
    expect(anon.status).toBe(401)
    expect(anon.error?.code).toBe('42501')
    const forged = await clients.member.from('messages').insert({
      id: randomUUID(),
      channel_id: world.ch.plaza,
      author_id: world.people.owner.id,
      body: 'as the owner',
    })
    expect(forged.status).toBe(403)
    expect(forged.error).toMatchObject({ code: '42501', details: 'not_channel_member' })
    const seqWrite = await clients.member
      .from('messages')
      .update({ seq: 1 })
      .eq('channel_id', world.ch.plaza)
    expect(seqWrite.status).toBe(403)
  })

  it('answers 409 for an id taken by someone else and a channel name in use', async () => {
    const taken = (await send('owner', 'mine')).data as { id: string }
    const clash = await send('member', 'yours?', taken.id)
    expect(clash.status).toBe(409)
    expect(clash.error).toMatchObject({
      code: '23505',
      message: 'Another message already has this id.',
      details: 'message_id_taken',
    })
    const again = await clients.member.rpc('create_channel', {
      p_workspace_id: world.ws,
      p_name: 'PLAZA',
    })
    expect(again.status).toBe(409)
    expect(again.error).toMatchObject({
      message: 'A channel named "PLAZA" already exists in this workspace.',
      details: 'channel_name_taken',
    })
  })

  it('lets anyone preview an invite link but only signed-in people accept it', async () => {
    const invite = await clients.owner.rpc('create_invite', { p_workspace_id: world.ws })
    const token = (invite.data as { token: string }).token
    const preview = await clients.anon.rpc('invite_preview', { p_token: token })
    expect(preview.data).toEqual([
      expect.objectContaining({ workspace_name: 'Matrix W', status: 'valid' }),
    ])
    const accept = await clients.anon.rpc('accept_invite', { p_token: token })
    expect(accept.status).toBe(401)
    const unknown = await clients.outsider.rpc('accept_invite', { p_token: 'x' })
    expect(unknown.status).toBe(400)
    expect(unknown.error).toMatchObject({
      message: 'This invite link is not valid.',
      details: 'invite_not_found',
    })
  })
})
