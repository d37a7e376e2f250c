// Imported people are placeholders until they claim themselves (issue 49, item 1), over HTTP
// against the real stack: a crafted archive naming an existing account's email authors nothing
// as that account and adds it to no workspace or channel (its person is a placeholder profile,
// no Auth user, named as in the archive, whom no mention emails); the owner's email invitation after the import, accepted
// by the account with that verified address, moves the placeholder's messages, reactions,
// mentions and memberships to the account (same ids and sequence numbers), which can then edit
// them as its own; another account accepting that invitation claims nothing. The set-up and the
// crafted archive are support/imports-placeholders.ts's.
import { describe, expect, it } from 'vitest'
import { craftedArchive, usePlaceholderStack } from './support/imports-placeholders.ts'
import { ok } from './support/imports.ts'
import { sendAs } from './support/messages.ts'
import type { Person } from './support/world.ts'

const t = usePlaceholderStack()
const { kit } = t
const { as } = kit

describe('an archive naming an existing account', () => {
  it('authors nothing as that account and adds it to no workspace or channel', async () => {
    const { ws } = await t.importCrafted('Crafted')
    const [traces] = await t.stack.sql`
      select (select count(*)::int from public.workspace_members where user_id = ${t.victim.id}) as workspaces,
        (select count(*)::int from public.channel_members where user_id = ${t.victim.id}) as channels,
        (select count(*)::int from public.messages where author_id = ${t.victim.id}
           or ${t.victim.id} = any (mentions)) as messages,
        (select count(*)::int from public.reactions where user_id = ${t.victim.id}) as reactions,
        (select count(*)::int from public.thread_members where user_id = ${t.victim.id}) as threads`
    expect(traces).toEqual({ workspaces: 0, channels: 0, messages: 0, reactions: 0, threads: 0 })
    // The victim sees nothing of it.
    expect(
      ok(await as(t.victim).from('messages').select('id').eq('body', 'just between us'))
    ).toEqual([])
    // The person is a placeholder: a profile without an Auth user, named as in the archive,
    // marked as imported for the members.
    const [resign] = (await t.messagesOf(ws)).filter((m) => m.body === 'I resign, effective today')
    const author = ok(
      await as(t.owner)
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
    expect(
      await t.stack.sql`select 1 from auth.users where id = ${resign!.author_id}`
    ).toHaveLength(0)
    // A mention of the placeholder queues no notification email (it is nobody's account), one
    // of a member does.
    const link = ok(
      await as(t.owner).rpc('create_invite', { p_workspace_id: ws }).single<{ token: string }>()
    )
    ok(await as(t.other).rpc('accept_invite', { p_token: link.token }))
    const [general] = await t.stack.sql<{ id: string }[]>`
      select id from public.channels where workspace_id = ${ws} and is_default`
    const mention = await sendAs(
      t.stack.sql,
      t.owner,
      general!.id,
      `hello <@${resign!.author_id}> and <@${t.other.id}>`
    )
    expect([...mention.mentions].sort()).toEqual([resign!.author_id, t.other.id].sort())
    const queued = await t.stack.sql<{ user_id: string }[]>`
      select user_id from private.email_queue where message_id = ${mention.id}`
    expect(queued).toEqual([{ user_id: t.other.id }])
    // Nobody was emailed or invited; the owner may invite the people afterwards.
    expect(
      await t.stack
        .sql`select 1 from public.invites where workspace_id = ${ws} and email is not null`
    ).toHaveLength(0)
    // An import "with invitations" is refused: invitations are the owner's own action afterwards.
    const path = await kit.upload(t.owner, ws, craftedArchive(t.victim.email), 'again.zip')
    const refused = await as(t.owner).rpc('start_import', {
      p_workspace: ws,
      p_path: path,
      p_invite: true,
    })
    expect(refused.error).toMatchObject({
      code: '22023',
      message: 'An import emails nobody.',
      details: 'import_invite_unsupported',
    })
  })
})

describe('claiming a placeholder', () => {
  it("moves the history to the account with the invitation's verified address, and to no one else", async () => {
    const { ws, importId } = await t.importCrafted('Claimed')
    const before = await t.messagesOf(ws)
    const placeholder = before.find((m) => m.body === 'I resign, effective today')!.author_id!
    // Since the import, someone put the placeholder in a group.
    const group = ok(
      await as(t.owner)
        .rpc('create_user_group', {
          p_workspace_id: ws,
          p_handle: 'resigners',
          p_name: 'Resigners',
          p_user_ids: [placeholder],
        })
        .single<{ id: string }>()
    )
    const invitees = ok(await as(t.owner).rpc('import_invitees', { p_import: importId })) as {
      user_id: string
      email: string
    }[]
    expect(invitees.map((i) => i.email)).toContain(t.victim.email.toLowerCase())
    expect(invitees.find((i) => i.email === t.victim.email.toLowerCase())?.user_id).toBe(
      placeholder
    )
    const invite = ok(
      await as(t.owner)
        .rpc('create_invite', { p_workspace_id: ws, p_email: t.victim.email })
        .single<{ token: string }>()
    )

    // The invitation says what accepting it brings, to the account with that address only.
    const preview = ok(
      await as(t.victim)
        .rpc('invite_preview', { p_token: invite.token })
        .single<{ status: string }>()
    )
    expect(preview.status).toBe('valid')
    expect(ok(await as(t.victim).rpc('invite_imported', { p_token: invite.token }))).toEqual([
      { display_name: 'Vic From Slack', messages: 3 },
    ])
    expect(ok(await as(t.other).rpc('invite_imported', { p_token: invite.token }))).toEqual([])
    expect(ok(await as(t.owner).rpc('invite_imported', { p_token: invite.token }))).toEqual([])

    // Another account (its own address verified) cannot take it.
    const wrong = await as(t.other).rpc('accept_invite', { p_token: invite.token })
    expect(wrong.error).toMatchObject({
      code: '42501',
      message: `This invite was sent to another email address: it is for ${t.victim.email.toLowerCase()}.`,
      details: 'invite_email_mismatch',
    })
    expect(await t.messagesOf(ws)).toEqual(before)
    expect(
      await t.stack
        .sql`select 1 from public.workspace_members where user_id = ${t.other.id} and workspace_id = ${ws}`
    ).toHaveLength(0)

    // The account whose verified address it is: everything of the placeholder becomes theirs.
    ok(await as(t.victim).rpc('accept_invite', { p_token: invite.token }))
    const after = await t.messagesOf(ws)
    expect(after.map((m) => [m.id, m.seq])).toEqual(before.map((m) => [m.id, m.seq]))
    expect(
      after
        .filter((m) => m.author_id === t.victim.id)
        .map((m) => m.body)
        .sort()
    ).toEqual(['I resign, effective today', 'just between us', 'the password is hunter2'])
    expect(after.find((m) => m.body.startsWith('noted'))?.body).toBe(`noted <@${t.victim.id}>`)
    const [moved] = await t.stack.sql`
      select (select count(*)::int from public.reactions where user_id = ${t.victim.id}) as reactions,
        (select count(*)::int from public.channel_members cm join public.channels c on c.id = cm.channel_id
          where cm.user_id = ${t.victim.id} and c.workspace_id = ${ws}) as channels,
        (select count(*)::int from public.profiles where id = ${placeholder}) as placeholder,
        (select count(*)::int from public.messages where author_id = ${placeholder}) as left_behind`
    // the workspace's own #general and #random (as any invite), and the imported general, secret
    // and DM
    expect(moved).toEqual({ reactions: 1, channels: 5, placeholder: 0, left_behind: 0 })
    const grouped = await t.stack.sql`
      select user_id from public.user_group_members where group_id = ${group.id}`
    expect(grouped).toEqual([{ user_id: t.victim.id }])
    const audit = await t.stack.sql`
      select action, actor_id from public.audit_log where workspace_id = ${ws} and action = 'import.claimed'`
    expect(audit).toEqual([{ action: 'import.claimed', actor_id: t.victim.id }])

    // Theirs now: they read the private channel and the DM, and edit their message.
    const mine = ok(
      await as(t.victim).from('messages').select('id, body').eq('author_id', t.victim.id)
    ) as { id: string; body: string }[]
    expect(mine.map((m) => m.body).sort()).toEqual([
      'I resign, effective today',
      'just between us',
      'the password is hunter2',
    ])
    const resign = mine.find((m) => m.body === 'I resign, effective today')!
    const edited = ok(
      await as(t.victim)
        .from('messages')
        .update({ body: 'I did not write this' })
        .eq('id', resign.id)
        .select('body, author_id')
    )
    expect(edited).toEqual([{ body: 'I did not write this', author_id: t.victim.id }])
    // The invitation is spent: nothing more to claim, and the other account still cannot.
    expect((await as(t.other).rpc('accept_invite', { p_token: invite.token })).error).not.toBeNull()
  })
})

describe('a member already in the workspace', () => {
  it('claims their placeholder with a later email invitation, which the page offers them', async () => {
    const { ws } = await t.importCrafted('Member first')
    const link = ok(
      await as(t.owner).rpc('create_invite', { p_workspace_id: ws }).single<{ token: string }>()
    )
    ok(await as(t.victim).rpc('accept_invite', { p_token: link.token }))
    const placeholder = await kit.placeholderOf(ws, t.victim.email)
    const invite = ok(
      await as(t.owner)
        .rpc('create_invite', { p_workspace_id: ws, p_email: t.victim.email })
        .single<{ token: string }>()
    )
    const status = async (person: Person) =>
      ok(
        await as(person)
          .rpc('invite_preview', { p_token: invite.token })
          .single<{ status: string }>()
      ).status
    // A member: the invitation is still one to accept, for the account with that address only.
    expect(await status(t.victim)).toBe('valid')
    expect(await status(t.owner)).toBe('already_member')
    ok(await as(t.victim).rpc('accept_invite', { p_token: invite.token }))
    const [after] = await t.stack.sql`
      select (select count(*)::int from public.messages m join public.channels c on c.id = m.channel_id
          where c.workspace_id = ${ws} and m.author_id = ${t.victim.id}) as mine,
        (select count(*)::int from public.profiles where id = ${placeholder!}) as placeholder`
    expect(after).toEqual({ mine: 3, placeholder: 0 })
    expect(await status(t.victim)).toBe('already_member')
  })
})

describe('a deleted workspace', () => {
  it('takes its placeholders with it', async () => {
    const { ws } = await t.importCrafted('Deleted')
    const ids = (
      await t.stack.sql<{ id: string }[]>`
        select profile_id as id from private.import_placeholders where workspace_id = ${ws}`
    ).map((row) => row.id)
    expect(ids).toHaveLength(2)
    await t.stack.sql`delete from public.workspaces where id = ${ws}`
    expect(
      await t.stack.sql`select 1 from public.profiles where id in ${t.stack.sql(ids)}`
    ).toEqual([])
  })
})

describe('an invitation made before the import finished', () => {
  it('claims nothing: the invitation must come after the import', async () => {
    const ws = await kit.workspace(t.owner, 'Early')
    const invite = ok(
      await as(t.owner)
        .rpc('create_invite', { p_workspace_id: ws, p_email: t.victim.email })
        .single<{ token: string }>()
    )
    const path = await kit.upload(t.owner, ws, craftedArchive(t.victim.email))
    expect(await kit.ended((await kit.start(t.owner, ws, path)).id)).toMatchObject({
      status: 'done',
    })
    ok(await as(t.victim).rpc('accept_invite', { p_token: invite.token }))
    const [traces] = await t.stack.sql`
      select (select count(*)::int from public.messages m join public.channels c on c.id = m.channel_id
          where c.workspace_id = ${ws} and m.author_id = ${t.victim.id}) as messages,
        (select count(*)::int from public.profiles p join private.import_placeholders ph
          on ph.profile_id = p.id where ph.workspace_id = ${ws}) as placeholders`
    expect(traces).toEqual({ messages: 0, placeholders: 2 })
  })
})
