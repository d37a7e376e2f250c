import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Logger } from '../../logger.ts'
import { AuthError } from '../errors.ts'
import { InboxStore } from '../inbox/store.ts'
import { RateLimiter } from '../http/rate-limit.ts'
import { InboxTransport, Mailer } from './mailer.ts'
import { DEFAULT_TEMPLATES } from './templates.ts'

const dirs: string[] = []
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })))
})

function recordingLogger(lines: string[]): Logger {
  const logger: Logger = {
    debug: () => {},
    info: (message) => lines.push(message),
    warn: () => {},
    error: () => {},
    child: () => logger,
  }
  return logger
}

describe('Mailer with the local inbox', () => {
  it('stores the rendered message and prints its links in the log', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'inbox-'))
    dirs.push(dir)
    const store = new InboxStore(dir)
    const lines: string[] = []
    const mailer = new Mailer({
      transport: new InboxTransport(store),
      templates: DEFAULT_TEMPLATES,
      sender: { name: 'Admin', address: 'admin@email.com' },
      limiter: new RateLimiter({ events: 1, windowMs: 3_600_000 }),
      log: recordingLogger(lines),
      logLinks: true,
    })
    const url =
      'http://127.0.0.1:54321/auth/v1/verify?token=abc&type=magiclink&redirect_to=http://x'
    await mailer.send('magic_link', 'ada@example.com', { ConfirmationURL: url, Token: '123456' })
    const [message] = await store.list()
    expect(message?.Subject).toBe('Your Magic Link')
    expect(message?.To).toEqual([{ Name: '', Address: 'ada@example.com' }])
    expect(message?.HTML).toContain(url.replace(/&/g, '&amp;'))
    expect(lines).toEqual([`Email "Your Magic Link" to ada@example.com: ${url}`])
    // The hourly limit of this mailer is one message.
    await expect(
      mailer.send('magic_link', 'ada@example.com', { ConfirmationURL: url })
    ).rejects.toBeInstanceOf(AuthError)
    expect(await store.list()).toHaveLength(1)
  })
})
