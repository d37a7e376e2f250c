// One request works on a resumable upload at a time: a newer one asks the older to stop (a client
// that reconnected after a dropped connection the server has not noticed yet) and waits for it
// to give way.

/** How long a request waits for an older one on the same upload to give way. */
const LOCK_TIMEOUT_MS = 15_000

interface Holder {
  released: Promise<void>
  preempt: () => void
}

export class UploadLocks {
  private readonly holders = new Map<string, Holder>()

  /**
   * Holds the upload for one request. An older holder is asked to stop (and keeps what it got);
   * `onPreempt` is how this request will be asked in turn.
   */
  async lock(version: string, onPreempt: () => void): Promise<() => void> {
    const deadline = Date.now() + LOCK_TIMEOUT_MS
    for (;;) {
      const holder = this.holders.get(version)
      if (!holder) break
      holder.preempt()
      const waited = await Promise.race([
        holder.released.then(() => true),
        new Promise<boolean>((resolve) =>
          setTimeout(() => resolve(false), Math.max(0, deadline - Date.now())).unref()
        ),
      ])
      if (!waited) throw new Error('failed to acquire lock before timeout')
    }
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    this.holders.set(version, { released, preempt: onPreempt })
    return () => {
      this.holders.delete(version)
      release()
    }
  }

  /** Some request holds the upload. */
  holds(version: string): boolean {
    return this.holders.has(version)
  }
}
