// The database port of a `serve` stack that runs its own PostgreSQL: supautils on the wire
// (db/supautils-proxy.ts) listens on [db] port (--db-port) on 127.0.0.1, as `supabase start`'s
// database port is one where `postgres` meets supautils, and the server itself listens on a free
// port behind it (stack.ts). So `supabase db push --db-url
// postgresql://postgres:<password>@127.0.0.1:<db port>/postgres` gets what hosted gives
// `postgres`, no more. With DATABASE_URL there is no proxy: that server is as it is. `start` keeps
// its PostgreSQL on [db] port (its migrations get supautils from the migration runner).
import postgres from 'postgres'
import { readSupautilsKey, startSupautilsProxy } from '../db/supautils-proxy.ts'
import type { Cleanups } from './cleanups.ts'
import type { StackOptions } from './types.ts'

/** Whether the stack puts supautils on its database port (then PostgreSQL listens behind it). */
export function supautilsOnDbPort(options: StackOptions): boolean {
  return options.mode === 'serve' && !options.databaseUrl
}

/** Starts the proxy on `port` (0: a free one) in front of the server at `dbUrl`; its port. */
export async function startSupautilsPort(args: {
  dbUrl: string
  port: number
  cleanups: Cleanups
}): Promise<number> {
  const admin = postgres(args.dbUrl, { max: 1, onnotice: () => {} })
  let key: Buffer
  try {
    key = await readSupautilsKey(admin)
  } finally {
    await admin.end({ timeout: 2 })
  }
  const url = new URL(args.dbUrl)
  const proxy = await startSupautilsProxy({
    host: url.hostname,
    port: Number(url.port),
    key,
    listenPort: args.port,
  })
  args.cleanups.push(() => proxy.close())
  return proxy.port
}
