// The main thread in short tasks (issue 31: none over 50 ms while a channel opens). Work that need
// not happen in the task that asked for it waits for a task of its own, so that the browser can
// paint, and answer input, in between.

type Scheduler = { yield?: () => Promise<void> }

/** Resolves in a new task, ahead of timers (`scheduler.yield()` where the browser has it, else
 * a message to ourselves; setTimeout(0) would wait 4 ms once nested). */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler
  if (scheduler?.yield) return scheduler.yield()
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
}
