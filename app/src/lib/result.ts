// Expected failures are values; broken invariants throw.
export type Result<T, E = string> = { ok: true; value: T } | { ok: false; error: E }

export function assertNever(value: never, what = 'value'): never {
  throw new Error(`Unexpected ${what}: ${JSON.stringify(value)}`)
}
