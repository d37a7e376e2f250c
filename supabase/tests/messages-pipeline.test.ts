// One pipeline for a written message (issue 70, item 1), held to its description on the file
// system alone (no database), as feature-map.test.ts holds ARCHITECTURE.md's feature map:
// supabase/README.md's "A written message" lists the handlers of `private.messages_written` in
// order, each with the schema file it lives in; the pipeline calls exactly those, in that order;
// each is defined in that file and executable by its owner only; and `public.messages` has no
// trigger of a feature of its own: after a write, only the pipeline's.
import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const SUPABASE = path.resolve(import.meta.dirname, '..')
const HEADING = '## A written message'
const read = (file: string) => readFileSync(path.join(SUPABASE, file), 'utf8')

interface Handler {
  order: number
  name: string
  schema: string
}

/** The section's table: its handlers in their order, each with its schema file. */
function documentedHandlers(readme: string): Handler[] {
  const lines = readme.split('\n')
  const start = lines.indexOf(HEADING)
  if (start < 0) throw new Error(`no "${HEADING}" section in supabase/README.md`)
  let i = start + 1
  while (i < lines.length && !lines[i]!.startsWith('|')) i++
  const rows: Handler[] = []
  for (i += 2; i < lines.length && lines[i]!.startsWith('|'); i++) {
    const [order = '', name = '', schema = ''] = lines[i]!.split('|')
      .slice(1, -1)
      .map((cell) => cell.trim())
    rows.push({
      order: Number(order),
      name: name.replace(/`/g, ''),
      schema: schema.replace(/`/g, ''),
    })
  }
  return rows
}

/** The text of today's definition of a function, from its schema file. */
function definition(schemaText: string, fn: string): string | undefined {
  const start = schemaText.indexOf(`CREATE OR REPLACE FUNCTION ${fn}(`)
  if (start < 0) return undefined
  const end = schemaText.indexOf('\n$function$;', start)
  return schemaText.slice(start, end)
}

/** The triggers on public.messages as the schema dump declares them. */
function messagesTriggers(messagesSql: string) {
  return [
    ...messagesSql.matchAll(
      /^CREATE (CONSTRAINT )?TRIGGER (\w+) (BEFORE|AFTER) (.+?) ON public\.messages .*?FOR EACH (ROW|STATEMENT)/gm
    ),
  ].map((m) => ({
    name: m[2]!,
    timing: m[3]!,
    events: m[4]!,
    level: m[5]!,
    constraint: Boolean(m[1]),
  }))
}

const readme = read('README.md')
const messagesSql = read('schema/messages.sql')
const handlers = documentedHandlers(readme)

describe('the written message pipeline (supabase/README.md, "A written message")', () => {
  it('lists its handlers in order, each once', () => {
    expect(handlers.length).toBeGreaterThan(0)
    expect(handlers.map((h) => h.order)).toEqual(handlers.map((_, k) => k + 1))
    expect(new Set(handlers.map((h) => h.name)).size).toBe(handlers.length)
    for (const h of handlers) expect(h.name).toMatch(/^written_[a-z_]+$/)
  })

  it('calls exactly the handlers listed, in their order', () => {
    const body = definition(messagesSql, 'private.messages_written')
    expect(body, 'private.messages_written in schema/messages.sql').toBeDefined()
    const called = [...body!.matchAll(/perform private\.(written_\w+)\(/g)].map((m) => m[1])
    expect(called).toEqual(handlers.map((h) => h.name))
  })

  it.each(handlers.map((h) => [h.name, h.schema] as const))(
    '%s lives in schema/%s, executable by its owner only',
    (name, schema) => {
      const text = read(path.join('schema', schema))
      const fn = `private.${name}`
      expect(definition(text, fn), `${fn} in schema/${schema}`).toBeDefined()
      expect(text).toContain(
        `-- execute: only its owner (no grants on ${fn}(text,public.messages[],public.messages[]))`
      )
      // Its feature's part, for the statement's rows at once: no row trigger's NEW or OLD.
      expect(definition(text, fn)).not.toMatch(/\b(new|old)\.\w+/)
    }
  )

  it('is what runs after a write of messages: no feature has a trigger of its own there', () => {
    const triggers = messagesTriggers(messagesSql)
    const after = triggers.filter((t) => t.timing === 'AFTER')
    expect(after.filter((t) => !t.constraint)).toEqual([
      {
        name: 'messages_written_insert',
        timing: 'AFTER',
        events: 'INSERT',
        level: 'STATEMENT',
        constraint: false,
      },
      {
        name: 'messages_written_update',
        timing: 'AFTER',
        events: 'UPDATE',
        level: 'STATEMENT',
        constraint: false,
      },
    ])
    // The one guard left at commit, deferrable because send_message adds the files after the row.
    expect(after.filter((t) => t.constraint).map((t) => t.name)).toEqual(['messages_not_empty'])
    for (const fn of ['private.messages_written_insert', 'private.messages_written_update']) {
      expect(messagesSql).toContain(`EXECUTE FUNCTION ${fn}();`)
      expect(definition(messagesSql, fn)).toContain('private.messages_written(tg_op')
    }
  })

  it('takes an import through the same pipeline: history on its rows, no flags, no copies', () => {
    // Whether a row is history is on the row (import_id), not in the session: no 'bulk', and
    // nothing of the messages' reads the import's setting.
    for (const file of ['messages.sql', 'posting.sql']) {
      const text = read(path.join('schema', file))
      expect(text, file).not.toMatch(/'bulk'|importing|chorus\.importing/)
    }
    expect(read('schema/imports.sql')).not.toContain("'bulk'")
    // The not-empty check passes history by its row.
    expect(messagesSql).toContain(
      'CREATE CONSTRAINT TRIGGER messages_not_empty AFTER INSERT ON public.messages DEFERRABLE INITIALLY IMMEDIATE FOR EACH ROW WHEN (new.import_id IS NULL)'
    )
    // The pipeline tells nobody of history: the handlers that tell get the rows without it.
    const pipeline = definition(messagesSql, 'private.messages_written')!
    expect(pipeline).toContain('n.import_id is null')
    // A batch is numbered at once by the pipeline's own private.messages_insert_history (what
    // row_1_write does for one row), which the import calls: its own copies of the insert's
    // numbering and of the handlers' work are gone.
    expect(definition(messagesSql, 'private.messages_insert_history')).toBeDefined()
    expect(definition(messagesSql, 'private.messages_before_write')).toContain(
      'private.messages_insert_history'
    )
    const importInsert = definition(read('schema/imports.sql'), 'private.import_insert')
    expect(importInsert).toContain('private.messages_insert_history(')
    const history = definition(messagesSql, 'private.messages_insert_history')!
    expect(history).toContain('insert into public.messages')
    for (const copy of [
      'insert into public.messages',
      'row_number()',
      'last_seq',
      'thread_seq',
      'mentioned_ids',
      'update public.threads',
      'insert into public.threads',
      'public.thread_members',
      'private.message_search',
    ]) {
      expect(importInsert).not.toContain(copy)
    }
    // Whether history tells anyone is decided by the pipeline alone, not by its handlers; the
    // two that write rows of other tables for it (threads and followers, channel numbers and
    // read marks) put the history's import_id on them, so that those rows' triggers tell nobody
    // either (private.import_quiet), and no handler reads a session flag.
    const carriers = ['written_threads', 'written_message_numbers']
    for (const { name, schema } of handlers) {
      const fn = definition(read(path.join('schema', schema)), `private.${name}`)
      expect(fn, name).not.toMatch(/importing|chorus\.importing/)
      if (carriers.includes(name)) expect(fn, name).toContain('import_id')
      else expect(fn, name).not.toContain('import_id')
    }
    // The session flag is gone everywhere.
    for (const file of readdirSync(path.join(SUPABASE, 'schema')).filter((f) =>
      f.endsWith('.sql')
    )) {
      expect(read(path.join('schema', file)), file).not.toMatch(
        /private\.importing\(|chorus\.importing/
      )
    }
  })

  it("knows a placeholder's claim by its rows: no flag read or set for it", () => {
    // A claim's rewrite of a placeholder's messages is known from the rows (the placeholder says
    // while its claim runs who claims it: private.import_placeholder_claim_rewrite), as history
    // is by its import_id: chorus.claiming is gone, and nothing the claim's writes pass through
    // reads or sets a Chorus setting of the session.
    for (const file of readdirSync(path.join(SUPABASE, 'schema')).filter((f) =>
      f.endsWith('.sql')
    )) {
      expect(read(path.join('schema', file)), file).not.toContain('chorus.claiming')
    }
    const imports = read('schema/imports.sql')
    const channels = read('schema/channels.sql')
    const passedThrough: [string, string][] = [
      [imports, 'private.import_placeholder_claim'],
      [imports, 'private.import_placeholder_claim_rewrite'],
      [imports, 'private.import_placeholder_message'],
      [channels, 'private.channel_members_before_insert'],
      [messagesSql, 'private.messages_before_write'],
      [messagesSql, 'private.message_mentions'],
      [messagesSql, 'private.messages_written'],
      ...handlers.map(
        ({ name, schema }) =>
          [read(path.join('schema', schema)), `private.${name}`] as [string, string]
      ),
    ]
    for (const [text, fn] of passedThrough) {
      const body = definition(text, fn)
      expect(body, fn).toBeDefined()
      expect(body, fn).not.toMatch(/(current_setting|set_config)\('chorus\./)
    }
    // The row trigger keeps the claim's rewrite as written, and the pipeline tells nobody of it.
    for (const fn of ['private.messages_before_write', 'private.messages_written']) {
      expect(definition(messagesSql, fn), fn).toContain('private.import_placeholder_claim_rewrite(')
    }
  })

  it("reads no Chorus setting of the session: an account's deletion is known by its row too", () => {
    // Deleting an account takes its name off its messages (a workspace's "anonymize" or "remove"
    // policy), which message_before_update lets nobody else do: the deletion lists the account
    // in private.accounts_deleting for its transaction (chorus.deleting_account is gone).
    expect(messagesSql).not.toMatch(/(current_setting|set_config)\('chorus\./)
    const deletion = definition(
      read('schema/retention.sql'),
      'private.profiles_before_delete_retention'
    )
    expect(deletion).toContain('insert into private.accounts_deleting')
    expect(deletion).not.toMatch(/(current_setting|set_config)\('chorus\./)
    expect(definition(messagesSql, 'private.message_before_update')).toContain(
      'private.accounts_deleting'
    )
  })

  it('has at most five triggers: the gate and one row trigger before, the pipeline after', () => {
    // Postgres fires a table's triggers of one timing by name: the gate, then row_1_write (the
    // insert's checks and numbers, or the update's rules, then the mentions of many).
    const triggers = messagesTriggers(messagesSql)
    const before = triggers.filter((t) => t.timing === 'BEFORE').map((t) => t.name)
    expect(before).toEqual(['oauth_write_gate', 'row_1_write'])
    expect([...before].sort()).toEqual(before)
    expect(triggers.length).toBeLessThanOrEqual(5)
  })
})
