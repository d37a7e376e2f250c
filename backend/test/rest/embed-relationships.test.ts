// Which relationship an embed means, as PostgREST's findRel decides it (Plan.hs): through a foreign
// key column's name or a constraint's name, with hints (constraint, either column, junction), not
// by column or constraint to a view, and self-references (parents by the column, children by the
// table with the column as hint). The refusals are in embed-errors.test.ts.
import { describe, expect, it } from 'vitest'
import { rest } from './fixture.ts'
import { EMBED_MIGRATIONS } from './embed-schema.ts'
import { useStack } from './support.ts'

const t = useStack({ migrations: EMBED_MIGRATIONS })

const get = (path: string) => rest(t.stack, path)

describe('embedding through a foreign key column or constraint', () => {
  it('embeds by the column, with an alias and selected columns', async () => {
    const { data, error } = await t.db
      .from('projects')
      .select('id, name, client_id(id, name)')
      .in('id', [1, 3])
      .order('id')
    expect(error).toBeNull()
    expect(data).toEqual([
      { id: 1, name: 'Windows 7', client_id: { id: 1, name: 'Microsoft' } },
      { id: 3, name: 'IOS', client_id: { id: 2, name: 'Apple' } },
    ])
    const aliased = await t.db
      .from('projects')
      .select('id, client_id, client:client_id(name)')
      .eq('id', 3)
    expect(aliased.data).toEqual([{ id: 3, client_id: 2, client: { name: 'Apple' } }])
  })

  it('embeds by the constraint name, and by two columns to one table', async () => {
    const byConstraint = await get('/projects?select=id,projects_client_id_fkey(name)&id=eq.1')
    expect(byConstraint.json()).toEqual([{ id: 1, projects_client_id_fkey: { name: 'Microsoft' } }])
    const { data } = await t.db
      .from('orders')
      .select('id, billing_address_id(address), shipping(address)')
    expect(data).toEqual([
      { id: 1, billing_address_id: { address: 'address 1' }, shipping: { address: 'address 2' } },
    ])
  })

  it('takes the constraint, either column or the junction as hint', async () => {
    const { data } = await t.db
      .from('orders')
      .select('b:addresses!billing(address), s:addresses!shipping_address_id(address)')
    expect(data).toEqual([{ b: { address: 'address 1' }, s: { address: 'address 2' } }])
    const children = await get('/clients?select=id,projects!client_id(id,tasks(id))&id=eq.1')
    expect(children.json()).toEqual([
      {
        id: 1,
        projects: [
          { id: 1, tasks: [{ id: 1 }, { id: 2 }] },
          { id: 2, tasks: [{ id: 3 }] },
        ],
      },
    ])
    const junction = await get('/sites?select=name,big_projects!jobs(name)&order=site_id')
    expect(junction.json()).toEqual([
      { name: 'site 1', big_projects: [{ name: 'big project 1' }] },
      { name: 'site 2', big_projects: [{ name: 'big project 1' }] },
    ])
    const throughView = await get('/sites?select=name,big_projects!main_jobs(name)&order=site_id')
    expect(throughView.json()).toEqual([
      { name: 'site 1', big_projects: [{ name: 'big project 1' }] },
      { name: 'site 2', big_projects: [] },
    ])
  })

  it('resolves a column or the FK in place of an o2m and m2m to the same table', async () => {
    const byColumn = await get('/sites?select=name,main_project_id(name)&site_id=eq.1')
    expect(byColumn.json()).toEqual([
      { name: 'site 1', main_project_id: { name: 'big project 1' } },
    ])
    const byConstraint = await get('/sites?select=name,main_project(name)&site_id=eq.1')
    expect(byConstraint.json()).toEqual([
      { name: 'site 1', main_project: { name: 'big project 1' } },
    ])
  })

  it('does not take a column or constraint as target to a view', async () => {
    // message.sender points at person, and person_detail exposes person's key: the column names
    // the table only.
    const { data, error } = await t.db.from('message').select('id, sender(name)').order('id')
    expect(error).toBeNull()
    expect(data).toEqual([
      { id: 1, sender: { name: 'John' } },
      { id: 2, sender: { name: 'Jane' } },
    ])
    const view = await t.db.from('message').select('id, person_detail!sender(name)').eq('id', 2)
    expect(view.data).toEqual([{ id: 2, person_detail: { name: 'Jane' } }])
    const parent = await get(
      '/tasks?select=id,project:projects_view!project_id(name,client:client_id(name))&id=eq.1'
    )
    expect(parent.json()).toEqual([
      { id: 1, project: { name: 'Windows 7', client: { name: 'Microsoft' } } },
    ])
  })
})

describe('self-references', () => {
  it('embeds parents by the column and children by the table, with the column as hint', async () => {
    const parents = await get(
      '/family_tree?id=in.(3,4)&select=id,parent(id,name,parent(*))&order=id'
    )
    expect(parents.json()).toEqual([
      { id: '3', parent: { id: '1', name: 'Parental Unit', parent: null } },
      {
        id: '4',
        parent: {
          id: '2',
          name: 'Kid One',
          parent: { id: '1', name: 'Parental Unit', parent: null },
        },
      },
    ])
    const { data } = await t.db
      .from('family_tree')
      .select('id, children:family_tree!parent(id, children:family_tree!parent(id))')
      .eq('id', '1')
    expect(data).toEqual([
      {
        id: '1',
        children: [
          { id: '2', children: [{ id: '4' }] },
          { id: '3', children: [] },
        ],
      },
    ])
  })

  it('embeds two self-references each way', async () => {
    const parents = await get('/organizations?select=name,referee(name),auditor(name)&id=eq.3')
    expect(parents.json()).toEqual([
      { name: 'Acme', referee: { name: 'Referee Org' }, auditor: { name: 'Auditor Org' } },
    ])
    const { data } = await t.db
      .from('organizations')
      .select('name, refereeds:organizations!referee(name), auditees:organizations!auditor(name)')
      .in('id', [1, 2])
      .order('id')
    expect(data).toEqual([
      { name: 'Referee Org', refereeds: [{ name: 'Acme' }, { name: 'Umbrella' }], auditees: [] },
      { name: 'Auditor Org', refereeds: [], auditees: [{ name: 'Acme' }, { name: 'Umbrella' }] },
    ])
  })
})
