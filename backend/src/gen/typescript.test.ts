import { describe, expect, it } from 'vitest'
import { renderTypescript } from './typescript.ts'
import type { Catalog, CatalogColumn, CatalogFunction } from './catalog-types.ts'

const column = (
  relationId: number,
  name: string,
  type: string,
  more: Partial<CatalogColumn> = {}
) =>
  ({
    relationId,
    name,
    type,
    nullable: false,
    hasDefault: false,
    identity: null,
    updatable: true,
    ...more,
  }) satisfies CatalogColumn

const fn = (name: string, more: Partial<CatalogFunction>): CatalogFunction => ({
  schema: 'public',
  name,
  args: [],
  returnType: 'void',
  returnRelationId: null,
  returnsSet: false,
  ...more,
})

const catalog: Catalog = {
  schemas: ['public', 'extra'],
  relations: [
    { id: 1, schema: 'public', name: 'notes', kind: 'table', updatable: false },
    { id: 2, schema: 'public', name: 'tags', kind: 'table', updatable: false },
    { id: 3, schema: 'public', name: 'note_view', kind: 'view', updatable: true },
  ],
  columns: [
    column(1, 'id', 'int8', { identity: 'ALWAYS' }),
    column(1, 'body', 'text'),
    column(1, 'mood', 'mood', { nullable: true }),
    column(1, 'created_at', 'timestamptz', { hasDefault: true }),
    column(1, 'labels', '_text', { nullable: true }),
    column(1, 'meta', 'jsonb', { hasDefault: true }),
    column(2, 'note_id', 'int8'),
    column(2, 'owner', 'uuid'),
    column(3, 'id', 'int8', { nullable: true, updatable: false }),
    column(3, 'body', 'text', { nullable: true }),
  ],
  relationships: [
    {
      name: 'tags_note_id_fkey',
      schema: 'public',
      relation: 'tags',
      columns: ['note_id'],
      referencedSchema: 'public',
      referencedRelation: 'notes',
      referencedColumns: ['id'],
      oneToOne: true,
    },
    {
      name: 'tags_owner_fkey',
      schema: 'public',
      relation: 'tags',
      columns: ['owner'],
      referencedSchema: 'auth',
      referencedRelation: 'users',
      referencedColumns: ['id'],
      oneToOne: false,
    },
  ],
  functions: [
    fn('ping', { returnType: 'text' }),
    fn('latest', { returnType: 'notes', returnRelationId: 1, returnsSet: true }),
    fn('note_stats', {
      args: [
        { name: 'p_since', mode: 'in', type: 'timestamptz', hasDefault: true },
        { name: 'total', mode: 'table', type: 'int8', hasDefault: false },
        { name: 'average', mode: 'table', type: 'float8', hasDefault: false },
      ],
      returnType: 'record',
      returnsSet: true,
    }),
    fn('add', {
      args: [{ name: 'a', mode: 'in', type: 'int4', hasDefault: false }],
      returnType: 'int4',
    }),
    fn('add', {
      args: [{ name: 'a', mode: 'in', type: 'text', hasDefault: false }],
      returnType: 'text',
    }),
    fn('two_unnamed', {
      args: [
        { name: '', mode: 'in', type: 'int4', hasDefault: false },
        { name: '', mode: 'in', type: 'int4', hasDefault: false },
      ],
      returnType: 'int4',
    }),
    fn('word_count', {
      args: [{ name: '', mode: 'in', type: 'notes', hasDefault: false }],
      returnType: 'int4',
    }),
  ],
  types: [
    { schema: 'public', name: 'mood', enums: ['happy', 'sad'], attributes: [], relationId: null },
    {
      schema: 'extra',
      name: 'point2',
      enums: [],
      attributes: [
        { name: 'x', type: 'float8' },
        { name: 'y', type: 'float8' },
      ],
      relationId: 99,
    },
  ],
}

async function rendered(): Promise<string> {
  return renderTypescript(catalog, { postgrestVersion: '12.2.12' })
}

/** The text between `start` and the next line indented as little as it. */
function block(text: string, start: string): string {
  const from = text.indexOf(start)
  expect(from).toBeGreaterThanOrEqual(0)
  const indent = /^ */.exec(text.slice(text.lastIndexOf('\n', from) + 1))?.[0].length ?? 0
  const lines = text.slice(from).split('\n')
  const end = lines.findIndex(
    (line, i) => i > 0 && /^ *\S/.test(line) && line.search(/\S/) <= indent
  )
  return lines.slice(0, end + 1).join('\n')
}

describe('renderTypescript', () => {
  it('starts with Json and the PostgREST version supabase-js reads', async () => {
    const text = await rendered()
    expect(text.startsWith('export type Json =\n  | string\n')).toBe(true)
    expect(text).toContain('__InternalSupabase: {\n    PostgrestVersion: "12.2.12"\n  }')
    expect(text.indexOf('  extra: {')).toBeLessThan(text.indexOf('  public: {'))
  })

  it('writes Row, Insert and Update by the columns defaults, identity and nullability', async () => {
    const notes = block(await rendered(), 'notes: {')
    expect(notes).toContain(
      [
        'Row: {',
        '          body: string',
        '          created_at: string',
        '          id: number',
        '          labels: string[] | null',
        '          meta: Json',
        '          mood: Database["public"]["Enums"]["mood"] | null',
        '          word_count: number | null',
        '        }',
      ].join('\n')
    )
    expect(notes).toContain('Insert: {\n          body: string\n          created_at?: string\n')
    expect(notes).toContain('id?: never')
    expect(notes).toContain('Update: {\n          body?: string\n')
    expect(notes).toContain('Relationships: []')
  })

  it('lists foreign keys within the schema only, with isOneToOne', async () => {
    const tags = block(await rendered(), 'tags: {')
    expect(tags).toContain(
      [
        'Relationships: [',
        '          {',
        '            foreignKeyName: "tags_note_id_fkey"',
        '            columns: ["note_id"]',
        '            isOneToOne: true',
        '            referencedRelation: "notes"',
        '            referencedColumns: ["id"]',
        '          },',
        '        ]',
      ].join('\n')
    )
    expect(tags).not.toContain('users')
  })

  it('gives updatable views Insert and Update, never for columns that cannot be written', async () => {
    const view = block(await rendered(), 'note_view: {')
    expect(view).toContain('Row: {\n          body: string | null\n          id: number | null\n')
    expect(view).toContain('Insert: {\n          body?: string | null\n          id?: never\n')
  })

  it('types functions: Args never, table returns, setof rows with SetofOptions, overloads', async () => {
    const text = await rendered()
    expect(text).toContain('ping: { Args: never; Returns: string }')
    expect(block(text, 'latest: {')).toContain(
      'SetofOptions: {\n          from: "*"\n          to: "notes"\n          isOneToOne: false\n          isSetofReturn: true\n'
    )
    expect(block(text, 'latest: {')).toMatch(/Returns: \{\n[^}]*\}\[\]/)
    expect(block(text, 'note_stats: {')).toContain(
      'Args: { p_since?: string }\n        Returns: {\n          average: number\n          total: number\n        }[]'
    )
    expect(text).toContain(
      'add:\n        | { Args: { a: number }; Returns: number }\n        | { Args: { a: string }; Returns: string }'
    )
    expect(text).not.toContain('two_unnamed')
    expect(block(text, 'word_count: {')).toContain(
      'Args: { "": Database["public"]["Tables"]["notes"]["Row"] }\n        Returns: number'
    )
  })

  it('writes enums, composite types and Constants', async () => {
    const text = await rendered()
    expect(text).toContain('Enums: {\n      mood: "happy" | "sad"\n    }')
    expect(text).toContain('point2: {\n        x: number | null\n        y: number | null\n      }')
    expect(text).toContain(
      'extra: {\n    Enums: {},\n  },\n  public: {\n    Enums: {\n      mood: ["happy", "sad"],'
    )
    expect(text).toContain('export type Tables<')
    expect(text).toContain('export type TablesInsert<')
    expect(text).toContain('export type TablesUpdate<')
    expect(text).toContain('export type Enums<')
    expect(text).toContain('export type CompositeTypes<')
  })

  it('writes an empty schema with never-maps', async () => {
    const text = await renderTypescript(
      {
        schemas: ['public'],
        relations: [],
        columns: [],
        relationships: [],
        functions: [],
        types: [],
      },
      { postgrestVersion: '12.2.12' }
    )
    expect(text).toContain('Tables: {\n      [_ in never]: never\n    }')
    expect(text).toContain('Functions: {\n      [_ in never]: never\n    }')
  })
})
