// The rows past the first answer of a function that returns a set (lib/rpc.ts's rpcAll): pages as
// long as the first answer, which the API's row cap (`max_rows`) cut, asked for at once
// (`limit`/`offset`, supabase-js's range()), cut from the function's one order.
import { supabase } from './supabase.ts'

type Page = PromiseLike<{ data: unknown; error: Error | null }>
type PagedRpc = (fn: string, args?: object) => { range(from: number, to: number): Page }

export async function restOf<Row>(
  fn: string,
  args: object | undefined,
  first: Row[],
  count: number
): Promise<Row[]> {
  const client = supabase()
  const rpc = client.rpc.bind(client) as unknown as PagedRpc
  const size = first.length
  const starts: number[] = []
  for (let from = size; size > 0 && from < count; from += size) starts.push(from)
  const pages = await Promise.all(
    starts.map(async (from) => {
      const { data, error } = await rpc(fn, args).range(from, from + size - 1)
      if (error) throw error
      return (data ?? []) as Row[]
    })
  )
  return first.concat(...pages)
}
