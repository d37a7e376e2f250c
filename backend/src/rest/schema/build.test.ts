import { describe, expect, it } from 'vitest'
import { RestError } from '../errors.ts'
import { findRelationship } from '../plan/relationships.ts'
import { buildSchemaCache } from './build.ts'
import type { RawColumn, RawConstraint, RawRelation } from './build.ts'
import { relationshipsOf } from './types.ts'
import { viewColumnSources } from './view-columns.ts'

// A view `create view v as select id as ident, j->>'a' as a, arr from t` as PostgreSQL 17 stores it
// (t has oid 16869 here).
const ACTION =
  `({QUERY :commandType 1 :querySource 0 :canSetTag true :utilityStmt <> :resultRelation 0 :rtable ({RANGETBLENTRY :alias <> :eref {ALIAS :aliasname t :colnames ("id" "arr" "j")} :rtekind 0 :relid 16869 :inh true :relkind r}) ` +
  `:targetList ({TARGETENTRY :expr {VAR :varno 1 :varattno 1 :vartype 23} :resno 1 :resname ident :ressortgroupref 0 :resorigtbl 16869 :resorigcol 1 :resjunk false} ` +
  `{TARGETENTRY :expr {OPEXPR :opno 3477 :args ({VAR :varno 1 :varattno 3} {CONST :consttype 25 :constisnull false :location -1 :constvalue 5 [ 20 0 0 0 97 ]}) :location -1} :resno 2 :resname a :ressortgroupref 0 :resorigtbl 0 :resorigcol 0 :resjunk false} ` +
  `{TARGETENTRY :expr {VAR :varno 1 :varattno 2 :vartype 1007} :resno 3 :resname my\\ arr :ressortgroupref 0 :resorigtbl 16869 :resorigcol 2 :resjunk false}) :override 0 :onConflict <>})`

describe('view columns', () => {
  it('reads each view column back to its base column', () => {
    expect(viewColumnSources(ACTION)).toEqual([
      { position: 1, name: 'ident', sourceOid: 16869, sourceColumn: 1 },
      { position: 2, name: 'a', sourceOid: 0, sourceColumn: 0 },
      { position: 3, name: 'my arr', sourceOid: 16869, sourceColumn: 2 },
    ])
  })

  it('survives junk', () => {
    expect(viewColumnSources('')).toEqual([])
    expect(viewColumnSources('({QUERY :targetList <>})')).toEqual([])
    expect(viewColumnSources('(((')).toEqual([])
  })
})

const rel = (oid: number, name: string, kind = 'r'): RawRelation => ({
  oid,
  schema: 'public',
  name,
  kind,
  description: null,
  insertable: true,
  updatable: true,
  deletable: true,
})
const col = (oid: number, position: number, name: string): RawColumn => ({
  oid,
  name,
  position,
  type: 'integer',
  base_type: 'int4',
  category: 'N',
  nullable: true,
  default: null,
  max_length: null,
  enum_values: null,
  description: null,
  generated: false,
})
const pk = (oid: number, name: string, cols: number[]): RawConstraint => ({
  name,
  type: 'p',
  oid,
  foreign_oid: 0,
  column_nums: cols,
  foreign_column_nums: null,
})
const fk = (
  name: string,
  oid: number,
  cols: number[],
  foreign: number,
  fcols: number[]
): RawConstraint => ({
  name,
  type: 'f',
  oid,
  foreign_oid: foreign,
  column_nums: cols,
  foreign_column_nums: fcols,
})

// films(id, director_id -> directors), directors(id), actors(id), roles(film_id, actor_id) with
// pk (film_id, actor_id), people(id, parent_id -> people), addresses(id),
// clients(id, billing -> addresses, shipping -> addresses), profiles(id -> people, unique),
// film_view over films exposing director_id as dir.
const FILM_VIEW =
  `({QUERY :targetList ({TARGETENTRY :resno 1 :resname id :resorigtbl 1 :resorigcol 1 :resjunk false} ` +
  `{TARGETENTRY :resno 2 :resname dir :resorigtbl 1 :resorigcol 2 :resjunk false})})`
const cache = buildSchemaCache({
  schemas: ['public'],
  relations: [
    rel(1, 'films'),
    rel(2, 'directors'),
    rel(3, 'actors'),
    rel(4, 'roles'),
    rel(5, 'people'),
    rel(6, 'addresses'),
    rel(7, 'clients'),
    rel(8, 'profiles'),
    rel(9, 'film_view', 'v'),
  ],
  columns: [
    col(1, 1, 'id'),
    col(1, 2, 'director_id'),
    col(2, 1, 'id'),
    col(3, 1, 'id'),
    col(4, 1, 'film_id'),
    col(4, 2, 'actor_id'),
    col(5, 1, 'id'),
    col(5, 2, 'parent_id'),
    col(6, 1, 'id'),
    col(7, 1, 'id'),
    col(7, 2, 'billing'),
    col(7, 3, 'shipping'),
    col(8, 1, 'id'),
    col(9, 1, 'id'),
    col(9, 2, 'dir'),
  ],
  constraints: [
    pk(1, 'films_pkey', [1]),
    pk(2, 'directors_pkey', [1]),
    pk(3, 'actors_pkey', [1]),
    pk(4, 'roles_pkey', [1, 2]),
    pk(5, 'people_pkey', [1]),
    pk(6, 'addresses_pkey', [1]),
    pk(7, 'clients_pkey', [1]),
    pk(8, 'profiles_pkey', [1]),
    fk('films_director_id_fkey', 1, [2], 2, [1]),
    fk('roles_film_id_fkey', 4, [1], 1, [1]),
    fk('roles_actor_id_fkey', 4, [2], 3, [1]),
    fk('people_parent_id_fkey', 5, [2], 5, [1]),
    fk('billing', 7, [2], 6, [1]),
    fk('shipping', 7, [3], 6, [1]),
    fk('profiles_id_fkey', 8, [1], 5, [1]),
  ],
  views: [{ oid: 9, action: FILM_VIEW }],
  routines: [],
})

const find = (origin: string, target: string, hint?: string) =>
  findRelationship(cache, { schema: 'public', name: origin }, target, hint, 'public')

/** The RestError finding the relationship throws. */
function refusal(origin: string, target: string): RestError {
  try {
    find(origin, target)
  } catch (error) {
    if (error instanceof RestError) return error
    throw error
  }
  throw new Error('expected a RestError')
}

describe('relationships', () => {
  it('derives many-to-one, one-to-many and many-to-many', () => {
    expect(find('films', 'directors')).toMatchObject({
      cardinality: 'm2o',
      columns: [['director_id', 'id']],
    })
    expect(find('directors', 'films')).toMatchObject({
      cardinality: 'o2m',
      columns: [['id', 'director_id']],
    })
    expect(find('films', 'actors')).toMatchObject({
      cardinality: 'm2m',
      junction: {
        table: { schema: 'public', name: 'roles' },
        sourceColumns: [['id', 'film_id']],
        targetColumns: [['actor_id', 'id']],
      },
    })
  })

  it('embeds by FK column or constraint name', () => {
    expect(find('films', 'director_id')).toMatchObject({ cardinality: 'm2o' })
    expect(find('films', 'films_director_id_fkey')).toMatchObject({ cardinality: 'm2o' })
  })

  it('tells a self-reference apart: table name is one-to-many, FK column many-to-one', () => {
    expect(find('people', 'people')).toMatchObject({ cardinality: 'o2m' })
    expect(find('people', 'parent_id')).toMatchObject({ cardinality: 'm2o' })
  })

  it('sees one-to-one when the FK columns are a key', () => {
    expect(find('profiles', 'people')).toMatchObject({ cardinality: 'o2o' })
    expect(find('people', 'profiles')).toMatchObject({ cardinality: 'o2o', isParent: true })
  })

  it('carries keys and foreign keys over to views', () => {
    expect(cache.relations.get('public\u0000film_view')?.primaryKey).toEqual(['id'])
    expect(find('film_view', 'directors')).toMatchObject({
      cardinality: 'm2o',
      columns: [['dir', 'id']],
    })
    expect(find('directors', 'film_view')).toMatchObject({ cardinality: 'o2m' })
  })

  it('reports ambiguity with PGRST201 and resolves it with a hint', () => {
    const error = refusal('clients', 'addresses')
    expect(error.status).toBe(300)
    expect(error.body).toEqual({
      code: 'PGRST201',
      details: [
        {
          cardinality: 'many-to-one',
          embedding: 'clients with addresses',
          relationship: 'billing using clients(billing) and addresses(id)',
        },
        {
          cardinality: 'many-to-one',
          embedding: 'clients with addresses',
          relationship: 'shipping using clients(shipping) and addresses(id)',
        },
      ],
      hint: "Try changing 'addresses' to one of the following: 'addresses!billing', 'addresses!shipping'. Find the desired relationship in the 'details' key.",
      message:
        "Could not embed because more than one relationship was found for 'clients' and 'addresses'",
    })
    expect(find('clients', 'addresses', 'shipping')).toMatchObject({ constraint: 'shipping' })
    expect(find('clients', 'addresses', 'billing')).toMatchObject({ constraint: 'billing' })
  })

  it('reports a missing relationship with PGRST200 and a suggestion', () => {
    const error = refusal('films', 'directorz')
    expect(error.body).toEqual({
      code: 'PGRST200',
      details:
        "Searched for a foreign key relationship between 'films' and 'directorz' in the schema 'public', but no matches were found.",
      hint: "Perhaps you meant 'directors' instead of 'directorz'.",
      message: "Could not find a relationship between 'films' and 'directorz' in the schema cache",
    })
  })

  it('keys relationships by the foreign schema', () => {
    expect(relationshipsOf(cache, { schema: 'public', name: 'films' }, 'other')).toEqual([])
  })
})
