import { describe, expect, it } from 'vitest'
import type { Logger } from '../logger.ts'
import { jobWarnings } from './job-warnings.ts'

function recorder(): { log: Logger; lines: string[] } {
  const lines: string[] = []
  const log: Logger = {
    debug: () => {},
    info: () => {},
    warn: (message) => lines.push(message),
    error: () => {},
    child: () => log,
  }
  return { log, lines }
}

const WARNING =
  'Chorus background job link-previews: its Edge Function is not called, Vault has no project_url'

describe('jobWarnings', () => {
  it("logs a job's warning once a minute, and nothing else", () => {
    const { log, lines } = recorder()
    let clock = 0
    const warn = jobWarnings(log, () => clock)
    warn(WARNING)
    warn(WARNING)
    warn('some other warning of a function')
    clock = 59_999
    warn(WARNING)
    expect(lines).toEqual([`request: ${WARNING}`])
    clock = 60_000
    warn(WARNING)
    warn(WARNING.replace('link-previews', 'imports'))
    expect(lines).toHaveLength(3)
  })
})
