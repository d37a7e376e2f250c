// Functions as PostgREST resolves and calls them, through supabase-js: overloads chosen by the
// names of the arguments given (body or query string), polymorphic parameters passed as PostgREST
// passes them (so PostgreSQL's own errors come back), unnamed parameters and defaults, functions
// as computed columns and computed relationships inside select= (a partitioned table included),
// and the embed errors PGRST200/PGRST201 with PostgREST's hint.
import { describe, expect, it } from 'vitest'
import { useStack } from './support.ts'

const t = useStack({
  migrations: {
    '20240101000000_functions.sql': `
create table people (id int primary key, first text, last text);
insert into people values (1, 'Ada', 'Lovelace'), (2, 'Alan', 'Turing');
create function full_name(people) returns text language sql stable as
  $$ select $1.first || ' ' || $1.last $$;
create table events (id int, at date not null, title text, person_id int references people (id),
  primary key (id, at)) partition by range (at);
create table events_2024 partition of events for values from ('2024-01-01') to ('2025-01-01');
insert into events values (1, '2024-03-01', 'launch', 1), (2, '2024-04-01', 'talk', 2);
create function label(events) returns text language sql stable as $$ select upper($1.title) $$;
create function host(events) returns setof people rows 1 language sql stable as
  $$ select * from people where id = $1.person_id $$;
create function ident(x anyelement) returns anyelement language sql immutable as $$ select x $$;
create function first_of(xs anyarray) returns anyelement language sql immutable as
  $$ select xs[1] $$;
create function times(int, int) returns int language sql immutable as $$ select $1 * $2 $$;
create function plus(a int, b int default 10) returns int language sql immutable as
  $$ select a + b $$;
create function pick(a int) returns text language sql immutable as $$ select 'a int' $$;
create function pick(b text) returns text language sql immutable as $$ select 'b text' $$;
create function tagged(v text) returns text language sql immutable as $$ select 'text ' || v $$;
create function tagged(v text[]) returns text language sql immutable as
  $$ select 'array ' || array_length(v, 1) $$;
create table teams (id int primary key, name text);
create table members (id int primary key, team_a int references teams (id),
  team_b int references teams (id));
insert into teams values (1, 'red'), (2, 'blue');
insert into members values (1, 1, 2);
grant select on all tables in schema public to anon;
`,
  },
})

describe('overloads and arguments', () => {
  it('chooses the overload by the names of the arguments, by body and by query string', async () => {
    expect((await t.db.rpc('pick', { a: 1 })).data).toBe('a int')
    expect((await t.db.rpc('pick', { b: 'x' })).data).toBe('b text')
    expect((await t.db.rpc('pick', { a: 1 }, { get: true })).data).toBe('a int')
    expect((await t.db.rpc('pick', { b: 'x' }, { get: true })).data).toBe('b text')
  })

  it('answers PGRST202 when no overload takes the arguments, PGRST203 when several do', async () => {
    const none = await t.db.rpc('pick', { c: 1 })
    expect(none.status).toBe(404)
    expect(none.error).toEqual({
      code: 'PGRST202',
      details:
        'Searched for the function public.pick with parameter c or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      // noRpcHint's fuzzy match of "(c)" against "(a)" and "(b)": no gram in common, no hint.
      hint: null,
      message: 'Could not find the function public.pick(c) in the schema cache',
    })
    const both = await t.db.rpc('tagged', { v: 'x' })
    expect(both.status).toBe(300)
    expect(both.error).toEqual({
      code: 'PGRST203',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      message:
        'Could not choose the best candidate function between: public.tagged(v => text), public.tagged(v => text[])',
    })
  })

  it('passes polymorphic arguments as PostgREST does: PostgreSQL cannot resolve their type', async () => {
    const byGet = await t.db.rpc('ident', { x: 5 }, { get: true })
    expect(byGet.status).toBe(400)
    expect(byGet.error).toMatchObject({
      code: '42804',
      message: 'could not determine polymorphic type because input has type unknown',
    })
    const byPost = await t.db.rpc('ident', { x: 5 })
    expect(byPost.status).toBe(400)
    expect(byPost.error).toMatchObject({
      code: '42P16',
      message: 'column "x" has pseudo-type anyelement',
    })
    const array = await t.db.rpc('first_of', { xs: [1, 2] })
    expect(array.error).toMatchObject({
      code: '42P16',
      message: 'column "xs" has pseudo-type anyarray',
    })
  })

  it('uses defaults, and cannot name unnamed parameters', async () => {
    expect((await t.db.rpc('plus', { a: 1 })).data).toBe(11)
    expect((await t.db.rpc('plus', { a: 1 }, { get: true })).data).toBe(11)
    expect((await t.db.rpc('plus', { a: 1, b: 2 }, { get: true })).data).toBe(3)
    const unnamed = await t.db.rpc('times', { a: 2 })
    expect(unnamed.status).toBe(404)
    expect(unnamed.error?.code).toBe('PGRST202')
    expect(unnamed.error?.message).toBe(
      'Could not find the function public.times(a) in the schema cache'
    )
  })

  it('casts query-string arguments as PostgreSQL casts literals, with its errors', async () => {
    const bad = await t.db.rpc('plus', { a: 'one' }, { get: true })
    expect(bad.status).toBe(400)
    expect(bad.error).toMatchObject({
      code: '22P02',
      message: 'invalid input syntax for type integer: "one"',
    })
  })
})

describe('functions inside select', () => {
  it('reads a function of the row as a computed column, to select and to filter', async () => {
    const { data, error } = await t.db.from('people').select('id, full_name').order('id')
    expect(error).toBeNull()
    expect(data).toEqual([
      { id: 1, full_name: 'Ada Lovelace' },
      { id: 2, full_name: 'Alan Turing' },
    ])
    const filtered = await t.db.from('people').select('id').eq('full_name', 'Alan Turing')
    expect(filtered.data).toEqual([{ id: 2 }])
  })

  it('reads computed columns and relationships of a partitioned table', async () => {
    const { data, error } = await t.db.from('events').select('id, label, host(first)').order('id')
    expect(error).toBeNull()
    expect(data).toEqual([
      { id: 1, label: 'LAUNCH', host: { first: 'Ada' } },
      { id: 2, label: 'TALK', host: { first: 'Alan' } },
    ])
  })
})

describe('embedding errors', () => {
  it('answers PGRST201 listing the candidates, and embeds once one is named', async () => {
    const { error, status } = await t.db.from('members').select('id, teams(name)')
    expect(status).toBe(300)
    expect(error).toEqual({
      code: 'PGRST201',
      details: [
        {
          cardinality: 'many-to-one',
          embedding: 'members with teams',
          relationship: 'members_team_a_fkey using members(team_a) and teams(id)',
        },
        {
          cardinality: 'many-to-one',
          embedding: 'members with teams',
          relationship: 'members_team_b_fkey using members(team_b) and teams(id)',
        },
      ],
      hint: "Try changing 'teams' to one of the following: 'teams!members_team_a_fkey', 'teams!members_team_b_fkey'. Find the desired relationship in the 'details' key.",
      message:
        "Could not embed because more than one relationship was found for 'members' and 'teams'",
    })
    const named = await t.db.from('members').select('id, teams!members_team_b_fkey(name)')
    expect(named.data).toEqual([{ id: 1, teams: { name: 'blue' } }])
  })

  it('answers PGRST200 when there is no relationship', async () => {
    const { error, status } = await t.db.from('people').select('id, teams(name)')
    expect(status).toBe(400)
    expect(error).toEqual({
      code: 'PGRST200',
      details:
        "Searched for a foreign key relationship between 'people' and 'teams' in the schema 'public', but no matches were found.",
      // fuzzyset scores 'events' (people's one relationship) at 1 - 4/6 by edit distance, over
      // PostgREST's 0.33.
      hint: "Perhaps you meant 'events' instead of 'teams'.",
      message: "Could not find a relationship between 'people' and 'teams' in the schema cache",
    })
  })
})
