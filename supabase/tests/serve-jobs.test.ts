// Chorus's background jobs under `serve`, as a team's own server runs them: Chorus's own
// migrations, functions and config.toml (plus the server's [auth.email.smtp]), no seed, its own
// keys. The real path end to end: the cron job `chorus-notification-emails` reads the Edge
// Functions' endpoint from Vault (which the stack fills at every start, not the seed), posts
// through pg_net to notifications-email, which mails through the server's SMTP server (not config.toml's
// local-inbox port). An empty Vault is one warning line per run in the stack's log, and the next
// start, on another address, stores the endpoint again. A job a request starts (link previews,
// from the trigger on a sent message) warns in the stack's log too, once a minute.
import type { Sql } from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveOptions } from '../../backend/src/cli/serve.ts'
import { freePort } from '../../backend/src/http/ports.ts'
import type { ServeArgs } from '../../backend/src/cli/serve.ts'
import type { Logger } from '../../backend/src/logger.ts'
import { startStack } from '../../backend/src/stack.ts'
import type { Stack } from '../../backend/src/stack.ts'
import type { TestSmtp } from '../../backend/test/support/serve.ts'
import { prepareChorusServe, serveWorld } from './support/chorus-serve.ts'
import type { ChorusServe } from './support/chorus-serve.ts'
import { asRole, makeMessage } from './support/world.ts'
import type { World } from './support/world.ts'

const PUBLIC = 'https://chat.example.com'
const JOB_WARNING =
  /^WARNING: cron job chorus-notification-emails: Chorus background job notifications-email: its Edge Function is not called, Vault has no project_url and publishable_key$/

/** The stack's log lines (warnings and errors), kept for the test to read. */
const lines: string[] = []
function recordingLogger(scope = ''): Logger {
  const keep = (level: string) => (message: string) =>
    lines.push(`${level}: ${scope ? `[${scope}] ` : ''}${message}`)
  return {
    debug: () => {},
    info: () => {},
    warn: keep('WARNING'),
    error: keep('ERROR'),
    child: (name) => recordingLogger(scope ? `${scope}:${name}` : name),
  }
}

let served: ChorusServe
let smtp: TestSmtp
let args: ServeArgs
let stack: Stack
let sql: Sql
let world: World

beforeAll(async () => {
  // The functions' secrets come from config.toml and serve only (no process overrides).
  for (const name of ['SMTP_HOST', 'SMTP_PORT', 'SMTP_FROM', 'APP_URL', 'INBUCKET_SMTP_PORT']) {
    delete process.env[name]
  }
  // Chorus's project as a server's checkout has it, with the server's SMTP added.
  served = await prepareChorusServe('serve-jobs')
  smtp = served.smtp
  args = served.args
  stack = await startStack(await serveOptions(args, recordingLogger()))
  const connected = await serveWorld(served.databaseUrl, stack)
  sql = connected.sql
  world = connected.world
  await asRole(
    sql,
    world.people.owner,
    (tx) => tx`select public.set_workspace_email_delay(${world.ws}, 0)`
  )
}, 180_000)

afterAll(async () => {
  await sql?.end({ timeout: 2 })
  await stack?.stop()
  await served?.cleanup()
})

async function endpoint(): Promise<Record<string, string>> {
  const rows = await sql<{ name: string; value: string }[]>`
    select name, decrypted_secret as value from vault.decrypted_secrets
    where name in ('project_url', 'publishable_key')`
  return Object.fromEntries(rows.map((row) => [row.name, row.value]))
}

/** The mails the test's SMTP server got for `address` whose text has `marker`. */
async function mailsWith(address: string, marker: string) {
  return (await smtp.messages()).filter(
    (m) => m.To.some((to) => to.Address === address) && `${m.Text}${m.HTML}`.includes(marker)
  )
}

const warnings = () => lines.filter((line) => line.includes('chorus-notification-emails'))

describe('serve: background jobs without the seed', () => {
  it('stores its own API address and publishable key in Vault', async () => {
    const [seeded] = await sql<{ n: number }[]>`
      select count(*)::int as n from auth.users where email like '%@chorus.local'`
    expect(seeded!.n).toBe(0)
    expect(await endpoint()).toEqual({
      project_url: stack.apiUrl,
      publishable_key: stack.keys.publishableKey,
    })
  })

  it("mails an unread mention: cron, Vault, pg_net, notifications-email, the server's SMTP", async () => {
    const { owner, member } = world.people
    await makeMessage(sql, owner, world.ch.plaza, `<@${member.id}> first-marker`)
    await expect
      .poll(async () => (await mailsWith(member.email, 'first-marker')).length, {
        timeout: 45_000,
        interval: 250,
      })
      .toBe(1)
    const [mail] = await mailsWith(member.email, 'first-marker')
    expect(mail!.From.Address).toBe('no-reply@chat.example.com')
    expect(mail!.HTML).toContain(PUBLIC)
    expect(warnings()).toEqual([])
  }, 60_000)

  it('with Vault emptied, warns once per run and sends nothing; the next start, elsewhere, stores it again', async () => {
    const { owner, member } = world.people
    await sql`delete from vault.secrets where name in ('project_url', 'publishable_key')`
    const [{ since }] = (await sql`select now() as since`) as unknown as [{ since: Date }]
    await makeMessage(sql, owner, world.ch.dm, 'second-marker')
    await expect.poll(() => warnings().length, { timeout: 45_000, interval: 250 }).toBe(2)
    for (const line of warnings()) expect(line).toMatch(JOB_WARNING)
    const [runs] = await sql<{ n: number }[]>`
      select count(*)::int as n from cron.job_run_details d join cron.job j using (jobid)
      where j.jobname = 'chorus-notification-emails' and d.start_time >= ${since}`
    expect(warnings().length).toBeLessThanOrEqual(runs!.n)
    expect(await mailsWith(member.email, 'second-marker')).toEqual([])

    // Served again on another port (as a restored backup on another server): a new address.
    const before = stack.apiUrl
    await stack.stop()
    let port = await freePort()
    while (before.endsWith(`:${port}`)) port = await freePort()
    stack = await startStack(await serveOptions({ ...args, port }, recordingLogger()))
    expect(stack.apiUrl).toBe(`http://127.0.0.1:${port}`)
    expect(await endpoint()).toEqual({
      project_url: stack.apiUrl,
      publishable_key: stack.keys.publishableKey,
    })
    await expect
      .poll(async () => (await mailsWith(member.email, 'second-marker')).length, {
        timeout: 45_000,
        interval: 250,
      })
      .toBe(1)
  }, 120_000)

  it('with Vault emptied, a job a request starts (link previews) says so in the log, once a minute', async () => {
    const { member } = world.people
    await sql`delete from vault.secrets where name in ('project_url', 'publishable_key')`
    const send = async (body: string) => {
      const response = await fetch(`${stack.apiUrl}/rest/v1/messages`, {
        method: 'POST',
        headers: {
          apikey: stack.keys.publishableKey,
          authorization: `Bearer ${member.token}`,
          'content-type': 'application/json',
          prefer: 'return=minimal',
        },
        body: JSON.stringify({ channel_id: world.ch.general, author_id: member.id, body }),
      })
      expect(response.status, await response.text()).toBe(201)
    }
    const previewWarnings = () =>
      lines.filter((line) =>
        /^WARNING: .*request: Chorus background job link-previews: its Edge Function is not called, Vault has no project_url and publishable_key$/.test(
          line
        )
      )
    await send('the plan is at https://example.com/plan')
    await send('and the notes at https://example.com/notes')
    expect(previewWarnings()).toHaveLength(1)
  }, 60_000)
})
