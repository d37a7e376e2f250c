// The pipelined request scope (db/scope.ts `end` option) the REST service runs reads and simple
// writes through: one round trip for BEGIN, the scope, the statements and COMMIT/ROLLBACK.
import { describe, expect, it } from 'vitest'
import { isConnectionError, isPostgresError, SQLSTATE } from '../../src/db/errors.ts'
import { useStack } from './support.ts'

const t = useStack({
  migrations: { '20240101000000_t.sql': 'create table t (id int primary key);' },
})

const anon = { role: 'anon', claims: { role: 'anon' }, method: 'GET', path: '/t' }

describe('pipelined scope', () => {
  it('runs the statements as the role, read-only when asked, with the claims published', async () => {
    const rows = await t.stack.context.db.withScope(anon, { readOnly: true, end: 'commit' }, (tx) =>
      tx`select current_user as role, current_setting('transaction_read_only') as ro,
            current_setting('request.jwt.claims') as claims, current_setting('statement_timeout') as timeout`.execute()
    )
    expect(rows).toEqual([{ role: 'anon', ro: 'on', claims: '{"role":"anon"}', timeout: '3s' }])
  })

  it('commits or rolls back as told', async () => {
    const insert = (id: number, end: 'commit' | 'rollback') =>
      t.stack.context.db.withScope({ ...anon, method: 'POST' }, { end }, (tx) =>
        tx`insert into t values (${id})`.execute()
      )
    await insert(1, 'commit')
    await insert(2, 'rollback')
    expect(await t.stack.sql`select id from t order by id`).toEqual([{ id: 1 }])
  })

  it('throws the first failure, rolls back, and leaves the connection clean', async () => {
    const db = t.stack.context.db
    await expect(
      db.withScope({ ...anon, role: 'no_such_role' }, { end: 'commit' }, (tx) =>
        tx`insert into t values (3)`.execute()
      )
    ).rejects.toMatchObject({ code: '22023' })
    await expect(
      db.withScope({ ...anon, method: 'POST' }, { end: 'commit' }, (tx) => {
        const first = tx`insert into t values (4)`.execute()
        const second = tx`insert into t values (4)`.execute()
        return Promise.all([first, second])
      })
    ).rejects.toMatchObject({ code: '23505' })
    expect(await t.stack.sql`select id from t order by id`).toEqual([{ id: 1 }])
    // Every connection of the pool is usable and outside any transaction afterwards.
    const states = await Promise.all(
      Array.from({ length: 12 }, () =>
        db.withScope(anon, { readOnly: true, end: 'commit' }, (tx) =>
          tx`select current_user as role`.execute()
        )
      )
    )
    expect(states.flat()).toEqual(Array.from({ length: 12 }, () => ({ role: 'anon' })))
  })
})

describe('dry run (Database.dryRun)', () => {
  for (const pipelined of [true, false]) {
    it(`hands back the value and rolls back (${pipelined ? 'pipelined' : 'in sql.begin'})`, async () => {
      const db = t.stack.context.db
      const id = pipelined ? 10 : 11
      const rows = await db.dryRun({ ...anon, method: 'POST' }, { pipelined }, (tx) =>
        tx`insert into t values (${id}) returning id, current_user as role`.execute()
      )
      expect(rows).toEqual([{ id, role: 'anon' }])
      expect(await t.stack.sql`select id from t where id = ${id}`).toEqual([])
    })

    it(`throws the statement's own error as PostgreSQL's (${pipelined ? 'pipelined' : 'in sql.begin'})`, async () => {
      const failure = await t.stack.context.db
        .dryRun({ ...anon, method: 'POST' }, { pipelined }, (tx) =>
          tx`insert into t values (1)`.execute()
        )
        .then(
          () => null,
          (error: unknown) => error
        )
      expect(isPostgresError(failure)).toBe(true)
      expect(failure).toMatchObject({ code: SQLSTATE.uniqueViolation })
      expect(isConnectionError(failure)).toBe(false)
    })
  }

  it('waits between queries outside the pipelined mode', async () => {
    const seen = await t.stack.context.db.dryRun({ ...anon, method: 'POST' }, {}, async (tx) => {
      await tx`insert into t values (12)`
      return tx<{ n: number }[]>`select count(*)::int as n from t where id = 12`
    })
    expect(seen).toEqual([{ n: 1 }])
    expect(await t.stack.sql`select id from t where id = 12`).toEqual([])
  })
})
