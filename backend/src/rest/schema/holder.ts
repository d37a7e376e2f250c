// Holds the current schema cache. Loading starts with the service and again on
// `NOTIFY pgrst, 'reload schema'` and after migrations; reloads requested while one runs are
// coalesced into one more. Requests wait for the first load; later ones use the last good cache.
import type { Sql } from 'postgres'
import type { Logger } from '../../logger.ts'
import { loadSchemaCache, loadTimezones } from './load.ts'
import type { SchemaCache } from './types.ts'

export class SchemaHolder {
  private current: SchemaCache | null = null
  private loading: Promise<SchemaCache> | null = null
  private again = false
  private firstLoad: Promise<SchemaCache> | null = null
  /** Bumped on every successful load; plan caches key on it. */
  version = 0
  private listeners: (() => void)[] = []
  private closed = false

  constructor(
    private readonly admin: Sql,
    private readonly schemas: string[],
    private readonly log: Logger,
    private readonly beforeReload: () => Promise<void> = async () => {}
  ) {}

  /** The cache, waiting for the first load when needed. */
  async get(): Promise<SchemaCache> {
    if (this.current) return this.current
    return this.firstLoad ?? this.reload()
  }

  /** The cache when one has loaded, without waiting (the per-request fast path). */
  get cached(): SchemaCache | null {
    return this.current
  }

  /** Whether a load has completed (the first one may still be running). */
  get loaded(): boolean {
    return this.current !== null
  }

  /** Called after each successful load (plan caches are cleared there). */
  onReload(listener: () => void): void {
    this.listeners.push(listener)
  }

  /** Stops reloading; a load that fails after this is not an error worth logging. */
  close(): void {
    this.closed = true
  }

  reload(): Promise<SchemaCache> {
    if (this.closed && this.current) return Promise.resolve(this.current)
    if (this.loading) {
      this.again = true
      return this.loading
    }
    const run = async (): Promise<SchemaCache> => {
      try {
        do {
          this.again = false
          await this.beforeReload()
          const next = await loadSchemaCache(this.admin, this.schemas)
          next.timezones = this.current?.timezones ?? null
          this.current = next
          this.version++
          for (const listener of this.listeners) listener()
        } while (this.again)
        return this.current
      } catch (error) {
        if (!this.closed) this.log.error('could not load the schema cache', error)
        if (this.current) return this.current
        throw error
      } finally {
        this.loading = null
      }
    }
    this.loading = run()
    this.firstLoad ??= this.loading
    // A failed first load must not stay cached as the answer for every request.
    this.firstLoad.catch(() => {
      this.firstLoad = null
    })
    return this.loading
  }

  async timezones(): Promise<Set<string>> {
    const cache = await this.get()
    cache.timezones ??= await loadTimezones(this.admin)
    return cache.timezones
  }
}
