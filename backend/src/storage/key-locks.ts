// Per-key mutual exclusion inside this process: a writer holds its keys from its row's commit
// until its file is renamed into place and the version it replaced removed, so another writer of
// the same key cannot remove a version that is committed but not yet in place. (The database's
// advisory lock orders the rows; this orders the files, which only this process touches.)

export class KeyLocks {
  private readonly tails = new Map<string, Promise<void>>()

  /** Runs `fn` holding every key (taken in sorted order, so two holders never deadlock). */
  async with<T>(keys: string[], fn: () => Promise<T>): Promise<T> {
    const unique = [...new Set(keys)].sort()
    const releases: (() => void)[] = []
    try {
      for (const key of unique) releases.push(await this.acquire(key))
      return await fn()
    } finally {
      for (const release of releases.reverse()) release()
    }
  }

  private async acquire(key: string): Promise<() => void> {
    const previous = this.tails.get(key) ?? Promise.resolve()
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const tail = previous.then(() => held)
    this.tails.set(key, tail)
    await previous
    return () => {
      release()
      if (this.tails.get(key) === tail) this.tails.delete(key)
    }
  }
}

/** The lock name of an object. */
export function objectKey(bucket: string, name: string): string {
  return `${bucket}\u0000${name}`
}
