// Calling Postgres functions through PostgREST, typed by the generated Database types
// (database.types.ts, `npm run -w supabase gen:types`): the function's name picks its arguments and
// its row type. Errors are thrown as supabase-js returns them.
import type { Database } from './database.types.ts'
import { supabase } from './supabase.ts'

type Functions = Database['public']['Functions']
export type FunctionName = keyof Functions & string
export type FunctionArgs<F extends FunctionName> = Functions[F]['Args']

/** One row of what the function returns (a `returns table` row, or its single value). */
export type RpcRow<F extends FunctionName> = Functions[F]['Returns'] extends (infer Row)[]
  ? Row
  : Functions[F]['Returns']

type ArgsOf<F extends FunctionName> = [FunctionArgs<F>] extends [never] ? [] : [FunctionArgs<F>]

async function call<F extends FunctionName>(fn: F, args: ArgsOf<F>): Promise<unknown> {
  // supabase-js's rpc() resolves overloads per literal name; here the name is generic, so the
  // call goes through its untyped signature and the typed wrappers below state the result.
  const rpc = supabase().rpc.bind(supabase()) as (
    fn: string,
    args?: object
  ) => PromiseLike<{ data: unknown; error: Error | null }>
  const { data, error } = await rpc(fn, args[0])
  if (error) throw error
  return data
}

export async function rpcRows<F extends FunctionName>(
  fn: F,
  ...args: ArgsOf<F>
): Promise<RpcRow<F>[]> {
  const data = await call(fn, args)
  return (Array.isArray(data) ? data : data == null ? [] : [data]) as RpcRow<F>[]
}

export async function rpcOne<F extends FunctionName>(
  fn: F,
  ...args: ArgsOf<F>
): Promise<RpcRow<F>> {
  const data = await call(fn, args)
  const row = Array.isArray(data) ? data[0] : data
  if (row === undefined) throw new Error(`${fn} returned nothing.`)
  return row as RpcRow<F>
}
