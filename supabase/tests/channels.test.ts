// Channels and direct messages: create, open, join, leave, add and remove people, rename,
// archive. The sidebar list with unread and mention counts, read positions and rosters:
// channels-unread.test.ts. The set-up and the RPCs as a person calls them are
// support/channels-world.ts's.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { useChannelsWorld } from './support/channels-world.ts'
import { refused } from './support/refused.ts'
import { asRole, createPerson, makeMessage } from './support/world.ts'

const t = useChannelsWorld()
const { p, uniqueName, createChannel, openDm, list, call } = t

describe('create_channel', () => {
  it('cleans the name, adds the given people, and refuses duplicates whatever their case', async () => {
    const suffix = randomUUID().slice(0, 6)
    const made = await createChannel(
      p().member,
      `  #Design   Team ${suffix} `,
      'public',
      [p().admin],
      ' Pixels '
    )
    expect(made).toMatchObject({ name: `Design Team ${suffix}`, kind: 'public', topic: 'Pixels' })
    const roster = await asRole(
      t.stack.sql,
      p().owner,
      (tx) => tx<{ user_id: string }[]>`
      select user_id from public.channel_roster(${made.id})`
    )
    expect(roster.map((r) => r.user_id).sort()).toEqual([p().admin.id, p().member.id].sort())
    await expect(createChannel(p().owner, `design team ${suffix}`)).rejects.toMatchObject(
      refused(
        '23505',
        'channel_name_taken',
        `A channel named "design team ${suffix}" already exists in this workspace.`
      )
    )
  })

  it('refuses bad names, direct-message kind, outsiders, and people from elsewhere', async () => {
    await expect(createChannel(p().member, ' # ')).rejects.toMatchObject(
      refused('22023', 'text_empty', 'Channel name must not be empty.')
    )
    await expect(createChannel(p().member, 'tab\u0001x')).rejects.toMatchObject(
      refused('22023', 'text_has_control_characters', 'Channel name contains control characters.')
    )
    await expect(createChannel(p().member, 'y'.repeat(81))).rejects.toMatchObject(
      refused('22023', 'text_too_long', 'Channel name must be at most 80 characters; it has 81.')
    )
    await expect(createChannel(p().member, 'zero\u200bwidth')).rejects.toMatchObject(
      refused('22023', 'text_has_invisible_characters')
    )
    await expect(createChannel(p().member, uniqueName(), 'dm')).rejects.toMatchObject(
      refused('22023', 'invalid_argument', 'A channel is public or private.')
    )
    await expect(createChannel(p().outsider, uniqueName())).rejects.toMatchObject(
      refused('42501', 'not_workspace_member', 'You are not a member of this workspace.')
    )
    await expect(
      createChannel(p().member, uniqueName(), 'private', [p().outsider])
    ).rejects.toMatchObject(
      refused(
        '22023',
        'person_not_in_workspace',
        `Only members of this workspace can be added to its channels. Not in this workspace: ${p().outsider.id}.`
      )
    )
  })
})

describe('open_dm', () => {
  it('gives the same people the same conversation, whoever opens it', async () => {
    const a = await openDm(p().owner, [p().admin, p().member])
    const b = await openDm(p().member, [p().admin, p().owner, p().owner])
    expect(b.id).toBe(a.id)
    expect(a).toMatchObject({ kind: 'dm', name: null })
    const self = await openDm(p().member2, [])
    const listed = (await list(p().member2)).find((c) => c.id === self.id)
    expect(listed?.members?.map((m) => m.id)).toEqual([p().member2.id])
    const group = (await list(p().owner)).find((c) => c.id === a.id)
    expect(group?.members?.map((m) => m.id).sort()).toEqual([p().admin.id, p().member.id].sort())
    const notMine = await asRole(
      t.stack.sql,
      p().member2,
      (tx) => tx`select id from public.channels where id = ${a.id}`
    )
    expect(notMine).toEqual([])
  })

  it('refuses more than 9 people and people outside the workspace', async () => {
    const many = await Promise.all(
      Array.from({ length: 9 }, (_, i) => createPerson(t.stack, `crowd${i}`))
    )
    await expect(openDm(p().owner, many)).rejects.toMatchObject(
      refused('22023', 'too_many_dm_members', 'A direct message can have at most 9 people.')
    )
    await expect(openDm(p().owner, [p().outsider])).rejects.toMatchObject(
      refused(
        '22023',
        'person_not_in_workspace',
        `Only members of this workspace can be added to its channels. Not in this workspace: ${p().outsider.id}.`
      )
    )
  })
})

describe('joining, leaving, adding and removing', () => {
  it('joins public channels; history is not unread; private channels need an invitation', async () => {
    const room = await createChannel(p().member2, uniqueName())
    await makeMessage(t.stack.sql, p().member2, room.id, 'before you came')
    const [joined] = await call(p().admin, 'select * from public.join_channel($1)', room.id)
    expect(joined).toMatchObject({ user_id: p().admin.id, last_read_seq: '1' })
    expect((await list(p().admin)).find((c) => c.id === room.id)?.unread_count).toBe('0')
    const secret = await createChannel(p().member2, uniqueName(), 'private')
    await expect(
      call(p().admin, 'select public.join_channel($1)', secret.id)
    ).rejects.toMatchObject(refused('22023', 'channel_not_found', 'Channel not found.'))
    await expect(
      call(p().outsider, 'select public.join_channel($1)', room.id)
    ).rejects.toMatchObject(refused('22023', 'channel_not_found', 'Channel not found.'))
    await expect(
      call(p().member, 'select public.join_channel($1)', t.world.ch.attic)
    ).rejects.toMatchObject(
      refused('22023', 'channel_archived', 'This channel is archived; nobody can join it.')
    )
  })

  it('leaves channels but not direct messages or the default channel', async () => {
    const room = await createChannel(p().owner, uniqueName(), 'public', [p().member])
    await call(p().member, 'select public.leave_channel($1)', room.id)
    expect((await list(p().member)).map((c) => c.id)).not.toContain(room.id)
    await expect(
      call(p().member, 'select public.leave_channel($1)', room.id)
    ).rejects.toMatchObject(
      refused('42501', 'not_channel_member', 'You are not a member of this channel.')
    )
    await expect(
      call(p().member, 'select public.leave_channel($1)', t.world.ch.dm)
    ).rejects.toMatchObject(
      refused('22023', 'membership_fixed', 'You cannot leave a direct message.')
    )
    await expect(
      call(p().member, 'select public.leave_channel($1)', t.world.ch.general)
    ).rejects.toMatchObject(
      refused(
        '22023',
        'membership_fixed',
        'Everyone in the workspace is in #general; it cannot be left.'
      )
    )
  })

  it('lets members add workspace people; only the creator or an admin removes them', async () => {
    const room = await createChannel(p().owner, uniqueName(), 'private', [p().member])
    const [added] = await call(
      p().member,
      'select public.add_channel_members($1, $2) as n',
      room.id,
      [p().member2.id, p().member.id]
    )
    expect(added).toEqual({ n: 1 })
    await expect(
      call(p().admin, 'select public.add_channel_members($1, $2)', room.id, [p().admin.id])
    ).rejects.toMatchObject(refused('22023', 'channel_not_found', 'Channel not found.'))
    await expect(
      call(p().member, 'select public.add_channel_members($1, $2)', t.world.ch.dm, [p().admin.id])
    ).rejects.toMatchObject(
      refused('22023', 'membership_fixed', 'People cannot be added to a direct message.')
    )
    await expect(
      call(p().member, 'select public.remove_channel_member($1, $2)', room.id, p().member2.id)
    ).rejects.toMatchObject(
      refused(
        '42501',
        'channel_manager_only',
        "Only the channel's creator or a workspace admin can remove people."
      )
    )
    await call(p().owner, 'select public.remove_channel_member($1, $2)', room.id, p().member2.id)
    const visible = await asRole(
      t.stack.sql,
      p().member2,
      (tx) => tx`select id from public.channels where id = ${room.id}`
    )
    expect(visible).toEqual([])
  })

  it('lets admins add and remove people in public channels they are not in; members may not', async () => {
    const room = await createChannel(p().member, uniqueName(), 'public')
    await expect(
      call(p().member2, 'select public.add_channel_members($1, $2)', room.id, [p().owner.id])
    ).rejects.toMatchObject(
      refused('42501', 'not_channel_member', 'Only members of this channel can add people to it.')
    )
    const [added] = await call(
      p().admin,
      'select public.add_channel_members($1, $2) as n',
      room.id,
      [p().member2.id]
    )
    expect(added).toEqual({ n: 1 })
    await call(p().admin, 'select public.remove_channel_member($1, $2)', room.id, p().member2.id)
    await expect(
      call(p().member2, 'select public.remove_channel_member($1, $2)', room.id, p().member.id)
    ).rejects.toMatchObject(
      refused(
        '42501',
        'channel_manager_only',
        "Only the channel's creator or a workspace admin can remove people."
      )
    )
  })
})

describe('renaming and archiving', () => {
  it('says why a change was refused: not found when hidden, not allowed when only visible', async () => {
    const hidden = await createChannel(p().owner, uniqueName(), 'private', [p().member])
    await expect(
      call(p().admin, 'select public.update_channel($1, $2)', hidden.id, uniqueName())
    ).rejects.toMatchObject(refused('22023', 'channel_not_found', 'Channel not found.'))
    await expect(
      call(p().admin, 'select public.archive_channel($1)', hidden.id)
    ).rejects.toMatchObject(refused('22023', 'channel_not_found', 'Channel not found.'))
    const open = await createChannel(p().owner, uniqueName(), 'public')
    await expect(
      call(p().member2, 'select public.update_channel($1, null, $2)', open.id, 'topic')
    ).rejects.toMatchObject({
      code: '42501',
      message:
        'Only members of this channel can change it (and workspace admins, for public channels).',
      detail: 'not_channel_member',
    })
  })

  it('renames and sets topics as a member; direct messages keep their (lack of) name', async () => {
    const room = await createChannel(p().owner, uniqueName(), 'public', [p().member])
    const name = uniqueName()
    const [renamed] = await call(
      p().member,
      'select name, topic from public.update_channel($1, $2, $3)',
      room.id,
      ` ${name} `,
      'New topic'
    )
    expect(renamed).toEqual({ name, topic: 'New topic' })
    await expect(
      call(p().member, 'select public.update_channel($1, $2)', t.world.ch.dm, 'dm name')
    ).rejects.toMatchObject(
      refused('22023', 'dm_not_editable', 'Direct messages cannot be renamed or archived.')
    )
    await expect(
      call(p().member, 'select public.update_channel($1, null, $2)', room.id, 't'.repeat(251))
    ).rejects.toMatchObject(
      refused('22023', 'text_too_long', 'Topic must be at most 250 characters; it has 251.')
    )
    await expect(
      call(p().member2, 'select public.update_channel($1, $2)', room.id, uniqueName())
    ).rejects.toMatchObject(refused('42501', 'not_channel_member'))
  })

  it('archives and unarchives as the creator or an admin; never the default channel', async () => {
    const room = await createChannel(p().member, uniqueName(), 'public', [p().member2])
    await expect(
      call(p().member2, 'select public.archive_channel($1)', room.id)
    ).rejects.toMatchObject(
      refused(
        '42501',
        'channel_manager_only',
        "Only the channel's creator or a workspace admin can archive or unarchive it."
      )
    )
    const [archived] = await call(
      p().member,
      'select archived_at from public.archive_channel($1)',
      room.id
    )
    expect(archived!.archived_at).not.toBeNull()
    const [back] = await call(
      p().admin,
      'select archived_at from public.archive_channel($1, false)',
      room.id
    )
    expect(back).toEqual({ archived_at: null })
    await expect(
      call(p().owner, 'select public.archive_channel($1)', t.world.ch.general)
    ).rejects.toMatchObject(
      refused(
        '22023',
        'default_channel_permanent',
        "#general is the workspace's default channel and cannot be archived."
      )
    )
  })
})
