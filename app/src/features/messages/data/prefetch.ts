// The first page of the channel in the address is requested at boot, in parallel with loading
// the signed-in chunk and rendering the shell; the live channel takes it instead of asking again.
// Only the request is here (the boot chunk): the rows become messages in message-page.ts, with
// the live channel.
import { rpcRows } from '../../../lib/rpc.ts'
import type { RpcRow } from '../../../lib/rpc.ts'

const FRESH_MS = 10_000

export type PageRow = RpcRow<'message_page'>

const prefetched = new Map<string, { at: number; limit: number; page: Promise<PageRow[]> }>()

/** message_page() as it answers. */
export function pageRows(
  channelId: string,
  args: { before?: number; after?: number; limit: number }
): Promise<PageRow[]> {
  return rpcRows('message_page', {
    p_channel_id: channelId,
    p_before_seq: args.before,
    p_after_seq: args.after,
    p_limit: args.limit,
  })
}

export function prefetchLatest(channelId: string, limit = 50): void {
  const page = pageRows(channelId, { limit })
  page.catch(() => undefined)
  prefetched.set(channelId, { at: Date.now(), limit, page })
}

/** The prefetched latest page, once, if it is recent and big enough. */
export function takePrefetched(channelId: string, limit: number): Promise<PageRow[]> | null {
  const entry = prefetched.get(channelId)
  prefetched.delete(channelId)
  if (!entry || entry.limit < limit || Date.now() - entry.at > FRESH_MS) return null
  return entry.page
}
