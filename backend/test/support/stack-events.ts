// What the stack tells of its background work (StackContext's events: a cron tick ended, a
// Realtime re-check round ended): a test that must let such work happen waits for it to be done
// rather than sleeping for as long as it usually takes.
import type { StackEvents } from '../../src/context.ts'
import type { Stack } from '../../src/stack/types.ts'

type Listener<K extends keyof StackEvents> = (...args: StackEvents[K]) => void

/**
 * The first `event` from now on whose arguments `accept` takes (every one, by default), with the
 * arguments of each before it. The stack is read at each call: after a restart, its new events.
 */
export function nextEvent<K extends keyof StackEvents>(
  stack: Pick<Stack, 'context'>,
  event: K,
  accept: (...args: StackEvents[K]) => boolean = () => true,
  timeoutMs = 30_000
): Promise<{ args: StackEvents[K]; seen: StackEvents[K][] }> {
  const events = stack.context.events
  const seen: StackEvents[K][] = []
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      events.off(event, listener as never)
      reject(new Error(`no ${event} event in ${timeoutMs} ms (${seen.length} seen)`))
    }, timeoutMs)
    const listener: Listener<K> = (...args) => {
      if (!accept(...args)) {
        seen.push(args)
        return
      }
      clearTimeout(timer)
      events.off(event, listener as never)
      resolve({ args, seen })
    }
    events.on(event, listener as never)
  })
}

/** The next `count` emissions of `event`, their arguments in order. */
export async function nextEvents<K extends keyof StackEvents>(
  stack: Pick<Stack, 'context'>,
  event: K,
  count: number
): Promise<StackEvents[K][]> {
  let left = count
  const { args, seen } = await nextEvent(stack, event, () => --left === 0)
  return [...seen, args]
}
