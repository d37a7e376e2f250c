// Imported people are placeholders until they claim themselves (issue 49, item 1), over HTTP
// against the real stack: a crafted archive naming an existing account's email authors nothing
// as that account and adds it to no workspace or channel (its person is a placeholder profile,
// no Auth user, named as in the archive, whom no mention emails); the owner's email invitation after the import, accepted
// by the account with that verified address, moves the placeholder's messages, reactions,
// mentions and memberships to the account (same ids and sequence numbers), which can then edit
// them as its own; another account accepting that invitation claims nothing.
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { importKit, ok } from './support/imports.ts'
import { sendAs } from './support/messages.ts'
import { zipOf } from './support/slack-export.ts'
import { createPerson } from './support/world.ts'
import type { Person } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let owner: Person
let victim: Person
let other: Person
const kit = importKit(() => stack)
const { as } = kit

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  ;[owner, victim, other] = (await Promise.all(
    ['olga', 'vic', 'oscar'].map((n) => createPerson(stack, n))
  )) as [Person, Person, Person]
}, 120_000)

afterAll(async () => {
  if (stack) await kit.settled()
  await stack?.stop()
})

/** An archive in which "Vic" (the victim's email) says things, in public, private and a DM. */
function craftedArchive(email: string) {
  return zipOf({
    'users.json': [
      { id: 'U1', name: 'vic', profile: { email, real_name: 'Vic From Slack' } },
      { id: 'U2', name: 'mal', profile: { email: `mal-${randomUUID().slice(0, 6)}@example.test` } },
    ],
    'channels.json': [{ id: 'C1', name: 'general', created: 1714500000, members: ['U1', 'U2'] }],
    'groups.json': [{ id: 'G1', name: 'secret', created: 1714500000, members: ['U1', 'U2'] }],
    'dms.json': [{ id: 'D1', created: 1714500000, members: ['U1', 'U2'] }],
    'general/2024-05-01.json': [
      {
        type: 'message',
        user: 'U1',
        text: 'I resign, effective today',
        ts: '1714550400.000100',
        reactions: [{ name: 'thumbsup', users: ['U1', 'U2'], count: 2 }],
      },
      { type: 'message', user: 'U2', text: 'noted <@U1>', ts: '1714550460.000100' },
    ],
    'secret/2024-05-01.json': [
      { type: 'message', user: 'U1', text: 'the password is hunter2', ts: '1714550500.000100' },
    ],
    'D1/2024-05-01.json': [
      { type: 'message', user: 'U1', text: 'just between us', ts: '1714550600.000100' },
    ],
  })
}

interface Authored {
  id: string
  seq: number | null
  body: string
  author_id: string | null
}

async function messagesOf(ws: string): Promise<Authored[]> {
  return stack.sql<Authored[]>`
    select m.id, m.seq::int as seq, m.body, m.author_id from public.messages m
    join public.channels c on c.id = m.channel_id
    where c.workspace_id = ${ws} order by m.created_at`
}

async function importCrafted(name: string): Promise<{ ws: string; importId: string }> {
  const ws = await kit.workspace(owner, name)
  const path = await kit.upload(owner, ws, craftedArchive(victim.email))
  const done = await kit.ended((await kit.start(owner, ws, path)).id)
  expect(done).toMatchObject({ status: 'done', messages_done: 4, people: 2 })
  return { ws, importId: done.id }
}

describe('an archive naming an existing account', () => {
  it('authors nothing as that account and adds it to no workspace or channel', async () => {
    const { ws } = await importCrafted('Crafted')
    const [traces] = await stack.sql`
      select (select count(*)::int from public.workspace_members where user_id = ${victim.id}) as workspaces,
        (select count(*)::int from public.channel_members where user_id = ${victim.id}) as channels,
        (select count(*)::int from public.messages where author_id = ${victim.id}
           or ${victim.id} = any (mentions)) as messages,
        (select count(*)::int from public.reactions where user_id = ${victim.id}) as reactions,
        (select count(*)::int from public.thread_members where user_id = ${victim.id}) as threads`
    expect(traces).toEqual({ workspaces: 0, channels: 0, messages: 0, reactions: 0, threads: 0 })
    // The victim sees nothing of it.
    expect(
      ok(await as(victim).from('messages').select('id').eq('body', 'just between us'))
    ).toEqual([])
    // The person is a placeholder: a profile without an Auth user, named as in the archive,
    // marked as imported for the members.
    const [resign] = (await messagesOf(ws)).filter((m) => m.body === 'I resign, effective today')
    const author = ok(
      await as(owner)
        .from('profiles')
        .select('id, display_name, is_placeholder')
        .eq('id', resign!.author_id!)
        .single()
    )
    expect(author).toEqual({
      id: resign!.author_id,
      display_name: 'Vic From Slack',
      is_placeholder: true,
    })
    expect(await stack.sql`select 1 from auth.users where id = ${resign!.author_id}`).toHaveLength(
      0
    )
    // A mention of the placeholder queues no notification email (it is nobody's account), one
    // of a member does.
    const link = ok(
      await as(owner).rpc('create_invite', { p_workspace_id: ws }).single<{ token: string }>()
    )
    ok(await as(other).rpc('accept_invite', { p_token: link.token }))
    const [general] = await stack.sql<{ id: string }[]>`
      select id from public.channels where workspace_id = ${ws} and is_default`
    const mention = await sendAs(
      stack.sql,
      owner,
      general!.id,
      `hello <@${resign!.author_id}> and <@${other.id}>`
    )
    expect([...mention.mentions].sort()).toEqual([resign!.author_id, other.id].sort())
    const queued = await stack.sql<{ user_id: string }[]>`
      select user_id from private.email_queue where message_id = ${mention.id}`
    expect(queued).toEqual([{ user_id: other.id }])
    // Nobody was emailed or invited; the owner may invite the people afterwards.
    expect(
      await stack.sql`select 1 from public.invites where workspace_id = ${ws} and email is not null`
    ).toHaveLength(0)
    // An import "with invitations" is refused: invitations are the owner's own action afterwards.
    const path = await kit.upload(owner, ws, craftedArchive(victim.email), 'again.zip')
    const refused = await as(owner).rpc('start_import', {
      p_workspace: ws,
      p_path: path,
      p_invite: true,
    })
    expect(refused.error).toMatchObject({ code: '22023', message: 'An import emails nobody.' })
  })
})

describe('claiming a placeholder', () => {
  it("moves the history to the account with the invitation's verified address, and to no one else", async () => {
    const { ws, importId } = await importCrafted('Claimed')
    const before = await messagesOf(ws)
    const placeholder = before.find((m) => m.body === 'I resign, effective today')!.author_id!
    // Since the import, someone put the placeholder in a group.
    const group = ok(
      await as(owner)
        .rpc('create_user_group', {
          p_workspace_id: ws,
          p_handle: 'resigners',
          p_name: 'Resigners',
          p_user_ids: [placeholder],
        })
        .single<{ id: string }>()
    )
    const invitees = ok(await as(owner).rpc('import_invitees', { p_import: importId })) as {
      user_id: string
      email: string
    }[]
    expect(invitees.map((i) => i.email)).toContain(victim.email.toLowerCase())
    expect(invitees.find((i) => i.email === victim.email.toLowerCase())?.user_id).toBe(placeholder)
    const invite = ok(
      await as(owner)
        .rpc('create_invite', { p_workspace_id: ws, p_email: victim.email })
        .single<{ token: string }>()
    )

    // The invitation says what accepting it brings, to the account with that address only.
    const preview = ok(
      await as(victim).rpc('invite_preview', { p_token: invite.token }).single<{ status: string }>()
    )
    expect(preview.status).toBe('valid')
    expect(ok(await as(victim).rpc('invite_imported', { p_token: invite.token }))).toEqual([
      { display_name: 'Vic From Slack', messages: 3 },
    ])
    expect(ok(await as(other).rpc('invite_imported', { p_token: invite.token }))).toEqual([])
    expect(ok(await as(owner).rpc('invite_imported', { p_token: invite.token }))).toEqual([])

    // Another account (its own address verified) cannot take it.
    const wrong = await as(other).rpc('accept_invite', { p_token: invite.token })
    expect(wrong.error).toMatchObject({
      code: '42501',
      message: 'This invite was sent to another email address.',
    })
    expect(await messagesOf(ws)).toEqual(before)
    expect(
      await stack.sql`select 1 from public.workspace_members where user_id = ${other.id} and workspace_id = ${ws}`
    ).toHaveLength(0)

    // The account whose verified address it is: everything of the placeholder becomes theirs.
    ok(await as(victim).rpc('accept_invite', { p_token: invite.token }))
    const after = await messagesOf(ws)
    expect(after.map((m) => [m.id, m.seq])).toEqual(before.map((m) => [m.id, m.seq]))
    expect(
      after
        .filter((m) => m.author_id === victim.id)
        .map((m) => m.body)
        .sort()
    ).toEqual(['I resign, effective today', 'just between us', 'the password is hunter2'])
    expect(after.find((m) => m.body.startsWith('noted'))?.body).toBe(`noted <@${victim.id}>`)
    const [moved] = await stack.sql`
      select (select count(*)::int from public.reactions where user_id = ${victim.id}) as reactions,
        (select count(*)::int from public.channel_members cm join public.channels c on c.id = cm.channel_id
          where cm.user_id = ${victim.id} and c.workspace_id = ${ws}) as channels,
        (select count(*)::int from public.profiles where id = ${placeholder}) as placeholder,
        (select count(*)::int from public.messages where author_id = ${placeholder}) as left_behind`
    // the workspace's own #general (as any invite), and the imported general, secret and DM
    expect(moved).toEqual({ reactions: 1, channels: 4, placeholder: 0, left_behind: 0 })
    const grouped = await stack.sql`
      select user_id from public.user_group_members where group_id = ${group.id}`
    expect(grouped).toEqual([{ user_id: victim.id }])
    const audit = await stack.sql`
      select action, actor_id from public.audit_log where workspace_id = ${ws} and action = 'import.claimed'`
    expect(audit).toEqual([{ action: 'import.claimed', actor_id: victim.id }])

    // Theirs now: they read the private channel and the DM, and edit their message.
    const mine = ok(
      await as(victim).from('messages').select('id, body').eq('author_id', victim.id)
    ) as { id: string; body: string }[]
    expect(mine.map((m) => m.body).sort()).toEqual([
      'I resign, effective today',
      'just between us',
      'the password is hunter2',
    ])
    const resign = mine.find((m) => m.body === 'I resign, effective today')!
    const edited = ok(
      await as(victim)
        .from('messages')
        .update({ body: 'I did not write this' })
        .eq('id', resign.id)
        .select('body, author_id')
    )
    expect(edited).toEqual([{ body: 'I did not write this', author_id: victim.id }])
    // The invitation is spent: nothing more to claim, and the other account still cannot.
    expect((await as(other).rpc('accept_invite', { p_token: invite.token })).error).not.toBeNull()
  })
})

describe('a member already in the workspace', () => {
  it('claims their placeholder with a later email invitation, which the page offers them', async () => {
    const { ws } = await importCrafted('Member first')
    const link = ok(
      await as(owner).rpc('create_invite', { p_workspace_id: ws }).single<{ token: string }>()
    )
    ok(await as(victim).rpc('accept_invite', { p_token: link.token }))
    const placeholder = await kit.placeholderOf(ws, victim.email)
    const invite = ok(
      await as(owner)
        .rpc('create_invite', { p_workspace_id: ws, p_email: victim.email })
        .single<{ token: string }>()
    )
    const status = async (person: Person) =>
      ok(
        await as(person)
          .rpc('invite_preview', { p_token: invite.token })
          .single<{ status: string }>()
      ).status
    // A member: the invitation is still one to accept, for the account with that address only.
    expect(await status(victim)).toBe('valid')
    expect(await status(owner)).toBe('already_member')
    ok(await as(victim).rpc('accept_invite', { p_token: invite.token }))
    const [after] = await stack.sql`
      select (select count(*)::int from public.messages m join public.channels c on c.id = m.channel_id
          where c.workspace_id = ${ws} and m.author_id = ${victim.id}) as mine,
        (select count(*)::int from public.profiles where id = ${placeholder!}) as placeholder`
    expect(after).toEqual({ mine: 3, placeholder: 0 })
    expect(await status(victim)).toBe('already_member')
  })
})

describe('a deleted workspace', () => {
  it('takes its placeholders with it', async () => {
    const { ws } = await importCrafted('Deleted')
    const ids = (
      await stack.sql<{ id: string }[]>`
        select profile_id as id from private.import_placeholders where workspace_id = ${ws}`
    ).map((row) => row.id)
    expect(ids).toHaveLength(2)
    await stack.sql`delete from public.workspaces where id = ${ws}`
    expect(await stack.sql`select 1 from public.profiles where id in ${stack.sql(ids)}`).toEqual([])
  })
})

describe('an invitation made before the import finished', () => {
  it('claims nothing: the invitation must come after the import', async () => {
    const ws = await kit.workspace(owner, 'Early')
    const invite = ok(
      await as(owner)
        .rpc('create_invite', { p_workspace_id: ws, p_email: victim.email })
        .single<{ token: string }>()
    )
    const path = await kit.upload(owner, ws, craftedArchive(victim.email))
    expect(await kit.ended((await kit.start(owner, ws, path)).id)).toMatchObject({ status: 'done' })
    ok(await as(victim).rpc('accept_invite', { p_token: invite.token }))
    const [traces] = await stack.sql`
      select (select count(*)::int from public.messages m join public.channels c on c.id = m.channel_id
          where c.workspace_id = ${ws} and m.author_id = ${victim.id}) as messages,
        (select count(*)::int from public.profiles p join private.import_placeholders ph
          on ph.profile_id = p.id where ph.workspace_id = ${ws}) as placeholders`
    expect(traces).toEqual({ messages: 0, placeholders: 2 })
  })
})
