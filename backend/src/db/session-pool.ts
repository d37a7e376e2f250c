// A pool of single-connection postgres.js clients, each lent to one request scope at a time.
//
// Why not postgres.js's own pool (max > 1): its connection queues (src/queue.js in 3.4.9, the
// latest) only shrink when a shift() empties them. While some connections stay idle, every query
// leaves a hole at the front of the idle queue and the next one scans all the holes (indexOf) to
// move its connection: taking a connection costs more with every query the process has served,
// about 5 µs more per 20,000 queries, without bound, and the array grows with it. A client with
// one connection empties its queues on every use, so it keeps a constant cost.
import type { Sql } from 'postgres'

interface Waiter {
  resolve: (client: Sql) => void
  reject: (error: Error) => void
}

export class SessionPool {
  private readonly idle: Sql[] = []
  private readonly all: Sql[] = []
  /** Requests waiting for a client, first come first served (head index, reset as it drains). */
  private waiting: Waiter[] = []
  private head = 0
  private ended = false

  constructor(
    private readonly size: number,
    private readonly connect: () => Sql
  ) {}

  /** A client for the caller alone until release(); waits when all are lent. */
  acquire(): Promise<Sql> {
    if (this.ended) return Promise.reject(new Error('the session pool has ended'))
    const client = this.idle.pop()
    if (client) return Promise.resolve(client)
    if (this.all.length < this.size) {
      // postgres.js connects lazily, on the first query.
      const fresh = this.connect()
      this.all.push(fresh)
      return Promise.resolve(fresh)
    }
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }))
  }

  release(client: Sql): void {
    if (this.head < this.waiting.length) {
      const next = this.waiting[this.head] as Waiter
      this.waiting[this.head++] = undefined as never
      if (this.head === this.waiting.length) {
        this.waiting = []
        this.head = 0
      }
      next.resolve(client)
      return
    }
    this.idle.push(client)
  }

  async end(options?: { timeout?: number }): Promise<void> {
    this.ended = true
    const waiting = this.waiting.slice(this.head)
    this.waiting = []
    this.head = 0
    for (const waiter of waiting) waiter.reject(new Error('the session pool has ended'))
    await Promise.all(this.all.map((client) => client.end(options)))
  }
}
