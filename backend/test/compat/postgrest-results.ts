// The result objects postgrest-js returns, as the postgrest-js suites compare them, and
// maxAffected() on the untyped client.

/** A successful request's result without data: 200 OK, no count. */
export const ok = { success: true, error: null, count: null, status: 200, statusText: 'OK' }

/** maxAffected() is typed for PostgREST 13+ schemas only; the untyped client sends it all the same. */
export function maxAffected<T>(query: T, rows: number): T {
  return (query as unknown as { maxAffected(rows: number): T }).maxAffected(rows)
}
