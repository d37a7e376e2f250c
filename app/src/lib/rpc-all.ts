// Every row of a function that returns a set, however many (the rosters: a workspace of 5,000
// people). The API cuts an answer at its row cap (`max_rows`, 1,000) and says how many there
// were (count=exact): the rest is asked for at once in pages as long as the first answer
// (`limit`/`offset`, supabase-js's range()), cut from the function's one order. Imported by the
// signed-in code that needs it, not the entry's lib/rpc.ts (which every screen carries).
import type { FunctionArgs, FunctionName, RpcRow } from './rpc.ts'
import { supabase } from './supabase.ts'

type Answer = PromiseLike<{ data: unknown; error: Error | null; count: number | null }>
type PagedRpc = (
  fn: string,
  args?: object,
  options?: { count: 'exact' }
) => Answer & { range(from: number, to: number): Answer }

/** The function must order its rows fully (a stable order across pages). */
export async function rpcAll<F extends FunctionName>(
  fn: F,
  args: FunctionArgs<F>
): Promise<RpcRow<F>[]> {
  const client = supabase()
  const rpc = client.rpc.bind(client) as unknown as PagedRpc
  const page = async (answer: Answer) => {
    const { data, error, count } = await answer
    if (error) throw error
    return { rows: (data ?? []) as RpcRow<F>[], count }
  }
  const first = await page(rpc(fn, args, { count: 'exact' }))
  const size = first.rows.length
  const starts: number[] = []
  for (let from = size; size > 0 && from < (first.count ?? 0); from += size) starts.push(from)
  const rest = await Promise.all(
    starts.map((from) => page(rpc(fn, args).range(from, from + size - 1)))
  )
  return first.rows.concat(...rest.map((p) => p.rows))
}
