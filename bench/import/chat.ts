// The chat beside the import benchmark's import: one person sends a message every so often, another
// receives it on the channel's live topic (as the app does); each message's delivery is the time
// from its send to its arrival, measured in windows.
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'

/**
 * The chat beside the import: `sender` sends into `channel` every `sendEveryMs`, `receiver` has
 * joined its live topic; each message's delivery is the time from the send to its arrival.
 */
export async function chat(
  sender: SupabaseClient,
  receiver: SupabaseClient,
  channel: string,
  sendEveryMs: number
) {
  const sentAt = new Map<string, number>()
  let window: number[] | null = null
  await receiver.realtime.setAuth()
  await new Promise<void>((resolve, reject) => {
    receiver
      .channel(`live:channel:${channel}`, { config: { private: true } })
      .on('broadcast', { event: '*' }, (message: { payload?: unknown }) => {
        const change = message.payload as
          { table?: string; operation?: string; record?: { id?: string } } | undefined
        if (change?.table !== 'messages' || change.operation !== 'INSERT') return
        const at = sentAt.get(change.record?.id ?? '')
        if (at === undefined) return
        sentAt.delete(change.record!.id!)
        window?.push(performance.now() - at)
      })
      .subscribe((status, error) => {
        if (status === 'SUBSCRIBED') resolve()
        else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT')
          reject(new Error(`live topic: ${status} ${error?.message ?? ''}`))
      })
  })
  let timer: NodeJS.Timeout | undefined
  let failures = 0
  const send = () => {
    const id = randomUUID()
    sentAt.set(id, performance.now())
    void sender
      .rpc('send_message', { p_id: id, p_channel_id: channel, p_body: `live ${id.slice(0, 8)}` })
      .then(({ error }) => {
        if (error) failures += 1
      })
  }
  return {
    /** Measures from now on into a fresh window. */
    start() {
      window = []
      sentAt.clear()
      timer = setInterval(send, sendEveryMs)
    },
    /** Stops sending; waits briefly for messages in flight; returns the window's deliveries. */
    async stop(): Promise<{ deliveries: number[]; lost: number; failures: number }> {
      clearInterval(timer)
      const deadline = Date.now() + 5_000
      while (sentAt.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
      const deliveries = window ?? []
      const lost = sentAt.size
      window = null
      sentAt.clear()
      const result = { deliveries, lost, failures }
      failures = 0
      return result
    },
  }
}
