// A load generator: a process driving its share of the simulated people (person.ts), told what
// to do by run.ts over IPC: open (connect everyone), go (behave; measure sends in the window),
// stop (stop behaving, wait for the last deliveries, report), close (disconnect everyone).
//   forked by run.ts: node --import tsx bench/team/generator.ts
import { SimulatedPerson } from './person.ts'
import { Recorder } from './recorder.ts'
import type { Window } from './recorder.ts'
import { RATES, now } from './profile.ts'
import type { Person } from './profile.ts'

export type Command =
  | {
      type: 'open'
      people: Person[]
      apiUrl: string
      anonKey: string
      rates: Partial<typeof RATES>
      /** When each person starts opening (now() clock): the sign-in storm; none: 10 at a time. */
      opensAt?: number[]
    }
  | { type: 'go'; window: Window }
  | { type: 'stop' }
  | { type: 'close' }

export type Reply =
  { type: 'opened'; failed: string[] } | { type: 'report'; report: Report } | { type: 'closed' }

export interface Report {
  deliveries: number[]
  received: number
  sent: [string, number][]
  calls: [string, number][]
  failures: [string, number][]
  /** The mix's actions: durations of those that succeeded, and failures, by action. */
  actions: [string, number[]][]
  actionErrors: [string, number][]
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
let people: SimulatedPerson[] = []
let recorder = new Recorder()

/** Runs task for each item, `concurrency` at a time. */
async function pool<T>(items: T[], concurrency: number, task: (item: T) => Promise<void>) {
  let next = 0
  const worker = async () => {
    while (next < items.length) await task(items[next++] as T)
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
}

async function handle(command: Command): Promise<Reply | null> {
  switch (command.type) {
    case 'open': {
      Object.assign(RATES, command.rates)
      recorder = new Recorder()
      people = command.people.map(
        (p) => new SimulatedPerson(p, command.apiUrl, command.anonKey, recorder)
      )
      const failed: string[] = []
      // Each opening is timed as the sign-in (the fetches, the joins, presence tracked).
      const open = async (person: SimulatedPerson) => {
        const began = now()
        try {
          await person.open()
          recorder.action('sign-in', began, true, true)
        } catch (error) {
          recorder.action('sign-in', began, false, true)
          failed.push((error as Error).message)
        }
      }
      const opensAt = command.opensAt
      if (opensAt) {
        // The sign-in storm: each person opens at their moment, whoever else is opening.
        await Promise.all(
          people.map(async (person, i) => {
            await sleep(Math.max(0, (opensAt[i] ?? 0) - now()))
            await open(person)
          })
        )
      } else await pool(people, 10, open)
      return { type: 'opened', failed }
    }
    case 'go':
      recorder.window = command.window
      for (const person of people) person.start()
      return null
    case 'stop': {
      await Promise.all(people.map((p) => p.stop()))
      // The last measured sends' deliveries: wait until none arrived for a second (at most 10 s).
      for (
        let count = -1, waited = 0;
        count !== recorder.deliveries.length && waited < 10;
        waited++
      ) {
        count = recorder.deliveries.length
        await sleep(1000)
      }
      return {
        type: 'report',
        report: {
          deliveries: recorder.deliveries,
          received: recorder.received,
          sent: [...recorder.sent],
          calls: [...recorder.calls],
          failures: [...recorder.failures],
          actions: [...recorder.actions],
          actionErrors: [...recorder.actionErrors],
        },
      }
    }
    case 'close':
      await Promise.all(people.map((p) => p.close()))
      people = []
      return { type: 'closed' }
  }
}

process.on('message', (command: Command) => {
  void handle(command).then(
    (reply) => reply && process.send?.(reply),
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    }
  )
})
process.on('disconnect', () => process.exit(0))
