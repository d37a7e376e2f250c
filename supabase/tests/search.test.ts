// search_messages(): what it finds (words, phrases, partial words, accents and case, file
// names), its filters, order, snippets, and the bad input it refuses. Who may see what is
// search-rls.test.ts.
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { asRole, attachmentPath, buildWorld, makeStoredObject } from './support/world.ts'
import type { Person, World } from './support/world.ts'
import { sendAs } from './support/messages.ts'
import { searchAs, uniqueWord } from './support/search.ts'
import type { SearchArgs } from './support/search.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let world: World

function send(person: Person, channel: string, body: string, attachments: unknown[] = []) {
  return sendAs(stack.sql, person, channel, body, randomUUID(), attachments)
}

function search(args: Omit<SearchArgs, 'workspace'>, person: Person = world.people.member) {
  return searchAs(stack.sql, person, { workspace: world.ws, ...args })
}

async function ids(args: Omit<SearchArgs, 'workspace'>, person?: Person): Promise<string[]> {
  return (await search(args, person)).map((h) => h.id)
}

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  world = await buildWorld(stack)
})

afterAll(async () => {
  await stack?.stop()
})

describe('search_messages: matching', () => {
  it('finds words ignoring case and accents, both ways', async () => {
    const w = uniqueWord()
    const a = await send(world.people.member, world.ch.plaza, `Ask Carol Díaz about ${w}`)
    const b = await send(world.people.owner, world.ch.plaza, `CAROL DIAZ knows ${w} too`)
    expect(await ids({ terms: [w, 'diaz'] })).toEqual([b.id, a.id])
    expect(await ids({ terms: [w, 'DÍAZ'] })).toEqual([b.id, a.id])
    expect(await ids({ terms: [w.toUpperCase()] })).toEqual([b.id, a.id])
  })

  it('finds partial words and prefixes', async () => {
    const w = uniqueWord()
    const m = await send(world.people.member, world.ch.plaza, `the ${w}deployment went fine`)
    expect(await ids({ terms: [`${w}deplo`] })).toEqual([m.id])
    expect(await ids({ terms: [w, 'ploym'] })).toEqual([m.id])
  })

  it('needs every term, matches phrases as written and leaves out excluded words', async () => {
    const w = uniqueWord()
    const one = await send(world.people.member, world.ch.plaza, `${w} release train leaves`)
    const two = await send(world.people.member, world.ch.plaza, `${w} train for the release`)
    expect(await ids({ terms: [w, 'release train'] })).toEqual([one.id])
    expect(await ids({ terms: [w, 'release', 'train'] })).toEqual([two.id, one.id])
    expect(await ids({ terms: [w], excluded: ['leaves'] })).toEqual([two.id])
    expect(await ids({ terms: [w, 'missing'] })).toEqual([])
  })

  it('matches a quoted phrase as whole words, exactly', async () => {
    const w = uniqueWord()
    const exact = await send(world.people.member, world.ch.plaza, `${w} Load message #17 done`)
    await send(world.people.member, world.ch.plaza, `${w} Load message #1799 done`)
    const pq = await send(world.people.member, world.ch.plaza, `${w} p q, at the end: P Q`)
    await send(world.people.member, world.ch.plaza, `${w} xP Qy inside words`)
    expect(await ids({ terms: [w, '"Load message #17 "'] })).toEqual([exact.id])
    expect(await ids({ terms: [w, '"P Q"'] })).toEqual([pq.id])
    // in the middle of the text, at its end, with accents and case folded
    expect(await ids({ terms: [w, '"DONE"'] })).toEqual(expect.arrayContaining([exact.id]))
    expect(await ids({ terms: [w, '"ÉND: p q"'] })).toEqual([pq.id])
    // characters of regular expressions are themselves
    const dots = await send(world.people.member, world.ch.plaza, `${w} v1.2 (beta) [x]`)
    await send(world.people.member, world.ch.plaza, `${w} v102 beta x`)
    expect(await ids({ terms: [w, '"v1.2 (beta) [x]"'] })).toEqual([dots.id])
  })

  it('still finds words by a part of them without quotes, and excludes a quoted phrase exactly', async () => {
    const w = uniqueWord()
    const a = await send(world.people.member, world.ch.plaza, `${w} Load message #1799`)
    const b = await send(world.people.member, world.ch.plaza, `${w} Load message #17`)
    const c = await send(world.people.member, world.ch.plaza, `${w} xP Qy`)
    expect(await ids({ terms: [w, 'message #17'] })).toEqual([b.id, a.id])
    expect(await ids({ terms: [w, 'P Q'] })).toEqual([c.id])
    expect(await ids({ terms: [w, 'mess'] })).toEqual([b.id, a.id])
    // -"message #17" leaves out #17, not #1799; -"P Q" leaves xP Qy in
    expect(await ids({ terms: [w], excluded: ['"message #17"'] })).toEqual([c.id, a.id])
    expect(await ids({ terms: [w], excluded: ['"P Q"'] })).toEqual([c.id, b.id, a.id])
    // a phrase of spaces only is no term; quotes inside a word are themselves
    expect(await ids({ terms: [w, '"  "'] })).toEqual([c.id, b.id, a.id])
  })

  it('takes %, _ and \\ literally', async () => {
    const w = uniqueWord()
    const m = await send(world.people.member, world.ch.plaza, `${w} 100%_done\\ok`)
    await send(world.people.member, world.ch.plaza, `${w} 100 percent done`)
    expect(await ids({ terms: [w, '100%_done\\ok'] })).toEqual([m.id])
    expect(await ids({ terms: [w, '%'] })).toEqual([m.id])
    expect(await ids({ terms: [w, '_'] })).toEqual([m.id])
  })

  it('finds file names and returns them', async () => {
    const w = uniqueWord()
    const id = randomUUID()
    const file = `Résumé-${w}.pdf`
    const p = await attachmentPath(stack.sql, world.ch.plaza, id, file)
    await makeStoredObject(stack.sql, 'attachments', p, world.people.member, 'application/pdf')
    await sendAs(stack.sql, world.people.member, world.ch.plaza, 'my cv', id, [
      { path: p, name: file },
    ])
    const hits = await search({ terms: [`resume-${w}`] })
    expect(hits.map((h) => [h.id, h.file_names, h.snippet])).toEqual([[id, [file], 'my cv']])
    expect(await ids({ terms: [w], hasFile: true })).toEqual([id])
    // A word and a file name of the same message; an excluded word counts in file names too.
    expect(await ids({ terms: ['my cv', w] })).toEqual([id])
    expect(await ids({ terms: ['my cv'], excluded: [`resume-${w}`] })).not.toContain(id)
  })

  it('skips deleted messages and sees edits', async () => {
    const w = uniqueWord()
    const m = await send(world.people.member, world.ch.plaza, `${w} to be deleted`)
    const e = await send(world.people.member, world.ch.plaza, 'typo here')
    await asRole(stack.sql, world.people.member, async (tx) => {
      await tx`select public.delete_message(${m.id})`
      await tx`select public.edit_message(${e.id}, ${`${w} fixed`})`
    })
    expect(await ids({ terms: [w] })).toEqual([e.id])
  })
})

describe('search_messages: filters', () => {
  it('in:, from: and mentions: by name', async () => {
    const w = uniqueWord()
    const inPlaza = await send(world.people.member, world.ch.plaza, `${w} plaza`)
    const byOwner = await send(world.people.owner, world.ch.general, `${w} general`)
    const mention = await send(
      world.people.owner,
      world.ch.general,
      `${w} <@${world.people.member.id}>`
    )
    expect(await ids({ terms: [w], in: ['#plaza'] })).toEqual([inPlaza.id])
    expect(await ids({ terms: [w], in: ['PLAZA', 'general'] })).toEqual([
      mention.id,
      byOwner.id,
      inPlaza.id,
    ])
    expect(await ids({ terms: [w], from: ['own'] })).toEqual([mention.id, byOwner.id])
    expect(await ids({ terms: [w], from: ['me'] })).toEqual([inPlaza.id])
    expect(await ids({ terms: [w], from: ['nobody-like-this'] })).toEqual([])
    expect(await ids({ terms: [w], mentions: ['me'] })).toEqual([mention.id])
    expect(await ids({ terms: [w], mentions: ['me'] }, world.people.owner)).toEqual([])
  })

  it('has:link, is:thread and dates', async () => {
    const w = uniqueWord()
    const link = await send(world.people.member, world.ch.plaza, `${w} see https://example.com`)
    const plain = await send(world.people.member, world.ch.plaza, `${w} no link, http only`)
    const reply = await asRole(stack.sql, world.people.member, async (tx) => {
      const [r] = await tx<{ id: string }[]>`
        select id from public.send_message(${randomUUID()}, ${world.ch.plaza}, ${`${w} reply`},
          '[]'::jsonb, ${plain.id})`
      return r!.id
    })
    expect(await ids({ terms: [w], hasLink: true })).toEqual([link.id])
    expect(await ids({ terms: [w], isThread: true })).toEqual([reply, plain.id])
    const now = Date.now()
    expect(await ids({ terms: [w], after: new Date(now + 60_000) })).toEqual([])
    expect(await ids({ terms: [w], before: new Date(now - 60_000) })).toEqual([])
    expect(
      await ids({ terms: [w], after: new Date(now - 60_000), before: new Date(now + 60_000) })
    ).toHaveLength(3)
  })

  it('filters alone, without words, newest first within the limit', async () => {
    const made = []
    for (let i = 0; i < 3; i += 1) {
      made.push((await send(world.people.member2, world.ch.second, `filter only ${i}`)).id)
    }
    const got = await ids({ in: ['second'], limit: 2 }, world.people.member2)
    expect(got).toEqual([made[2], made[1]])
  })
})

describe('search_messages: newest first among many messages', () => {
  // The newest matches are looked for among the caller's newest 2,000 messages first, then
  // through the indexes when there were not enough: either way the newest, each once.
  it('finds the newest matches past the newest 2,000 messages, each once', async () => {
    const w = uniqueWord()
    const old: string[] = []
    for (let i = 0; i < 3; i += 1) {
      old.push((await send(world.people.member, world.ch.plaza, `${w} old ${i}`)).id)
    }
    await stack.sql`
      insert into public.messages (channel_id, author_id, body, created_at)
      select ${world.ch.plaza}, ${world.people.member.id}, 'filler ' || g,
        clock_timestamp() + make_interval(secs => g / 100000.0)
      from generate_series(1, 2100) as g`
    const fresh = (await send(world.people.member, world.ch.plaza, `${w} fresh`)).id

    expect(await ids({ terms: [w], limit: 1 })).toEqual([fresh])
    expect(await ids({ terms: [w], limit: 2 })).toEqual([fresh, old[2]])
    expect(await ids({ terms: [w] })).toEqual([fresh, old[2], old[1], old[0]])
    expect(await ids({ terms: [w], excluded: ['fresh'] })).toEqual([old[2], old[1], old[0]])
    expect(await ids({ terms: [w], order: 'relevance' })).toHaveLength(4)
  })
})

describe('search_messages: results', () => {
  it('returns a snippet around the first match, cut with ellipses', async () => {
    const w = uniqueWord()
    const body = `${'a'.repeat(300)} ${w} ${'b'.repeat(300)}`
    await send(world.people.member, world.ch.plaza, body)
    const [hit] = await search({ terms: [w] })
    expect(hit!.snippet.startsWith('…')).toBe(true)
    expect(hit!.snippet.endsWith('…')).toBe(true)
    expect(hit!.snippet).toContain(w)
    expect(hit!.snippet.length).toBeLessThanOrEqual(242)
  })

  it('orders by relevance when asked', async () => {
    const w = uniqueWord()
    const close = await send(world.people.member, world.ch.plaza, `${w} budget`)
    const far = await send(
      world.people.member,
      world.ch.plaza,
      `${w} and many other words about something else than the budg et`
    )
    expect(await ids({ terms: [w, 'budget'] })).toEqual([close.id])
    const hits = await search({ terms: [w], order: 'relevance' })
    expect(hits.map((h) => h.id)).toEqual([close.id, far.id])
    expect(hits[0]!.rank).toBeGreaterThan(hits[1]!.rank)
  })
})

describe('search_messages: bad input', () => {
  const refusal = async (args: Omit<SearchArgs, 'workspace'>) => {
    const error = await search(args).then(
      () => null,
      (e: { code: string; message: string }) => e
    )
    return error && { code: error.code, message: error.message }
  }

  it('refuses too many or too long words, filters and an unknown order', async () => {
    expect(await refusal({ terms: Array.from({ length: 21 }, (_, i) => `w${i}`) })).toEqual({
      code: '22023',
      message: 'Too many words: at most 20.',
    })
    expect(await refusal({ terms: ['x'.repeat(201)] })).toEqual({
      code: '22023',
      message: 'A word or name is too long: at most 200 characters.',
    })
    expect(await refusal({ in: Array.from({ length: 21 }, (_, i) => `c${i}`) })).toEqual({
      code: '22023',
      message: 'Too many filters: at most 20.',
    })
    expect(await refusal({ order: 'random' })).toEqual({
      code: '22023',
      message: 'Order must be newest or relevance.',
    })
  })

  it('treats hostile text as text', async () => {
    for (const term of ["'; drop table public.messages; --", '$1', '\\', '\u0000'.slice(1), '🧨']) {
      expect(await refusal({ terms: [term] })).toBeNull()
    }
    const [row] = await stack.sql`select count(*)::int as n from public.messages`
    expect(row!.n).toBeGreaterThan(0)
  })
})
