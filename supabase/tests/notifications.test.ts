// Notification settings through the RPCs as the app calls them (role authenticated, the caller's
// claims): a channel's level and mute, the workspace default per person, Do Not Disturb's
// schedule and snooze, emails on or off and the unsubscribe link (anonymous), the workspace's
// email delay (owners and admins); every bad value refused with its reason, and nobody reads
// another person's settings. The set-up and the calls are support/notifications-world.ts's.
import { describe, expect, it } from 'vitest'
import { useNotificationsWorld } from './support/notifications-world.ts'
import { refused } from './support/refused.ts'
import { makeMessage } from './support/world.ts'

const t = useNotificationsWorld()
const { as, refusal, settingsOf, badges, readAll } = t

describe('channel levels and mute', () => {
  it('start at the default (null, not muted), and change one at a time', async () => {
    const { member } = t.world.people
    const [before] = await t.stack.sql<{ notify_level: string | null; muted: boolean }[]>`
      select notify_level, muted from public.channel_members
      where channel_id = ${t.world.ch.plaza} and user_id = ${member.id}`
    expect(before).toEqual({ notify_level: null, muted: false })

    const set = (level: string | null, muted: boolean | null) =>
      as(member, async (tx) => {
        const [row] = await tx`
          select * from public.set_channel_notifications(${t.world.ch.plaza}, ${level}, ${muted})`
        return row
      })
    expect(await set('all', null)).toEqual({
      channel_id: t.world.ch.plaza,
      notify_level: 'all',
      muted: false,
    })
    expect(await set(null, true)).toMatchObject({ notify_level: 'all', muted: true })
    expect(await set('default', false)).toMatchObject({ notify_level: null, muted: false })
  })

  it('are the caller’s own: the owner’s row of the same channel does not move', async () => {
    const { member, owner } = t.world.people
    await as(
      member,
      (tx) => tx`select public.set_channel_notifications(${t.world.ch.plaza}, 'nothing', true)`
    )
    const rows = await t.stack.sql<
      { user_id: string; notify_level: string | null; muted: boolean }[]
    >`
      select user_id, notify_level, muted from public.channel_members
      where channel_id = ${t.world.ch.plaza} and user_id in (${member.id}, ${owner.id})`
    const byUser = Object.fromEntries(rows.map((r) => [r.user_id, r]))
    expect(byUser[member.id]).toMatchObject({ notify_level: 'nothing', muted: true })
    expect(byUser[owner.id]).toMatchObject({ notify_level: null, muted: false })
  })

  it('refuse a channel the caller is not in, an unknown level, and anonymous callers', async () => {
    const { member } = t.world.people
    expect(
      await refusal(
        member,
        (tx) => tx`select public.set_channel_notifications(${t.world.ch.second}, 'all')`
      )
    ).toEqual(refused('42501', 'not_channel_member', 'You are not a member of this channel.'))
    expect(
      await refusal(
        member,
        (tx) => tx`select public.set_channel_notifications(${t.world.ch.plaza}, 'loud')`
      )
    ).toEqual({
      code: '22023',
      message: "Choose a notification level: 'loud' is not one of all, mentions, nothing, default.",
      detail: 'invalid_argument',
    })
    expect(
      await refusal(
        null,
        (tx) => tx`select public.set_channel_notifications(${t.world.ch.plaza}, 'all')`
      )
    ).toMatchObject({ code: '42501' })
  })

  it('cannot be written directly (only through the function, which checks the value)', async () => {
    const { member } = t.world.people
    expect(
      await refusal(
        member,
        (tx) => tx`
        update public.channel_members set muted = true
        where channel_id = ${t.world.ch.general} and user_id = ${member.id}`
      )
    ).toMatchObject({ code: '42501' })
  })
})

describe('the workspace default and the settings read back', () => {
  it('reads the defaults before anything is set', async () => {
    expect(await settingsOf(t.world.people.admin)).toEqual({
      default_level: 'mentions',
      dnd_enabled: false,
      dnd_start: '22:00:00',
      dnd_end: '08:00:00',
      dnd_time_zone: 'UTC',
      snooze_until: null,
      email_enabled: true,
      email_delay_minutes: 10,
    })
  })

  it('keeps a default per workspace and per person', async () => {
    const { owner, member } = t.world.people
    await as(member, (tx) => tx`select public.set_notification_default(${t.world.ws}, 'all')`)
    expect((await settingsOf(member)).default_level).toBe('all')
    expect((await settingsOf(owner)).default_level).toBe('mentions')
    await as(member, (tx) => tx`select public.set_notification_default(${t.world.ws}, 'nothing')`)
    expect((await settingsOf(member)).default_level).toBe('nothing')
    expect(
      await refusal(
        member,
        (tx) => tx`select public.set_notification_default(${t.world.ws}, 'default')`
      )
    ).toEqual({
      code: '22023',
      message: "Choose a notification level: 'default' is not one of all, mentions, nothing.",
      detail: 'invalid_argument',
    })
  })

  it('refuses another workspace, for reading and for setting', async () => {
    const { member } = t.world.people
    expect(
      await refusal(
        member,
        (tx) => tx`select * from public.my_notification_settings(${t.world.ws2})`
      )
    ).toEqual(refused('42501', 'not_workspace_member', 'You are not a member of this workspace.'))
    expect(
      await refusal(
        member,
        (tx) => tx`select public.set_notification_default(${t.world.ws2}, 'all')`
      )
    ).toMatchObject(refused('42501', 'not_workspace_member'))
  })

  it('shows nobody another person’s settings rows', async () => {
    const { member, owner } = t.world.people
    await as(member, (tx) => tx`select public.set_email_notifications(true)`)
    const seen = await as(
      owner,
      (tx) => tx`
      select user_id from public.notification_settings
      union all select user_id from public.notification_defaults`
    )
    expect(seen.map((r) => r.user_id)).not.toContain(member.id)
    const own = await as(member, (tx) => tx`select user_id from public.notification_settings`)
    expect(own.map((r) => r.user_id)).toEqual([member.id])
  })
})

describe('Do Not Disturb', () => {
  it('sets a schedule in a time zone, keeping what is not given', async () => {
    const { owner } = t.world.people
    await as(
      owner,
      (tx) => tx`select public.set_do_not_disturb(true, '19:30', '07:15', 'Europe/Paris')`
    )
    expect(await settingsOf(owner)).toMatchObject({
      dnd_enabled: true,
      dnd_start: '19:30:00',
      dnd_end: '07:15:00',
      dnd_time_zone: 'Europe/Paris',
    })
    await as(owner, (tx) => tx`select public.set_do_not_disturb(false)`)
    expect(await settingsOf(owner)).toMatchObject({ dnd_enabled: false, dnd_start: '19:30:00' })
  })

  it('refuses an unknown time zone, an empty span and no answer', async () => {
    const { owner } = t.world.people
    expect(
      await refusal(
        owner,
        (tx) => tx`select public.set_do_not_disturb(true, null, null, 'Mars/Base')`
      )
    ).toEqual({
      code: '22023',
      message: "Choose a time zone: 'Mars/Base' is not a known time zone.",
      detail: 'unknown_time_zone',
    })
    expect(
      await refusal(owner, (tx) => tx`select public.set_do_not_disturb(true, '09:00', '09:00')`)
    ).toMatchObject({
      code: '22023',
      message: 'Do Not Disturb must end at another time than it starts.',
      detail: 'dnd_start_equals_end',
    })
    expect(await refusal(owner, (tx) => tx`select public.set_do_not_disturb(null)`)).toMatchObject(
      refused('22023', 'missing_argument')
    )
  })

  it('snoozes until a time, ends on null or a past time, and refuses more than 7 days', async () => {
    const { admin } = t.world.people
    const inAnHour = new Date(Date.now() + 3600_000)
    await as(admin, (tx) => tx`select public.snooze_notifications(${inAnHour})`)
    expect((await settingsOf(admin)).snooze_until?.getTime()).toBe(inAnHour.getTime())
    await as(admin, (tx) => tx`select public.snooze_notifications(${new Date(Date.now() - 1000)})`)
    expect((await settingsOf(admin)).snooze_until).toBeNull()
    await as(admin, (tx) => tx`select public.snooze_notifications(${inAnHour})`)
    await as(admin, (tx) => tx`select public.snooze_notifications(null)`)
    expect((await settingsOf(admin)).snooze_until).toBeNull()
    const tooLong = await refusal(
      admin,
      (tx) => tx`select public.snooze_notifications(${new Date(Date.now() + 8 * 86400_000)})`
    )
    expect(tooLong).toMatchObject(refused('22023', 'snooze_too_long'))
    expect(tooLong.message).toMatch(/^A snooze lasts 7 days at most; until .+ was asked\.$/)
  })
})

describe('emails', () => {
  it('turn off by the unsubscribe link without signing in; a wrong token is refused', async () => {
    const { member2 } = t.world.people
    await as(member2, (tx) => tx`select public.set_email_notifications(true)`)
    const [row] = await t.stack.sql<{ email_token: string }[]>`
      select email_token from public.notification_settings where user_id = ${member2.id}`
    const token = row!.email_token
    expect(await as(null, (tx) => tx`select public.unsubscribe_email(${token}) as ok`)).toEqual([
      { ok: true },
    ])
    expect((await settingsOf(member2)).email_enabled).toBe(false)
    expect(await refusal(null, (tx) => tx`select public.unsubscribe_email('not-a-token')`)).toEqual(
      refused('22023', 'unsubscribe_link_invalid', 'This unsubscribe link is not valid.')
    )
  })

  it('wait the workspace’s delay, which owners and admins set (0 to 1440 minutes)', async () => {
    const { owner, admin, member } = t.world.people
    await as(admin, (tx) => tx`select public.set_workspace_email_delay(${t.world.ws}, 3)`)
    expect((await settingsOf(member)).email_delay_minutes).toBe(3)
    await as(owner, (tx) => tx`select public.set_workspace_email_delay(${t.world.ws}, 10)`)
    expect((await settingsOf(member)).email_delay_minutes).toBe(10)
    expect(
      await refusal(member, (tx) => tx`select public.set_workspace_email_delay(${t.world.ws}, 0)`)
    ).toMatchObject({
      code: '42501',
      message: 'Only owners and admins can change when emails are sent.',
      detail: 'workspace_admin_only',
    })
    expect(
      await refusal(owner, (tx) => tx`select public.set_workspace_email_delay(${t.world.ws}, 1441)`)
    ).toEqual({
      code: '22023',
      message: 'The email delay is 0 to 1440 minutes; 1441 was asked.',
      detail: 'email_delay_out_of_range',
    })
    expect(
      await refusal(owner, (tx) => tx`select public.set_workspace_email_delay(${t.world.ws2}, 5)`)
    ).toMatchObject(refused('42501', 'workspace_admin_only'))
  })
})

describe('workspace_badges', () => {
  it('counts mentions and DM messages in red, other unread as bold, and leaves muted channels out', async () => {
    const { owner, member } = t.world.people
    const mine = [
      t.world.ch.general,
      t.world.ch.plaza,
      t.world.ch.quiet,
      t.world.ch.dm,
      t.world.ch.attic,
    ]
    await readAll(member, mine)
    for (const c of mine)
      await as(member, (tx) => tx`select public.set_channel_notifications(${c}, 'default', false)`)
    expect(await badges(member)).toEqual([])

    await makeMessage(t.stack.sql, owner, t.world.ch.plaza, `hi <@${member.id}>`)
    await makeMessage(t.stack.sql, owner, t.world.ch.plaza, 'no mention')
    await makeMessage(t.stack.sql, owner, t.world.ch.general, 'plain')
    await makeMessage(t.stack.sql, owner, t.world.ch.dm, 'direct')
    expect(await badges(member)).toEqual([
      { workspace_id: t.world.ws, mention_count: '2', has_unread: true },
    ])

    await as(
      member,
      (tx) => tx`select public.set_channel_notifications(${t.world.ch.plaza}, null, true)`
    )
    expect(await badges(member)).toEqual([
      { workspace_id: t.world.ws, mention_count: '1', has_unread: true },
    ])
    await as(
      member,
      (tx) => tx`select public.set_channel_notifications(${t.world.ch.dm}, null, true)`
    )
    expect(await badges(member)).toEqual([
      { workspace_id: t.world.ws, mention_count: '0', has_unread: true },
    ])
    await readAll(member, [t.world.ch.general])
    expect(await badges(member)).toEqual([])
    // The owner wrote them: nothing unread for the author.
    expect((await badges(owner)).filter((b) => Number(b.mention_count) > 0)).toEqual([])
  })
})
