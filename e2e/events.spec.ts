// Outgoing events end to end: Ana (owner) subscribes a URL of this spec's own HTTP server to
// "Message posted" and "Reaction added" in Settings → Integrations; the server answers Slack's
// url_verification challenge, and the UI says verified and shows the signing secret once. Ben
// posts a message and reacts to it: the server receives both events in Slack's envelope, signed
// with that secret (recomputed here), and Ana sees both delivered in the subscription's
// deliveries. Then the server fails once (500): Ana sees the delivery retrying with the 500,
// then delivered after two attempts, and the retry carried X-Slack-Retry-Num 1. Last, Ana
// changes the subscription to reactions only. For a
// deterministic few seconds the spec runs the events job every second, points it at this
// stack's API (Vault's project_url, as notifications-email.spec.ts does) and holds the first
// retry 6 s (private.integration_config 'events_retry_1'; Slack's is immediate, the default 0)
// so that the retrying state is on screen long enough to be seen; it puts both back at the end.
// Not in production mode: the events are delivered by an Edge Function to this spec's server on
// 127.0.0.1, which `serve`'s outbound guard refuses (every address that is not public is, and this
// machine has no public one): in the production arrangement the spec runs on a stack of its own
// as `npm start` runs it (support/own-stack.ts loopbackReachingStack).
import { createHmac } from 'node:crypto'
import { createServer } from 'node:http'
import type { IncomingHttpHeaders, Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import postgres from 'postgres'
import type { Sql } from 'postgres'
import { expect, test } from './support/test.ts'
import { actor, messageWith, send } from './support/actors.ts'
import { apiUrl } from './support/env.ts'
import { loopbackReachingStack } from './support/own-stack.ts'
import { twoInGeneral } from './support/workspace.ts'

interface Received {
  headers: IncomingHttpHeaders
  body: string
  json: { type?: string; challenge?: string; event?: Record<string, unknown> }
}

const stack = loopbackReachingStack()

let sql: Sql
let server: Server
let receiverUrl = ''
const received: Received[] = []
/** Events to answer with 500 before answering 200 again. */
let failNext = 0

test.beforeAll(async () => {
  test.setTimeout(180_000)
  await stack.start()
  const dbUrl = process.env.CHORUS_DB_URL
  if (!dbUrl) throw new Error('CHORUS_DB_URL is not set: run through playwright.config.ts')
  sql = postgres(dbUrl, { max: 1, onnotice: () => {} })
  await sql`
    select vault.update_secret(id, ${apiUrl()}) from vault.secrets where name = 'project_url'`
  await sql`update private.integration_config set value = 6 where name = 'events_retry_1'`
  await sql`
    select cron.alter_job(jobid, schedule => '1 seconds') from cron.job
    where jobname = 'chorus-outgoing-events'`
  server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (c: Buffer) => chunks.push(c))
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const json = JSON.parse(body) as Received['json']
      received.push({ headers: request.headers, body, json })
      if (json.type === 'url_verification') {
        response.writeHead(200, { 'Content-Type': 'application/json' })
        response.end(JSON.stringify({ challenge: json.challenge }))
      } else if (failNext > 0) {
        failNext -= 1
        response.writeHead(500).end('down for a moment')
      } else {
        response.writeHead(200).end('')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events`
})

test.afterAll(async () => {
  await sql`update private.integration_config set value = 0 where name = 'events_retry_1'`
  await sql`
    select cron.alter_job(jobid, schedule => '5 seconds') from cron.job
    where jobname = 'chorus-outgoing-events'`
  await sql.end({ timeout: 2 })
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  await stack.stop()
})

const signed = (r: Received, secret: string) =>
  r.headers['x-slack-signature'] ===
  `v0=${createHmac('sha256', secret)
    .update(`v0:${String(r.headers['x-slack-request-timestamp'])}:${r.body}`)
    .digest('hex')}`

const eventsWith = (type: string, test: (event: Record<string, unknown>) => boolean) =>
  received.filter((r) => r.json.event?.type === type && test(r.json.event))

test('an admin subscribes a URL; a message and a reaction arrive signed; a failure is retried', async ({
  browser,
}) => {
  // Two people, a workspace and a few rounds of the once-a-second job (a retry held 6 s).
  test.setTimeout(180_000)
  const ana = await actor(browser, 'Ana')
  const ben = await actor(browser, 'Ben')
  await twoInGeneral(ana, ben, `Events ${Date.now().toString(36)}`)

  const dialog = ana.page.getByRole('dialog', { name: 'Integrations' })
  const secret = await test.step('Ana subscribes the URL; it answers the challenge', async () => {
    await ana.page.getByRole('button', { name: 'Workspace menu' }).click()
    await ana.page.getByRole('menuitem', { name: 'Integrations' }).click()
    const section = dialog.getByRole('region', { name: 'Outgoing events' })
    await expect(section.getByText('No subscriptions yet.')).toBeVisible()
    await section.getByLabel('Request URL').fill(receiverUrl)
    await section.getByRole('checkbox', { name: /Reaction added/ }).check()
    await expect(section.getByRole('checkbox', { name: /Message posted/ })).toBeChecked()
    await section.getByRole('button', { name: 'Subscribe' }).click()
    const input = section.getByLabel('Signing secret')
    await expect(input).toHaveValue(/^[0-9a-f]{32}$/)
    await expect(section.getByText('The URL answered the challenge: verified.')).toBeVisible()
    await expect(section.getByRole('listitem', { name: receiverUrl })).toContainText(
      'Verified, active'
    )
    const value = await input.inputValue()
    const challenge = received.find((r) => r.json.type === 'url_verification')
    expect(challenge && signed(challenge, value)).toBe(true)
    return value
  })

  const item = dialog.getByRole('listitem', { name: receiverUrl })
  await test.step('Ben posts and reacts; both events arrive signed and show delivered', async () => {
    await send(ben.page, 'deploy finished')
    const posted = messageWith(ben.page, 'deploy finished')
    await posted.hover()
    await posted.getByRole('button', { name: 'Add reaction' }).click()
    await ben.page.getByRole('menuitem', { name: '🎉' }).click()
    await expect
      .poll(() => eventsWith('message', (e) => e.text === 'deploy finished').length, {
        timeout: 30_000,
      })
      .toBe(1)
    await expect
      .poll(() => eventsWith('reaction_added', (e) => e.reaction === 'tada').length, {
        timeout: 30_000,
      })
      .toBe(1)
    const message = eventsWith('message', (e) => e.text === 'deploy finished')[0]!
    const reaction = eventsWith('reaction_added', () => true)[0]!
    expect(message.json).toMatchObject({ type: 'event_callback' })
    expect(message.json.event).toMatchObject({ channel_type: 'channel', type: 'message' })
    expect(reaction.json.event).toMatchObject({
      item: { type: 'message', ts: message.json.event!.ts },
    })
    expect(signed(message, secret) && signed(reaction, secret)).toBe(true)
    await item.getByRole('button', { name: 'Deliveries' }).click()
    const table = item.getByRole('table', { name: 'Recent deliveries' })
    await expect(table.getByRole('row', { name: /reaction_added Delivered 1/ })).toBeVisible()
    await expect(table.getByRole('row', { name: /message Delivered 1/ })).toBeVisible()
  })

  await test.step('the URL fails once: Ana sees the retry, then the delivery', async () => {
    failNext = 1
    await send(ben.page, 'second deploy')
    const table = item.getByRole('table', { name: 'Recent deliveries' })
    const row = table.getByRole('row').filter({ hasText: 'message' }).first()
    await expect(row).toContainText('Retrying', { timeout: 30_000 })
    await expect(row).toContainText('500 · The server answered 500.')
    await expect(row).toContainText('Delivered', { timeout: 30_000 })
    await expect(row.getByRole('cell').nth(3)).toHaveText('2')
    const tries = eventsWith('message', (e) => e.text === 'second deploy')
    expect(tries).toHaveLength(2)
    expect(tries[0]!.headers['x-slack-retry-num']).toBeUndefined()
    expect(tries[1]!.headers).toMatchObject({
      'x-slack-retry-num': '1',
      'x-slack-retry-reason': 'http_error',
    })
  })

  await test.step('Ana changes the subscription to reactions only', async () => {
    await item.getByRole('button', { name: 'Change events' }).click()
    const editor = item.getByRole('form', { name: `Events sent to ${receiverUrl}` })
    await expect(editor.getByRole('checkbox', { name: /Reaction added/ })).toBeChecked()
    await editor.getByRole('checkbox', { name: /Message posted/ }).uncheck()
    await editor.getByRole('button', { name: 'Save' }).click()
    await expect(editor).toHaveCount(0)
    await expect(item.locator('.muted').first()).toHaveText(/^Reaction added · by /)
  })
})
