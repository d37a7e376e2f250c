// When each live topic last told anything (lib/live.ts): its join, or a change it carried, by the
// page's clock (performance.now()). Kept by the Realtime chunk (realtime-client.ts) as the joins
// and the changes come; read by the catch-up after a join (live-catch-up.ts): an answer asked
// for after a topic last told anything holds every change the topic has not told.
const told = new Map<string, number>()

/** The topic told something now: it joined, or a change of it came. */
export function tellNow(topic: string): void {
  told.set(topic, performance.now())
}

/** When the topic last told anything; Infinity if it never has (nothing is known to be heard). */
export function lastTold(topic: string): number {
  return told.get(topic) ?? Infinity
}
