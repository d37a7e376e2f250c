// PostgREST's refusals of an embed, byte for byte as Error.hs writes them: PGRST201 (300) listing
// the candidates in PostgREST's order with their cardinality, embedding and relationship, and the
// hint naming each as 'table!constraint' (or junction); PGRST200 (400) with the hint suggesting a
// close foreign table of the origin, or a close origin when it has no relationship at all.
import { describe, expect, it } from 'vitest'
import { rest } from './fixture.ts'
import { EMBED_MIGRATIONS, refusal as refusalOf } from './embed-schema.ts'
import { useStack } from './support.ts'

const t = useStack({ migrations: EMBED_MIGRATIONS })

const get = (path: string) => rest(t.stack, path)
const refusal = (path: string) => refusalOf(t.stack, path)

describe('refused targets', () => {
  it('refuses a column or constraint as target when a hint is given', async () => {
    const answer = await refusal('/projects?select=client_id!projects_client_id_fkey(*)')
    expect(answer.status).toBe(400)
    expect(answer.text).toBe(
      JSON.stringify({
        code: 'PGRST200',
        details:
          "Searched for a foreign key relationship between 'projects' and 'client_id' using the hint 'projects_client_id_fkey' in the schema 'public', but no matches were found.",
        hint: "Perhaps you meant 'clients' instead of 'client_id'.",
        message:
          "Could not find a relationship between 'projects' and 'client_id' in the schema cache",
      })
    )
  })

  it('lists both one-to-many self-references when the table alone is named', async () => {
    const answer = await refusal('/organizations?select=organizations(*)')
    expect(answer.status).toBe(300)
    expect(answer.text).toBe(
      JSON.stringify({
        code: 'PGRST201',
        details: [
          {
            cardinality: 'one-to-many',
            embedding: 'organizations with organizations',
            relationship:
              'organizations_auditor_fkey using organizations(id) and organizations(auditor)',
          },
          {
            cardinality: 'one-to-many',
            embedding: 'organizations with organizations',
            relationship:
              'organizations_referee_fkey using organizations(id) and organizations(referee)',
          },
        ],
        hint: "Try changing 'organizations' to one of the following: 'organizations!organizations_auditor_fkey', 'organizations!organizations_referee_fkey'. Find the desired relationship in the 'details' key.",
        message:
          "Could not embed because more than one relationship was found for 'organizations' and 'organizations'",
      })
    )
  })

  it('does not take the constraint name for a self-reference, as target or as hint', async () => {
    const asHint = await refusal('/family_tree?select=family_tree!family_tree_parent_fkey(*)')
    expect(asHint.status).toBe(400)
    expect(asHint.body).toEqual({
      code: 'PGRST200',
      details:
        "Searched for a foreign key relationship between 'family_tree' and 'family_tree' using the hint 'family_tree_parent_fkey' in the schema 'public', but no matches were found.",
      hint: null,
      message:
        "Could not find a relationship between 'family_tree' and 'family_tree' in the schema cache",
    })
    const asTarget = await refusal('/family_tree?select=family_tree_parent_fkey(*)')
    expect(asTarget.status).toBe(400)
    expect(asTarget.body).toEqual({
      code: 'PGRST200',
      details:
        "Searched for a foreign key relationship between 'family_tree' and 'family_tree_parent_fkey' in the schema 'public', but no matches were found.",
      hint: "Perhaps you meant 'family_tree' instead of 'family_tree_parent_fkey'.",
      message:
        "Could not find a relationship between 'family_tree' and 'family_tree_parent_fkey' in the schema cache",
    })
  })
})

describe('PGRST201: more than one relationship', () => {
  it('lists the many-to-one before the many-to-many ones, byte for byte', async () => {
    const answer = await refusal('/sites?select=*,big_projects(*)')
    expect(answer.status).toBe(300)
    expect(answer.length).toBe('828')
    expect(answer.text).toBe(
      JSON.stringify({
        code: 'PGRST201',
        details: [
          {
            cardinality: 'many-to-one',
            embedding: 'sites with big_projects',
            relationship:
              'main_project using sites(main_project_id) and big_projects(big_project_id)',
          },
          {
            cardinality: 'many-to-many',
            embedding: 'sites with big_projects',
            relationship:
              'jobs using jobs_site_id_fkey(site_id) and jobs_big_project_id_fkey(big_project_id)',
          },
          {
            cardinality: 'many-to-many',
            embedding: 'sites with big_projects',
            relationship:
              'main_jobs using jobs_site_id_fkey(site_id) and jobs_big_project_id_fkey(big_project_id)',
          },
        ],
        hint: "Try changing 'big_projects' to one of the following: 'big_projects!main_project', 'big_projects!jobs', 'big_projects!main_jobs'. Find the desired relationship in the 'details' key.",
        message:
          "Could not embed because more than one relationship was found for 'sites' and 'big_projects'",
      })
    )
  })

  it('lists a one-to-many before a many-to-one, each with its own side first', async () => {
    const { error, status } = await t.db.from('agents').select('*, departments(*)')
    expect(status).toBe(300)
    expect(error).toEqual({
      code: 'PGRST201',
      details: [
        {
          cardinality: 'one-to-many',
          embedding: 'agents with departments',
          relationship: 'departments_head_id_fkey using agents(id) and departments(head_id)',
        },
        {
          cardinality: 'many-to-one',
          embedding: 'agents with departments',
          relationship: 'agents_department_id_fkey using agents(department_id) and departments(id)',
        },
      ],
      hint: "Try changing 'departments' to one of the following: 'departments!departments_head_id_fkey', 'departments!agents_department_id_fkey'. Find the desired relationship in the 'details' key.",
      message:
        "Could not embed because more than one relationship was found for 'agents' and 'departments'",
    })
  })

  it('lists two one-to-one relationships', async () => {
    const answer = await refusal('/first?select=second(*)')
    expect(answer.status).toBe(300)
    expect(answer.body).toEqual({
      code: 'PGRST201',
      details: [
        {
          cardinality: 'one-to-one',
          embedding: 'first with second',
          relationship: 'first_second_id_1_fkey using first(second_id_1) and second(id)',
        },
        {
          cardinality: 'one-to-one',
          embedding: 'first with second',
          relationship: 'first_second_id_2_fkey using first(second_id_2) and second(id)',
        },
      ],
      hint: "Try changing 'second' to one of the following: 'second!first_second_id_1_fkey', 'second!first_second_id_2_fkey'. Find the desired relationship in the 'details' key.",
      message:
        "Could not embed because more than one relationship was found for 'first' and 'second'",
    })
  })

  it('lists one relationship per view column naming the same key column', async () => {
    const answer = await refusal('/copies_view?select=*,originals(*)')
    expect(answer.status).toBe(300)
    expect(answer.body).toEqual({
      code: 'PGRST201',
      details: [
        {
          cardinality: 'many-to-one',
          embedding: 'copies_view with originals',
          relationship: 'copies_original_id_fkey using copies_view(first_ref) and originals(id)',
        },
        {
          cardinality: 'many-to-one',
          embedding: 'copies_view with originals',
          relationship: 'copies_original_id_fkey using copies_view(second_ref) and originals(id)',
        },
      ],
      hint: "Try changing 'originals' to one of the following: 'originals!copies_original_id_fkey', 'originals!copies_original_id_fkey'. Find the desired relationship in the 'details' key.",
      message:
        "Could not embed because more than one relationship was found for 'copies_view' and 'originals'",
    })
    const named = await get('/copies_view?select=id,originals!second_ref(name)')
    expect(named.json()).toEqual([{ id: 10, originals: { name: 'one' } }])
  })

  it('names the foreign table in the hint when a referenced column is the hint', async () => {
    const answer = await refusal('/orders?select=addresses!id(*)')
    expect(answer.status).toBe(300)
    expect(answer.body).toMatchObject({
      hint: "Try changing 'addresses' to one of the following: 'addresses!billing', 'addresses!shipping'. Find the desired relationship in the 'details' key.",
    })
  })
})

describe('PGRST200: no relationship', () => {
  it('suggests a close foreign table of the origin, and none for an exact one', async () => {
    const { error, status } = await t.db.from('projects').select('*, clientz(*)')
    expect(status).toBe(400)
    expect(error).toEqual({
      code: 'PGRST200',
      details:
        "Searched for a foreign key relationship between 'projects' and 'clientz' in the schema 'public', but no matches were found.",
      hint: "Perhaps you meant 'clients' instead of 'clientz'.",
      message: "Could not find a relationship between 'projects' and 'clientz' in the schema cache",
    })
    const exact = await refusal('/projects?select=clients!tasks_project_id_fkey(*)')
    expect(exact.body).toEqual({
      code: 'PGRST200',
      details:
        "Searched for a foreign key relationship between 'projects' and 'clients' using the hint 'tasks_project_id_fkey' in the schema 'public', but no matches were found.",
      hint: null,
      message: "Could not find a relationship between 'projects' and 'clients' in the schema cache",
    })
  })

  it('suggests no foreign table when the target is one but for case (fuzzyset scores it 1)', async () => {
    // findRel compares names exactly, so Projects finds nothing; fuzzyset answers the exact
    // match alone, with score 1, and noRelBetweenHint leaves out a match of score 1: no hint,
    // though projects_view is close too.
    const exact = await refusal('/clients?select=Projects(*)')
    expect(exact.status).toBe(400)
    expect(exact.body).toEqual({
      code: 'PGRST200',
      details:
        "Searched for a foreign key relationship between 'clients' and 'Projects' in the schema 'public', but no matches were found.",
      hint: null,
      message: "Could not find a relationship between 'clients' and 'Projects' in the schema cache",
    })
    // A near miss: the best of clients' foreign tables (projects, 1 - 1/9, over projects_view).
    const near = await refusal('/clients?select=projectss(*)')
    expect(near.body).toMatchObject({
      hint: "Perhaps you meant 'projects' instead of 'projectss'.",
    })
  })

  it('suggests a close origin when the origin has no relationship at all', async () => {
    const answer = await refusal('/projectz?select=clients(*)')
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({
      code: 'PGRST200',
      details:
        "Searched for a foreign key relationship between 'projectz' and 'clients' in the schema 'public', but no matches were found.",
      hint: "Perhaps you meant 'projects' instead of 'projectz'.",
      message: "Could not find a relationship between 'projectz' and 'clients' in the schema cache",
    })
  })

  it('suggests nothing for an origin whose only relationship runs through a hidden junction', async () => {
    // screens-labels go through private.labelings: PostgREST drops the relationship but keeps
    // its key, so screens is an origin with no candidates (and screenz is not suggested).
    const answer = await refusal('/screens?select=labels(*)')
    expect(answer.body).toEqual({
      code: 'PGRST200',
      details:
        "Searched for a foreign key relationship between 'screens' and 'labels' in the schema 'public', but no matches were found.",
      hint: null,
      message: "Could not find a relationship between 'screens' and 'labels' in the schema cache",
    })
  })

  it("names the function's table as the origin under /rpc", async () => {
    const answer = await refusal('/rpc/all_projects?select=*,nope(*)')
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({
      code: 'PGRST200',
      details:
        "Searched for a foreign key relationship between 'projects' and 'nope' in the schema 'public', but no matches were found.",
      hint: null,
      message: "Could not find a relationship between 'projects' and 'nope' in the schema cache",
    })
    const embedded = await get('/rpc/all_projects?select=name,client_id(name)&id=eq.3')
    expect(embedded.json()).toEqual([{ name: 'IOS', client_id: { name: 'Apple' } }])
  })
})
