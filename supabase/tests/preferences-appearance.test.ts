// Preferences → Appearance through set_appearance() as the app calls it (role authenticated, the
// caller's claims): the theme (light, dark, or null to follow the system) and the sidebar's density
// on the caller's own settings row, read back by them only; a bad value refused with its reason.
import { describe, expect, it } from 'vitest'
import { useNotificationsWorld } from './support/notifications-world.ts'
import { refused } from './support/refused.ts'

const t = useNotificationsWorld()
const { as, refusal } = t

const appearanceOf = async (person: (typeof t.world.people)['member']) =>
  (await as(person, (tx) => tx`select theme, sidebar_density from public.notification_settings`))[0]

describe('set_appearance', () => {
  it('keeps the theme and density on the caller’s own row, null following the system', async () => {
    const { member, owner } = t.world.people
    const [row] = await as(
      member,
      (tx) => tx`select * from public.set_appearance('dark', 'compact')`
    )
    expect(row).toMatchObject({ user_id: member.id, theme: 'dark', sidebar_density: 'compact' })
    expect(await appearanceOf(member)).toEqual({ theme: 'dark', sidebar_density: 'compact' })
    await as(member, (tx) => tx`select public.set_appearance(null, 'comfortable')`)
    expect(await appearanceOf(member)).toEqual({ theme: null, sidebar_density: 'comfortable' })
    // Someone who never chose has the defaults (or no row yet).
    const other = await appearanceOf(owner)
    expect(other ?? { theme: null, sidebar_density: 'comfortable' }).toEqual({
      theme: null,
      sidebar_density: 'comfortable',
    })
  })

  it('refuses an unknown theme or density, and anonymous callers', async () => {
    const { member } = t.world.people
    expect(
      await refusal(member, (tx) => tx`select public.set_appearance('sepia', 'compact')`)
    ).toEqual({
      code: '22023',
      message: "Choose a theme: light, dark, or null to follow the system (not 'sepia').",
      detail: 'invalid_argument',
    })
    expect(
      await refusal(member, (tx) => tx`select public.set_appearance('light', null)`)
    ).toMatchObject(refused('22023', 'invalid_argument'))
    const anonymous = await t.stack.sql
      .begin(async (tx) => {
        await tx`set local role anon`
        await tx`select public.set_appearance('light', 'compact')`
      })
      .then(
        () => null,
        (e: { code?: string }) => e.code
      )
    expect(anonymous).toBe('42501')
  })
})
