// What a run's command answered, recorded as pg_cron records it in cron.job_run_details's
// return_message (scheduler.ts).

interface ResultLike {
  command?: string
  count?: number | null
}

/** postgres.js answers a multi-statement simple query with one result per statement. */
export function lastResult(result: unknown): ResultLike {
  const first = (result as unknown[])[0]
  if (Array.isArray(first) && 'command' in first) {
    const list = result as ResultLike[]
    return list[list.length - 1] ?? {}
  }
  return result as ResultLike
}

/** The last statement's result as pg_cron reports it: "1 row", "INSERT 0 1", "DELETE 3", … */
export function returnMessage(result: ResultLike): string {
  const command = result.command ?? ''
  const count = result.count ?? 0
  if (command === 'SELECT') return `${count} row${count === 1 ? '' : 's'}`
  if (command === 'INSERT') return `INSERT 0 ${count}`
  if (['UPDATE', 'DELETE', 'MERGE', 'COPY', 'FETCH', 'MOVE'].includes(command)) {
    return `${command} ${count}`
  }
  return command
}
