// A person's time zone (issue 68, public.profiles.time_zone): they set their own through REST with
// supabase-js, as the app does from the browser and the profile dialog; an IANA name PostgreSQL
// knows is kept, anything else (a made-up name, an abbreviation, a POSIX rule, a UTC offset) is
// refused in PostgREST's error format with Chorus's code, and nothing stored changes; co-workers
// read it (to show the local time), people outside the workspace do not, nobody sets another's.
import { describe, expect, it } from 'vitest'
import { clientFor } from './support/rest-checker.ts'
import { useWorldStack } from './support/world-stack.ts'
import type { WorldStack } from './support/world-stack.ts'

const t = useWorldStack({} as WorldStack)

const timeZoneOf = async (id: string) =>
  (await t.stack.sql`select time_zone from public.profiles where id = ${id}`)[0]?.time_zone

describe('profiles.time_zone', () => {
  it('is null at first, set by its person to an IANA name, and back to null', async () => {
    const { member } = t.world.people
    const db = clientFor(t.stack, member)
    expect(await timeZoneOf(member.id)).toBeNull()
    for (const zone of ['Asia/Tokyo', 'America/Argentina/Buenos_Aires', 'UTC', 'Etc/GMT+3']) {
      const set = await db.from('profiles').update({ time_zone: zone }).eq('id', member.id)
      expect(set.error).toBeNull()
      expect(await timeZoneOf(member.id)).toBe(zone)
    }
    const cleared = await db.from('profiles').update({ time_zone: null }).eq('id', member.id)
    expect(cleared.error).toBeNull()
    expect(await timeZoneOf(member.id)).toBeNull()
  })

  it('refuses a zone that is not one, with its code, keeping the one stored', async () => {
    const { member } = t.world.people
    const db = clientFor(t.stack, member)
    await db.from('profiles').update({ time_zone: 'Europe/Berlin' }).eq('id', member.id)
    for (const zone of [
      'Mars/Olympus_Mons',
      'EST',
      'posix/Europe/Paris',
      '+02:00',
      'europe/berlin',
      'x'.repeat(200),
    ]) {
      const { error, status, data } = await db
        .from('profiles')
        .update({ time_zone: zone })
        .eq('id', member.id)
        .select()
      expect(status, zone).toBe(400)
      expect(data).toBeNull()
      expect(error).toEqual({
        code: '22023',
        details: 'time_zone_unknown',
        hint: null,
        message: `Unknown time zone '${zone.slice(0, 64)}': use an IANA name such as Europe/Berlin.`,
      })
    }
    expect(await timeZoneOf(member.id)).toBe('Europe/Berlin')
  })

  it('is nobody else’s to set, and only co-workers read it', async () => {
    const { member, admin, outsider } = t.world.people
    await t.stack.sql`update public.profiles set time_zone = 'Asia/Kolkata' where id = ${member.id}`
    const other = await clientFor(t.stack, admin)
      .from('profiles')
      .update({ time_zone: 'UTC' })
      .eq('id', member.id)
      .select()
    expect(other.error).toBeNull()
    expect(other.data).toEqual([])
    expect(await timeZoneOf(member.id)).toBe('Asia/Kolkata')
    const coworker = await clientFor(t.stack, admin)
      .from('profiles')
      .select('time_zone')
      .eq('id', member.id)
    expect(coworker.data).toEqual([{ time_zone: 'Asia/Kolkata' }])
    const stranger = await clientFor(t.stack, outsider)
      .from('profiles')
      .select('time_zone')
      .eq('id', member.id)
    expect(stranger.data).toEqual([])
  })
})
