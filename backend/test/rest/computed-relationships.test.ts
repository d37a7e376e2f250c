// Computed relationships as PostgREST has them (SchemaCache.hs allComputedRels, Plan.hs findRel):
// a function taking one row of a table (or view, or partitioned table) and returning rows of a
// table embeds like a foreign key, to-many for SETOF, to-one for a single row or ROWS 1; with
// aliases, filters, order, limit and !inner on the embed, under /rpc and mutations, and replacing
// the foreign-key relationships to a table of the function's name.
import { describe, expect, it } from 'vitest'
import { rest } from './fixture.ts'
import { useStack } from './support.ts'

const t = useStack({
  migrations: {
    '20240101000000_computed.sql': `
create table designers (id int primary key, name text not null);
create table videogames (id int primary key, name text not null, designer_id int references designers (id));
create function computed_designers(videogames) returns setof designers rows 1 language sql stable as
  $$ select * from designers where id = $1.designer_id $$;
create function computed_designers_noset(videogames) returns designers language sql stable as
  $$ select * from designers where id = $1.designer_id $$;
create function computed_videogames(designers) returns setof videogames language sql stable as
  $$ select * from videogames where designer_id = $1.id $$;
-- Named as the foreign key column: both match designer_id(*).
create function designer_id(videogames) returns setof designers rows 1 language sql stable as
  $$ select * from designers where id = $1.designer_id $$;
create function getallvideogames() returns setof videogames language sql stable as
  $$ select * from videogames $$;

create table web_content (id int primary key, name text not null, p_web_id int references web_content (id));
create function child_web_content(web_content) returns setof web_content language sql stable as
  $$ select * from web_content where $1.id = p_web_id $$;
create function parent_web_content(web_content) returns setof web_content rows 1 language sql stable as
  $$ select * from web_content where $1.p_web_id = id $$;

create table owners (id int primary key, name text not null, active boolean not null);
create table shops (id int primary key, name text not null, owner_id int references owners (id));
-- Named as the table: replaces the foreign key relationships between shops and owners.
create function owners(shops) returns setof owners rows 1 language sql stable as
  $$ select * from owners where id = $1.owner_id and active $$;

create table readings (id int, taken date not null, device text not null, primary key (id, taken))
  partition by range (taken);
create table readings_2024 partition of readings for values from ('2024-01-01') to ('2025-01-01');
create table devices (name text primary key, place text not null);
create function device_of(readings) returns devices language sql stable as
  $$ select * from devices where name = $1.device $$;
create function readings_of(devices) returns setof readings language sql stable as
  $$ select * from readings where device = $1.name $$;

create table status (id int primary key, status text not null);
create function status_designer(status) returns designers language sql stable as
  $$ select * from designers where id = $1.id $$;
insert into status values (1, 'on');

insert into designers values (1, 'Sid Meier'), (2, 'Hironobu Sakaguchi');
insert into videogames values (1, 'Civilization I', 1), (2, 'Civilization II', 1),
  (3, 'Final Fantasy I', 2), (4, 'Final Fantasy II', 2);
insert into web_content values (0, 'tardis', null), (1, 'fezz', 0), (2, 'foo', 0), (3, 'bar', 0),
  (4, 'wut', 1);
insert into owners values (1, 'Ann', false), (2, 'Bo', true);
insert into shops values (1, 'corner', 1), (2, 'market', 2);
insert into devices values ('d1', 'attic'), ('d2', 'cellar');
insert into readings values (1, '2024-02-01', 'd1'), (2, '2024-03-01', 'd2'), (3, '2024-04-01', 'd1');
`,
  },
})

const get = (path: string, headers: Record<string, string> = {}) => rest(t.stack, path, { headers })

const GAMES_WITH_DESIGNERS = [
  { name: 'Civilization I', designer: { name: 'Sid Meier' } },
  { name: 'Civilization II', designer: { name: 'Sid Meier' } },
  { name: 'Final Fantasy I', designer: { name: 'Hironobu Sakaguchi' } },
  { name: 'Final Fantasy II', designer: { name: 'Hironobu Sakaguchi' } },
]

describe('computed relationships', () => {
  it('embeds a SETOF … ROWS 1 function and a single-row one as objects', async () => {
    const { data, error } = await t.db
      .from('videogames')
      .select('name, designer:computed_designers(name)')
      .order('id')
    expect(error).toBeNull()
    expect(data).toEqual(GAMES_WITH_DESIGNERS)
    const noSet = await get(
      '/videogames?select=name,designer:computed_designers_noset(name)&order=id'
    )
    expect(noSet.json()).toEqual(GAMES_WITH_DESIGNERS)
  })

  it('embeds a SETOF function as an array, with filters, order and limit on it', async () => {
    const { data } = await t.db
      .from('designers')
      .select('name, videogames:computed_videogames(name)')
      .order('id')
      .order('name', { referencedTable: 'videogames', ascending: false })
      .limit(1, { referencedTable: 'videogames' })
    expect(data).toEqual([
      { name: 'Sid Meier', videogames: [{ name: 'Civilization II' }] },
      { name: 'Hironobu Sakaguchi', videogames: [{ name: 'Final Fantasy II' }] },
    ])
    const filtered = await get(
      '/designers?select=name,computed_videogames(name)&computed_videogames.name=like.*II&order=id'
    )
    expect(filtered.json()).toEqual([
      { name: 'Sid Meier', computed_videogames: [{ name: 'Civilization II' }] },
      { name: 'Hironobu Sakaguchi', computed_videogames: [{ name: 'Final Fantasy II' }] },
    ])
  })

  it('filters parents with !inner and counts them', async () => {
    const toMany = await get(
      '/designers?select=name,videogames:computed_videogames!inner(name)&videogames.name=eq.Civilization%20I',
      { Prefer: 'count=exact' }
    )
    expect(toMany.status).toBe(200)
    expect(toMany.headers.get('content-range')).toBe('0-0/1')
    expect(toMany.json()).toEqual([{ name: 'Sid Meier', videogames: [{ name: 'Civilization I' }] }])
    const { data, count } = await t.db
      .from('videogames')
      .select('name, designer:computed_designers_noset!inner(name)', { count: 'exact' })
      .like('designer.name', '*Hironobu*')
      .order('id')
    expect(count).toBe(2)
    expect(data).toEqual(GAMES_WITH_DESIGNERS.slice(2))
  })

  it('passes the whole row when the table has a column of its own name', async () => {
    const answer = await get('/status?select=status,status_designer(name)')
    expect(answer.json()).toEqual([{ status: 'on', status_designer: { name: 'Sid Meier' } }])
  })

  it('ignores a hint on a computed relationship', async () => {
    const answer = await get('/videogames?select=name,computed_designers!whatever(name)&id=eq.1')
    expect(answer.status).toBe(200)
    expect(answer.json()).toEqual([
      { name: 'Civilization I', computed_designers: { name: 'Sid Meier' } },
    ])
  })

  it('embeds under /rpc, under a foreign-key embed, and on itself', async () => {
    const rpc = await get(
      '/rpc/getallvideogames?select=name,designer:computed_designers(name)&order=id'
    )
    expect(rpc.json()).toEqual(GAMES_WITH_DESIGNERS)
    const nested = await get(
      '/videogames?select=name,designers(name,computed_videogames(name))&id=eq.3'
    )
    expect(nested.json()).toEqual([
      {
        name: 'Final Fantasy I',
        designers: {
          name: 'Hironobu Sakaguchi',
          computed_videogames: [{ name: 'Final Fantasy I' }, { name: 'Final Fantasy II' }],
        },
      },
    ])
    const self = await get(
      '/web_content?select=name,child_web_content(name),parent_web_content(name)&id=in.(0,1)&order=id'
    )
    expect(self.json()).toEqual([
      {
        name: 'tardis',
        child_web_content: [{ name: 'fezz' }, { name: 'foo' }, { name: 'bar' }],
        parent_web_content: null,
      },
      {
        name: 'fezz',
        child_web_content: [{ name: 'wut' }],
        parent_web_content: { name: 'tardis' },
      },
    ])
  })

  it('embeds in the representation of inserts, updates and deletes', async () => {
    const inserted = await t.db
      .from('videogames')
      .insert({ id: 5, name: 'Chrono Trigger', designer_id: 2 })
      .select('name, designer:computed_designers(name)')
    expect(inserted.status).toBe(201)
    expect(inserted.data).toEqual([
      { name: 'Chrono Trigger', designer: { name: 'Hironobu Sakaguchi' } },
    ])
    const updated = await t.db
      .from('designers')
      .update({ name: 'Hironobu S.' })
      .eq('id', 2)
      .select('name, videogames:computed_videogames(name)')
    expect(updated.data).toEqual([
      {
        name: 'Hironobu S.',
        videogames: [
          { name: 'Final Fantasy I' },
          { name: 'Final Fantasy II' },
          { name: 'Chrono Trigger' },
        ],
      },
    ])
    const deleted = await t.db
      .from('videogames')
      .delete()
      .eq('id', 5)
      .select('name, designer:computed_designers(name)')
    expect(deleted.data).toEqual([{ name: 'Chrono Trigger', designer: { name: 'Hironobu S.' } }])
    await t.db.from('designers').update({ name: 'Hironobu Sakaguchi' }).eq('id', 2)
  })

  it('embeds from and to a partitioned table', async () => {
    const { data } = await t.db.from('readings').select('id, device_of(place)').order('id')
    expect(data).toEqual([
      { id: 1, device_of: { place: 'attic' } },
      { id: 2, device_of: { place: 'cellar' } },
      { id: 3, device_of: { place: 'attic' } },
    ])
    const back = await get('/devices?select=name,readings_of(id)&name=eq.d1')
    expect(back.json()).toEqual([{ name: 'd1', readings_of: [{ id: 1 }, { id: 3 }] }])
    // A partition is no table of the API's.
    const partition = await get('/readings_2024?select=id')
    expect(partition.status).toBe(404)
    expect(partition.json()).toMatchObject({
      code: 'PGRST205',
      message: "Could not find the table 'public.readings_2024' in the schema cache",
    })
  })

  it('is listed with an empty description when a foreign key matches too', async () => {
    // PostgREST's Error.hs gives a computed candidate an empty object and an empty hint entry.
    const answer = await get('/videogames?select=designer_id(*)')
    expect(answer.status).toBe(300)
    expect(answer.text).toBe(
      JSON.stringify({
        code: 'PGRST201',
        details: [
          {
            cardinality: 'many-to-one',
            embedding: 'videogames with designers',
            relationship:
              'videogames_designer_id_fkey using videogames(designer_id) and designers(id)',
          },
          {},
        ],
        hint: "Try changing 'designer_id' to one of the following: 'designers!videogames_designer_id_fkey', . Find the desired relationship in the 'details' key.",
        message:
          "Could not embed because more than one relationship was found for 'videogames' and 'designer_id'",
      })
    )
  })
})

describe('a computed relationship named as a table', () => {
  it('replaces the foreign-key relationships to that table', async () => {
    // owners(shops) answers active owners only: the embed is the function's, not the key's.
    const { data } = await t.db.from('shops').select('name, owners(name)').order('id')
    expect(data).toEqual([
      { name: 'corner', owners: null },
      { name: 'market', owners: { name: 'Bo' } },
    ])
    const inner = await get('/shops?select=name,owners!inner(name)&order=id')
    expect(inner.json()).toEqual([{ name: 'market', owners: { name: 'Bo' } }])
    // The key's other names are gone with it.
    const byColumn = await get('/shops?select=name,owner_id(name)')
    expect(byColumn.status).toBe(400)
    expect(byColumn.json()).toEqual({
      code: 'PGRST200',
      details:
        "Searched for a foreign key relationship between 'shops' and 'owner_id' in the schema 'public', but no matches were found.",
      hint: "Perhaps you meant 'owners' instead of 'owner_id'.",
      message: "Could not find a relationship between 'shops' and 'owner_id' in the schema cache",
    })
    // From the other side the foreign key still holds.
    const back = await get('/owners?select=name,shops(name)&id=eq.1')
    expect(back.json()).toEqual([{ name: 'Ann', shops: [{ name: 'corner' }] }])
  })
})
