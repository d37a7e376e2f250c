import { describe, expect, it } from 'vitest'
import { parseRequest } from '../parse/request.ts'
import { planRequest } from '../plan/plan.ts'
import { buildSchemaCache } from '../schema/build.ts'
import type { RawColumn } from '../schema/build.ts'
import { render } from './fragment.ts'
import { callStatements, mutationStatements, readStatements } from './statements.ts'

const column = (
  oid: number,
  position: number,
  name: string,
  type = 'integer',
  extra: Partial<RawColumn> = {}
): RawColumn => ({
  oid,
  name,
  position,
  type,
  base_type: type === 'integer' ? 'int4' : type === 'bigint' ? 'int8' : 'text',
  category: type === 'text' ? 'S' : 'N',
  nullable: true,
  default: null,
  max_length: null,
  enum_values: null,
  description: null,
  generated: false,
  ...extra,
})

const cache = buildSchemaCache({
  schemas: ['public'],
  relations: [
    {
      oid: 1,
      schema: 'public',
      name: 'films',
      kind: 'r',
      description: null,
      insertable: true,
      updatable: true,
      deletable: true,
    },
    {
      oid: 2,
      schema: 'public',
      name: 'directors',
      kind: 'r',
      description: null,
      insertable: true,
      updatable: true,
      deletable: true,
    },
  ],
  columns: [
    column(1, 1, 'id', 'bigint', { default: "nextval('public.films_id_seq'::regclass)" }),
    column(1, 2, 'title', 'text'),
    column(1, 3, 'director_id', 'bigint'),
    column(2, 1, 'id', 'bigint'),
    column(2, 2, 'name', 'text'),
  ],
  constraints: [
    {
      name: 'films_pkey',
      type: 'p',
      oid: 1,
      foreign_oid: 0,
      column_nums: [1],
      foreign_column_nums: null,
    },
    {
      name: 'directors_pkey',
      type: 'p',
      oid: 2,
      foreign_oid: 0,
      column_nums: [1],
      foreign_column_nums: null,
    },
    {
      name: 'films_director_id_fkey',
      type: 'f',
      oid: 1,
      foreign_oid: 2,
      column_nums: [3],
      foreign_column_nums: [1],
    },
  ],
  views: [],
  routines: [
    {
      oid: 10,
      schema: 'public',
      name: 'add_them',
      description: null,
      volatility: 'i',
      set_of: false,
      n_defaults: 0,
      return_type: 'integer',
      return_base_type: 'int4',
      return_typtype: 'b',
      return_schema: null,
      return_relation: null,
      return_columns: null,
      rows: 0,
      arg_relation: null,
      arg_names: ['a', 'b'],
      arg_modes: null,
      arg_types: ['integer', 'integer'],
    },
  ],
})

function plan(
  method: string,
  path: string,
  query: string,
  headers: Record<string, string> = {},
  body?: string
) {
  const req = parseRequest(
    { method, path, query, headers, body: body === undefined ? undefined : Buffer.from(body) },
    ['public']
  )
  return planRequest(req, cache, { maxRows: 1000, aggregatesEnabled: true, planEnabled: false })
}

const GUCS =
  "nullif(current_setting('response.headers', true), '') AS response_headers, nullif(current_setting('response.status', true), '') AS response_status"

describe('read statements', () => {
  it('a filtered, ordered, limited read', () => {
    const p = plan('GET', '/films', 'select=id,title&id=gt.1&order=title.desc.nullslast&limit=5')
    if (p.kind !== 'read') throw new Error('not a read')
    expect(render(readStatements(p).main)).toEqual({
      text: `WITH pgrst_t AS (SELECT "films"."id" AS "id", "films"."title" AS "title" FROM "public"."films" AS "films" WHERE "films"."id" > $1 ORDER BY "films"."title" DESC NULLS LAST LIMIT $2) SELECT NULL::int8 AS total, count(*) AS page_total, coalesce(json_agg(pgrst_t), '[]')::text AS body, ${GUCS} FROM pgrst_t`,
      values: [
        { value: '1', type: 'unknown' },
        { value: '5', type: 'unknown' },
      ],
    })
  })

  it('an embed through a foreign key, with an exact count', () => {
    const p = plan(
      'GET',
      '/films',
      'select=title,director:directors!inner(name)&director.name=eq.X',
      {
        prefer: 'count=exact',
      }
    )
    if (p.kind !== 'read') throw new Error('not a read')
    const lateral =
      'LEFT JOIN LATERAL (SELECT (SELECT row_to_json("pgrst_row_3") FROM (SELECT "directors_1"."name" AS "name") AS "pgrst_row_3") AS pgrst_body FROM "public"."directors" AS "directors_1" WHERE "directors_1"."id" = "films"."director_id" AND "directors_1"."name" = $1) AS "pgrst_2" ON TRUE'
    const countLateral = lateral.replace('$1', '$3')
    expect(render(readStatements(p).main)).toEqual({
      text: `WITH pgrst_t AS (SELECT "films"."title" AS "title", "pgrst_2".pgrst_body AS "director" FROM "public"."films" AS "films" ${lateral} WHERE "pgrst_2"."pgrst_body" IS NOT NULL LIMIT $2) SELECT (SELECT count(*) FROM (SELECT 1 FROM "public"."films" AS "films" ${countLateral} WHERE "pgrst_2"."pgrst_body" IS NOT NULL) AS pgrst_c) AS total, count(*) AS page_total, coalesce(json_agg(pgrst_t), '[]')::text AS body, ${GUCS} FROM pgrst_t`,
      values: [
        { value: 'X', type: 'unknown' },
        { value: '1000', type: 'unknown' },
        { value: 'X', type: 'unknown' },
      ],
    })
  })

  it('a to-many embed with in, json paths and a cast', () => {
    const p = plan(
      'GET',
      '/directors',
      'select=name::text,films(meta:title->>"it\'s")&id=in.(1,"2,3")&films.order=id'
    )
    if (p.kind !== 'read') throw new Error('not a read')
    const { text, values } = render(readStatements(p).main)
    expect(text).toContain('CAST("directors"."name" AS text) AS "name"')
    expect(text).toContain(
      `LEFT JOIN LATERAL (SELECT json_agg("pgrst_row_3") AS pgrst_body FROM (SELECT "films_1"."title"->>E'it''s' AS "meta" FROM "public"."films" AS "films_1" WHERE "films_1"."director_id" = "directors"."id" ORDER BY "films_1"."id") AS "pgrst_row_3") AS "pgrst_2" ON TRUE`
    )
    expect(text).toContain(`COALESCE("pgrst_2".pgrst_body, '[]'::json) AS "films"`)
    expect(text).toContain('WHERE "directors"."id" = ANY($1)')
    expect(values[0]).toEqual({ value: '{"1","2,3"}', type: 'unknown' })
  })

  it('values never reach the SQL text', () => {
    const p = plan(
      'GET',
      '/films',
      "title=eq.'%3B drop table films%3B --&or=(title.like.*x*,id.in.(1,2))"
    )
    if (p.kind !== 'read') throw new Error('not a read')
    const { text, values } = render(readStatements(p).main)
    expect(text).not.toContain('drop table')
    expect(values.map((v) => v.value)).toEqual([
      "'; drop table films; --",
      '%x%',
      '{"1","2"}',
      '1000',
    ])
  })
})

describe('mutation statements', () => {
  it('a bulk insert reading the body with json_to_recordset', () => {
    const p = plan(
      'POST',
      '/films',
      'columns="title","director_id"',
      { prefer: 'return=representation' },
      '[{"title":"a"}]'
    )
    if (p.kind !== 'mutation') throw new Error('not a mutation')
    expect(render(mutationStatements(p).main)).toEqual({
      text: `WITH pgrst_source AS (INSERT INTO "public"."films" AS "films" ("title", "director_id") SELECT pgrst_body."title", pgrst_body."director_id" FROM json_to_recordset($1::json) AS "pgrst_body"("title" text, "director_id" bigint) RETURNING "films".*), pgrst_t AS (SELECT "films"."id" AS "id", "films"."title" AS "title", "films"."director_id" AS "director_id" FROM pgrst_source AS "films") SELECT (SELECT count(*) FROM pgrst_source) AS total, count(*) AS page_total, coalesce(json_agg(pgrst_t), '[]')::text AS body, NULL::text AS location, NULL::int8 AS inserted, ${GUCS} FROM pgrst_t`,
      values: [{ value: '[{"title":"a"}]', type: 'text' }],
    })
  })

  it('an upsert with missing=default and the insert tracking', () => {
    const p = plan(
      'POST',
      '/films',
      '',
      { prefer: 'resolution=merge-duplicates, missing=default' },
      '{"id":1,"title":"a"}'
    )
    if (p.kind !== 'mutation') throw new Error('not a mutation')
    const { text } = render(mutationStatements(p).main)
    expect(text).toContain(
      `jsonb_to_recordset((SELECT coalesce(jsonb_agg(jsonb_build_object(E'id', nextval('public.films_id_seq'::regclass)) || pgrst_elem), '[]'::jsonb) FROM jsonb_array_elements(json_build_array($1::json)::jsonb) AS pgrst_elem))`
    )
    expect(text).toContain(
      'ON CONFLICT ("id") DO UPDATE SET "id" = EXCLUDED."id", "title" = EXCLUDED."title" RETURNING 1, ("films".xmax = 0) AS pgrst_inserted'
    )
  })

  it('an update and a delete with filters', () => {
    const u = plan('PATCH', '/films', 'id=eq.1', {}, '{"title":"b"}')
    if (u.kind !== 'mutation') throw new Error('not a mutation')
    expect(render(mutationStatements(u).main).text).toContain(
      'UPDATE "public"."films" AS "films" SET "title" = pgrst_body."title" FROM (SELECT * FROM json_to_recordset(json_build_array($1::json)) AS "pgrst_rec"("title" text) LIMIT 1) AS pgrst_body WHERE "films"."id" = $2 RETURNING 1'
    )
    const d = plan('DELETE', '/films', 'title=like.a*')
    if (d.kind !== 'mutation') throw new Error('not a mutation')
    expect(render(mutationStatements(d).main)).toMatchObject({
      values: [{ value: 'a%', type: 'unknown' }],
    })
    expect(render(mutationStatements(d).main).text).toContain(
      'DELETE FROM "public"."films" AS "films" WHERE "films"."title" LIKE $1 RETURNING 1'
    )
    // The rows come back only when the answer shows them.
    const shown = plan('DELETE', '/films', 'title=like.a*', { prefer: 'return=representation' })
    if (shown.kind !== 'mutation') throw new Error('not a mutation')
    expect(render(mutationStatements(shown).main).text).toContain('LIKE $1 RETURNING "films".*')
  })

  it('refuses an UPDATE or DELETE without filters (pg-safeupdate)', () => {
    expect(() => plan('DELETE', '/films', '')).toThrow('DELETE requires a WHERE clause')
    expect(() => plan('PATCH', '/films', 'select=id', {}, '{"title":"x"}')).toThrow(
      'UPDATE requires a WHERE clause'
    )
  })
})

describe('call statements', () => {
  it('named arguments through json_to_record', () => {
    const p = plan('POST', '/rpc/add_them', '', {}, '{"a":1,"b":2}')
    if (p.kind !== 'call') throw new Error('not a call')
    expect(render(callStatements(p).main)).toEqual({
      text: `WITH pgrst_source AS (SELECT "public"."add_them"("a" := pgrst_args."a", "b" := pgrst_args."b") AS pgrst_scalar FROM json_to_record($1::json) AS pgrst_args("a" integer, "b" integer)) SELECT NULL::int8 AS total, count(*) AS page_total, (array_agg(to_json(pgrst_source.pgrst_scalar)::text))[1] AS body, ${GUCS} FROM pgrst_source`,
      values: [{ value: '{"a":1,"b":2}', type: 'text' }],
    })
  })

  it('GET arguments are untyped literals cast to the parameter types (PostgREST fmtArgs)', () => {
    const p = plan('GET', '/rpc/add_them', 'b=2&a=1')
    if (p.kind !== 'call') throw new Error('not a call')
    const rendered = render(callStatements(p).main)
    expect(rendered.text).toContain('"public"."add_them"("a" := $1::integer, "b" := $2::integer)')
    expect(rendered.values.slice(0, 2)).toEqual([
      { value: '1', type: 'unknown' },
      { value: '2', type: 'unknown' },
    ])
    expect(p.readOnly).toBe(true)
  })
})
