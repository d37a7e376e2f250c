import type { Sql } from 'postgres'
import { describe, expect, it } from 'vitest'
import { SessionPool } from './session-pool.ts'

/** Stand-ins for postgres.js clients: the pool only lends them and ends them. */
function fakes() {
  const made: { id: number; ended: boolean }[] = []
  const connect = () => {
    const client = { id: made.length, ended: false, end: async () => void (client.ended = true) }
    made.push(client)
    return client as unknown as Sql
  }
  return { made, connect }
}

const idOf = (client: Sql) => (client as unknown as { id: number }).id

describe('session pool', () => {
  it('makes clients up to its size, then lends each to one holder at a time', async () => {
    const { made, connect } = fakes()
    const pool = new SessionPool(2, connect)
    const a = await pool.acquire()
    const b = await pool.acquire()
    expect(made).toHaveLength(2)
    expect(idOf(a)).not.toBe(idOf(b))
    let third: Sql | null = null
    void pool.acquire().then((client) => (third = client))
    await Promise.resolve()
    expect(third).toBeNull()
    pool.release(b)
    await Promise.resolve()
    expect(third && idOf(third)).toBe(idOf(b))
    expect(made).toHaveLength(2)
  })

  it('serves waiters first come, first served, and reuses idle clients', async () => {
    const { made, connect } = fakes()
    const pool = new SessionPool(1, connect)
    const first = await pool.acquire()
    const order: number[] = []
    const waits = [1, 2, 3].map((n) =>
      pool.acquire().then((client) => {
        order.push(n)
        pool.release(client)
      })
    )
    pool.release(first)
    await Promise.all(waits)
    expect(order).toEqual([1, 2, 3])
    expect(idOf(await pool.acquire())).toBe(idOf(first))
    expect(made).toHaveLength(1)
  })

  it('ends every client and refuses waiters and new requests once ended', async () => {
    const { made, connect } = fakes()
    const pool = new SessionPool(1, connect)
    await pool.acquire()
    const waiting = pool.acquire()
    await pool.end()
    await expect(waiting).rejects.toThrow('ended')
    await expect(pool.acquire()).rejects.toThrow('ended')
    expect(made.every((client) => client.ended)).toBe(true)
  })
})
