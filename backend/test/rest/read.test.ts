// Reads through the real supabase-js: the select grammar and embedded resources.
import { describe, expect, it } from 'vitest'
import { useStack } from './support.ts'

const t = useStack()

async function titles(query: PromiseLike<{ data: unknown; error: unknown }>): Promise<string[]> {
  const { data, error } = await query
  expect(error).toBeNull()
  return (data as { title: string }[]).map((r) => r.title)
}

describe('select', () => {
  it('returns all columns by default, typed as JSON', async () => {
    const { data, error, status } = await t.db.from('films').select().eq('id', 1)
    expect(error).toBeNull()
    expect(status).toBe(200)
    expect(data).toEqual([
      {
        id: 1,
        title: 'Workers Leaving the Factory',
        director_id: 1,
        year: 1895,
        rating: 7.1,
        genre: 'documentary',
        tags: ['short', 'silent'],
        metadata: { color: false, reels: 1, cast: { lead: 'workers' } },
        running: '[1,2)',
        released: '1895-03-22',
        search: "'factori':4 'leav':2 'worker':1",
      },
    ])
  })

  it('selects columns with aliases, casts and JSON paths', async () => {
    const { data, error } = await t.db
      .from('films')
      .select(
        'name:title, year::text, reels:metadata->reels, lead:metadata->cast->>lead, metadata->>color'
      )
      .eq('id', 1)
    expect(error).toBeNull()
    expect(data).toEqual([
      {
        name: 'Workers Leaving the Factory',
        year: '1895',
        reels: 1,
        lead: 'workers',
        color: 'false',
      },
    ])
  })

  it('reads computed columns through PostgreSQL functional notation', async () => {
    const { data } = await t.db.from('directors').select('last_name, films(count)').order('id')
    expect(data).toEqual([
      { last_name: 'Lumière', films: [{ count: 1 }] },
      { last_name: 'Méliès', films: [{ count: 2 }] },
      { last_name: 'Guy', films: [{ count: 1 }] },
    ])
  })

  it('reports an unknown column with PostgreSQL’s error', async () => {
    const { error, status } = await t.db.from('films').select('nope')
    expect(status).toBe(400)
    expect(error).toEqual({
      code: '42703',
      details: null,
      hint: null,
      message: 'column films.nope does not exist',
    })
  })
})

describe('embedded resources', () => {
  it('embeds many-to-one as an object and one-to-many as an array', async () => {
    const { data } = await t.db
      .from('films')
      .select('title, directors(last_name)')
      .in('id', [1, 5])
      .order('id')
    expect(data).toEqual([
      { title: 'Workers Leaving the Factory', directors: { last_name: 'Lumière' } },
      { title: 'Untitled', directors: null },
    ])
    const { data: directors } = await t.db
      .from('directors')
      .select('last_name, films(title)')
      .eq('id', 2)
    expect(directors).toEqual([
      {
        last_name: 'Méliès',
        films: [{ title: 'A Trip to the Moon' }, { title: 'The Impossible Voyage' }],
      },
    ])
  })

  it('embeds many-to-many through the junction table', async () => {
    const { data } = await t.db
      .from('films')
      .select('title, actors(first_name)')
      .eq('id', 2)
      .order('first_name', { referencedTable: 'actors' })
    expect(data).toEqual([
      {
        title: 'A Trip to the Moon',
        actors: [{ first_name: 'Bleuette' }, { first_name: 'Victor' }],
      },
    ])
  })

  it('embeds self-references both ways and recursively', async () => {
    const { data } = await t.db
      .from('people')
      .select('name, parent:parent_id(name), children:people(name, children:people(name))')
      .eq('id', 1)
    expect(data).toEqual([
      {
        name: 'Root',
        parent: null,
        children: [
          { name: 'Child A', children: [{ name: 'Grandchild' }] },
          { name: 'Child B', children: [] },
        ],
      },
    ])
  })

  it('embeds one-to-one as an object from both sides', async () => {
    const { data } = await t.db.from('people').select('name, profiles(bio)').lt('id', 4).order('id')
    expect(data).toEqual([
      { name: 'Root', profiles: { bio: 'The root' } },
      { name: 'Child A', profiles: { bio: null } },
      { name: 'Child B', profiles: null },
    ])
    const { data: back } = await t.db.from('profiles').select('bio, people(name)').eq('id', 1)
    expect(back).toEqual([{ bio: 'The root', people: { name: 'Root' } }])
  })

  it('refuses an ambiguous embed with 300 PGRST201 and resolves hints', async () => {
    const { error, status } = await t.db.from('clients').select('name, addresses(street)')
    expect(status).toBe(300)
    expect(error?.code).toBe('PGRST201')
    expect(error?.hint).toBe(
      "Try changing 'addresses' to one of the following: 'addresses!billing', 'addresses!shipping'. Find the desired relationship in the 'details' key."
    )
    const { data } = await t.db
      .from('clients')
      .select(
        'name, billing:addresses!billing(street), shipping:addresses!shipping_address_id(street)'
      )
    expect(data).toEqual([
      { name: 'Acme', billing: { street: 'Main St' }, shipping: { street: 'Side St' } },
    ])
  })

  it('refuses an unknown relationship with PGRST200', async () => {
    const { error, status } = await t.db.from('films').select('title, directorz(*)')
    expect(status).toBe(400)
    expect(error).toEqual({
      code: 'PGRST200',
      details:
        "Searched for a foreign key relationship between 'films' and 'directorz' in the schema 'public', but no matches were found.",
      hint: "Perhaps you meant 'directors' instead of 'directorz'.",
      message: "Could not find a relationship between 'films' and 'directorz' in the schema cache",
    })
  })

  it('filters embedded rows without removing parents, unless !inner', async () => {
    const { data } = await t.db
      .from('directors')
      .select('last_name, films(title)')
      .eq('films.year', 1904)
      .order('id')
    expect(data).toEqual([
      { last_name: 'Lumière', films: [] },
      { last_name: 'Méliès', films: [{ title: 'The Impossible Voyage' }] },
      { last_name: 'Guy', films: [] },
    ])
    const { data: inner } = await t.db
      .from('directors')
      .select('last_name, films!inner(title)')
      .eq('films.year', 1904)
    expect(inner).toEqual([{ last_name: 'Méliès', films: [{ title: 'The Impossible Voyage' }] }])
  })

  it('filters parents through an empty embed and embed null tests', async () => {
    const { data } = await t.db
      .from('films')
      .select('title, directors!inner()')
      .eq('directors.last_name', 'Guy')
    expect(data).toEqual([{ title: 'The Cabbage Fairy' }])
    expect(
      await titles(t.db.from('films').select('title, directors(id)').is('directors', null))
    ).toEqual(['Untitled'])
    const { count } = await t.db
      .from('films')
      .select('title, directors(id)', { count: 'exact' })
      .not('directors', 'is', null)
    expect(count).toBe(4)
    const { error } = await t.db.from('films').select('title, directors(id)').eq('directors', 1)
    expect(error?.code).toBe('PGRST120')
    const { error: notEmbedded } = await t.db
      .from('films')
      .select('title')
      .eq('actors.first_name', 'x')
    expect(notEmbedded).toEqual({
      code: 'PGRST108',
      details: null,
      hint: "Verify that 'actors' is included in the 'select' query parameter.",
      message: "'actors' is not an embedded resource in this request",
    })
  })

  it('orders, limits and ORs inside embeds, and orders by a to-one embed', async () => {
    const { data } = await t.db
      .from('films')
      .select('title, actors(first_name)')
      .eq('id', 4)
      .order('first_name', { referencedTable: 'actors', ascending: false })
      .limit(1, { referencedTable: 'actors' })
    expect(data).toEqual([{ title: 'The Impossible Voyage', actors: [{ first_name: 'Victor' }] }])
    const { data: ored } = await t.db
      .from('films')
      .select('id, actors(first_name)')
      .eq('id', 4)
      .or('first_name.eq.Jeanne,last_name.eq.Bernon', { referencedTable: 'actors' })
    expect(ored).toEqual([{ id: 4, actors: [{ first_name: 'Jeanne' }] }])
    expect(
      await titles(
        t.db
          .from('films')
          .select('title, directors(last_name)')
          .not('director_id', 'is', null)
          .order('directors(last_name)', { ascending: false })
          .order('id')
      )
    ).toEqual([
      'A Trip to the Moon',
      'The Impossible Voyage',
      'Workers Leaving the Factory',
      'The Cabbage Fairy',
    ])
    const { error } = await t.db.from('directors').select('id, films(title)').order('films(title)')
    expect(error?.code).toBe('PGRST118')
  })

  it('spreads to-one columns into the parent and to-many columns into arrays', async () => {
    const { data } = await t.db
      .from('films')
      .select('title, ...directors(director:last_name)')
      .eq('id', 2)
    expect(data).toEqual([{ title: 'A Trip to the Moon', director: 'Méliès' }])
    const { data: many } = await t.db
      .from('directors')
      .select('last_name, ...films(title, year)')
      .eq('id', 2)
      .order('year', { referencedTable: 'films' })
    expect(many).toEqual([
      {
        last_name: 'Méliès',
        title: ['A Trip to the Moon', 'The Impossible Voyage'],
        year: [1902, 1904],
      },
    ])
  })

  it('embeds computed relationships: functions of the row', async () => {
    const { data, error } = await t.db
      .from('directors')
      .select('last_name, recent_films(title, lead_actor(first_name))')
      .eq('id', 2)
      .order('title', { referencedTable: 'recent_films' })
    expect(error).toBeNull()
    expect(data).toEqual([
      {
        last_name: 'Méliès',
        recent_films: [
          { title: 'A Trip to the Moon', lead_actor: { first_name: 'Bleuette' } },
          { title: 'The Impossible Voyage', lead_actor: { first_name: 'Victor' } },
        ],
      },
    ])
  })

  it('embeds through foreign keys carried over to views', async () => {
    const { data } = await t.db
      .from('film_summaries')
      .select('title, directors(last_name)')
      .eq('id', 3)
    expect(data).toEqual([{ title: 'The Cabbage Fairy', directors: { last_name: 'Guy' } }])
  })
})
