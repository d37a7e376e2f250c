// A person's language (issue 53, public.profiles.language): they set their own through REST with
// supabase-js, as the app's profile dialog does; nobody sets another's; a language Chorus does not
// speak is refused with PostgreSQL's check violation and nothing stored changes; co-workers may
// read it (the profile is theirs to see), people outside the workspace may not.
import { describe, expect, it } from 'vitest'
import { clientFor } from './support/rest-checker.ts'
import { useWorldStack } from './support/world-stack.ts'
import type { WorldStack } from './support/world-stack.ts'

const t = useWorldStack({} as WorldStack)

const languageOf = async (id: string) =>
  (await t.stack.sql`select language from public.profiles where id = ${id}`)[0]?.language

describe('profiles.language', () => {
  it('is set by its person, and back to null (the browser’s)', async () => {
    const { member } = t.world.people
    const db = clientFor(t.stack, member)
    const set = await db.from('profiles').update({ language: 'ja' }).eq('id', member.id)
    expect(set.error).toBeNull()
    expect(await languageOf(member.id)).toBe('ja')
    const cleared = await db.from('profiles').update({ language: null }).eq('id', member.id)
    expect(cleared.error).toBeNull()
    expect(await languageOf(member.id)).toBeNull()
  })

  it('refuses a language Chorus does not speak, keeping the one stored', async () => {
    const { member } = t.world.people
    const db = clientFor(t.stack, member)
    await db.from('profiles').update({ language: 'de' }).eq('id', member.id)
    const { error, status } = await db
      .from('profiles')
      .update({ language: 'fr' })
      .eq('id', member.id)
      .select()
    expect(status).toBe(400)
    expect(error).toMatchObject({ code: '23514' })
    expect(await languageOf(member.id)).toBe('de')
  })

  it('is nobody else’s to set, and only co-workers read it', async () => {
    const { member, admin, outsider } = t.world.people
    await t.stack.sql`update public.profiles set language = 'ar' where id = ${member.id}`
    const other = await clientFor(t.stack, admin)
      .from('profiles')
      .update({ language: 'en' })
      .eq('id', member.id)
      .select()
    expect(other.error).toBeNull()
    expect(other.data).toEqual([])
    expect(await languageOf(member.id)).toBe('ar')
    const coworker = await clientFor(t.stack, admin)
      .from('profiles')
      .select('language')
      .eq('id', member.id)
    expect(coworker.data).toEqual([{ language: 'ar' }])
    const stranger = await clientFor(t.stack, outsider)
      .from('profiles')
      .select('language')
      .eq('id', member.id)
    expect(stranger.data).toEqual([])
  })
})
