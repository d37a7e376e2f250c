// Polling for what the stack does after answering (cron runs, pg_net responses).

/** Calls `probe` until it returns something other than undefined, or fails after `ms`. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  ms = 10_000
): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
