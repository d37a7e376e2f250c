// Shared by the storage-js suites (storage-js.test.ts, storage-js-buckets.test.ts): unique bucket
// names, text bodies, and polling for what Storage does after answering.

/** Polls an asynchronous check until it yields a value (at most 5 s). */
export async function waitForAsync<T>(check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 5000
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

let counter = 0
export function newBucket(prefix = 'bucket'): string {
  counter += 1
  return `${prefix}-${Date.now()}-${counter}`
}

export const text = (value: string) => new Blob([value], { type: 'text/plain' })
