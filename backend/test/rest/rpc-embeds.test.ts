// Embeds under /rpc as PostgREST 12/13's callReadPlan plans them: the read plan is built for every
// function, its origin named by the function's row type (funcTableName: a table's, a composite
// type's, `record` for OUT/TABLE parameters) and otherwise by the function itself, so an embed
// that finds no relationship answers PGRST200 naming that origin, also below a function returning
// one scalar (or nothing), where the select is planned even though one value is answered.
import { describe, expect, it } from 'vitest'
import { rest } from './fixture.ts'
import { useStack } from './support.ts'

const t = useStack({
  migrations: {
    '20240101000000_rpc_embeds.sql': `
create table clients (id int primary key, name text not null);
create table projects (id int primary key, name text not null, client_id int references clients (id));
insert into clients values (1, 'Microsoft'), (2, 'Apple');
insert into projects values (1, 'Windows', 1), (2, 'IOS', 2);
create type project_summary as (id int, name text);
create function summaries() returns setof project_summary language sql stable as
  $$ select id, name from projects order by id $$;
create function one_summary() returns project_summary language sql stable as
  $$ select id, name from projects where id = 1 $$;
create function out_rows(out id int, out name text) returns setof record language sql stable as
  $$ select id, name from projects order by id $$;
create function table_rows() returns table (id int, name text) language sql stable as
  $$ select id, name from projects order by id $$;
create function lone_out(out total int) language sql stable as
  $$ select count(*)::int from projects $$;
create function project_count() returns int language sql stable as
  $$ select count(*)::int from projects $$;
create function project_names() returns setof text language sql stable as
  $$ select name from projects order by id $$;
create function do_nothing() returns void language sql as $$ select $$;
create function all_projects() returns setof projects language sql stable as
  $$ select * from projects order by id $$;
create domain summary_domain as project_summary;
create domain summary_domain_domain as summary_domain;
create domain project_row as projects;
create function domain_summaries() returns setof summary_domain language sql stable as
  $$ select row(id, name)::summary_domain from projects order by id $$;
create function one_domain_summary() returns summary_domain_domain language sql stable as
  $$ select row(id, name)::summary_domain_domain from projects where id = 1 $$;
create function domain_projects() returns setof project_row language sql stable as
  $$ select p::project_row from projects p order by id $$;
grant select on all tables in schema public to anon;
`,
  },
})

/** PGRST200 as Error.hs writes it, the origin and target named. */
function noRelationship(origin: string, target: string, hint: string | null) {
  return {
    code: 'PGRST200',
    details: `Searched for a foreign key relationship between '${origin}' and '${target}' in the schema 'public', but no matches were found.`,
    hint,
    message: `Could not find a relationship between '${origin}' and '${target}' in the schema cache`,
  }
}

describe('the origin of an embed under /rpc', () => {
  it('is the composite type a function returns, set or single', async () => {
    // project_summary has no relationship: noRelBetweenHint suggests the closest origin that has
    // one (fuzzyset: 1 - 7/15 by edit distance against 'projects').
    const hint = "Perhaps you meant 'projects' instead of 'project_summary'."
    for (const fn of ['summaries', 'one_summary']) {
      const r = await rest(t.stack, `/rpc/${fn}?select=*,clients(*)`)
      expect(r.status).toBe(400)
      expect(r.json()).toEqual(noRelationship('project_summary', 'clients', hint))
    }
  })

  it('is record for OUT and TABLE parameters', async () => {
    for (const fn of ['out_rows', 'table_rows']) {
      const r = await rest(t.stack, `/rpc/${fn}?select=id,clients(name)`)
      expect(r.status).toBe(400)
      // 'record' shares no gram of three with projects or clients, and only 'ec' of two with
      // projects, whose edit distance leaves it under fuzzyset's 0.33: no hint.
      expect(r.json()).toEqual(noRelationship('record', 'clients', null))
    }
  })

  it('is the type of a lone OUT parameter, which makes a row', async () => {
    // rettype_is_composite holds for any OUT, INOUT or TABLE parameter: one object, its key the
    // parameter's name, and the returned type (int4) the origin.
    const row = await rest(t.stack, '/rpc/lone_out')
    expect(row.status).toBe(200)
    expect(row.json()).toEqual({ total: 2 })
    const r = await rest(t.stack, '/rpc/lone_out?select=*,clients(*)')
    expect(r.status).toBe(400)
    const { hint: _hint, ...body } = noRelationship('int4', 'clients', null)
    expect(r.json()).toMatchObject(body)
  })

  it('is the returned table, whose relationships embed', async () => {
    const r = await rest(t.stack, '/rpc/all_projects?select=name,clients(name)')
    expect(r.status).toBe(200)
    expect(r.json()).toEqual([
      { name: 'Windows', clients: { name: 'Microsoft' } },
      { name: 'IOS', clients: { name: 'Apple' } },
    ])
  })

  it('leaves the composite results themselves as they were', async () => {
    expect((await rest(t.stack, '/rpc/summaries?select=name&id=eq.2')).json()).toEqual([
      { name: 'IOS' },
    ])
    expect((await t.db.rpc('one_summary').select('name')).data).toEqual({ name: 'Windows' })
    expect(
      (await t.db.rpc('table_rows').select('id').order('id', { ascending: false })).data
    ).toEqual([{ id: 2 }, { id: 1 }])
  })
})

describe('an embed below a function returning scalars or nothing', () => {
  it('answers PGRST200 naming the function, as the select is planned', async () => {
    const single = await rest(t.stack, '/rpc/project_count?select=x(*)')
    expect(single.status).toBe(400)
    expect(single.json()).toEqual(
      noRelationship(
        'project_count',
        'x',
        "Perhaps you meant 'projects' instead of 'project_count'."
      )
    )
    const set = await rest(t.stack, '/rpc/project_names?select=*,clients(*)')
    expect(set.status).toBe(400)
    expect(set.json()).toEqual(
      noRelationship(
        'project_names',
        'clients',
        "Perhaps you meant 'projects' instead of 'project_names'."
      )
    )
    const none = await rest(t.stack, '/rpc/do_nothing?select=x(*)', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(none.status).toBe(400)
    expect(none.json()).toEqual(noRelationship('do_nothing', 'x', null))
  })

  it('still answers the value when the select has no embed', async () => {
    const single = await rest(t.stack, '/rpc/project_count?select=*')
    expect(single.status).toBe(200)
    expect(single.json()).toBe(2)
    expect((await t.db.rpc('project_count')).data).toBe(2)
    expect((await t.db.rpc('project_names')).data).toEqual(['Windows', 'IOS'])
    const none = await t.db.rpc('do_nothing')
    expect(none.error).toBeNull()
    expect(none.status).toBe(204)
  })
})

describe('a function returning a domain over a composite type', () => {
  // PostgREST's schema cache follows the return type through its domains to the base type
  // (base_types): the function returns that composite's rows, named by it.
  it('answers rows (or one object) of the base type, filtered and ordered', async () => {
    const set = await rest(t.stack, '/rpc/domain_summaries?select=name&order=id.desc')
    expect(set.status).toBe(200)
    expect(set.json()).toEqual([{ name: 'IOS' }, { name: 'Windows' }])
    expect((await rest(t.stack, '/rpc/domain_summaries?id=eq.1')).json()).toEqual([
      { id: 1, name: 'Windows' },
    ])
    const one = await rest(t.stack, '/rpc/one_domain_summary')
    expect(one.status).toBe(200)
    expect(one.json()).toEqual({ id: 1, name: 'Windows' })
    const csv = await rest(t.stack, '/rpc/domain_summaries', { headers: { accept: 'text/csv' } })
    expect(csv.text).toBe('id,name\n1,Windows\n2,IOS')
  })

  it('names the base type as the origin of an embed', async () => {
    const hint = "Perhaps you meant 'projects' instead of 'project_summary'."
    for (const fn of ['domain_summaries', 'one_domain_summary']) {
      const r = await rest(t.stack, `/rpc/${fn}?select=*,clients(*)`)
      expect(r.status).toBe(400)
      expect(r.json()).toEqual(noRelationship('project_summary', 'clients', hint))
    }
  })

  it('embeds from a domain over a table’s row type as from the table', async () => {
    const r = await rest(t.stack, '/rpc/domain_projects?select=name,clients(name)')
    expect(r.status).toBe(200)
    expect(r.json()).toEqual([
      { name: 'Windows', clients: { name: 'Microsoft' } },
      { name: 'IOS', clients: { name: 'Apple' } },
    ])
  })
})
