// Web Push end to end (issue 52, items 2-5): Ben turns push on for his browser in Settings →
// Notifications and closes Chorus; Ana mentions him; the server encrypts and signs a push and
// sends it to his device's endpoint; his service worker shows it and a click opens the message.
//
// Chromium here cannot reach a real push service, so this spec plays one (support/web-push-
// service.ts, and support/push-browser.ts in the page and the worker): it makes the subscription's keys as a browser does (ECDH P-256 and a 16-byte auth
// secret) and hands them, with an endpoint on its own HTTP server, to the page's PushManager:
// PushManager.prototype.subscribe and getSubscription are replaced in the page (addInitScript)
// to return that subscription, which is the one thing the browser would otherwise ask its push
// service for. Everything else is the app's own path: the permission, the service worker's
// registration, the server's VAPID key, register_push_subscription. The spec receives the
// server's request, decrypts it with the device's keys (RFC 8291) and checks its VAPID signature
// against the key the server gives the app, then delivers the decrypted payload to Ben's service
// worker as his browser would, with CDP's ServiceWorker.deliverPushMessage, reads the shown
// notification (registration.getNotifications()) and clicks it: a notificationclick dispatched in
// the worker (Chromium has no way to click a notification from a test), whose handler takes the
// open Chorus window to the permalink; read, the conversation's notification is closed on
// his other devices by a silent "read" push. Then: snoozed (Do Not Disturb) he gets no push, and
// a device the push service answers 410 for is removed from his list.
//
// Under `serve` in the production arrangement (startOwnStack), as a team runs it: the push goes
// from an Edge Function to this spec's server on 127.0.0.1, which serve's outbound guard refuses
// unless the operator allows it, so the spec's own stack has the one exception a team would set
// for a push relay on its own network: CHORUS_OUTBOUND_ALLOW = "127.0.0.1:<its port>" among the
// functions' secrets ([edge_runtime.secrets]; supabase/functions/_shared/outbound-allow.ts), and
// its VAPID keys are the ones serve made into its data folder. A persistent profile: Chromium
// keeps no push registrations for an off-the-record one (browser.newContext()).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import type { BrowserContext } from '@playwright/test'
import postgres from 'postgres'
import type { Sql } from 'postgres'
import { expect, test } from './support/test.ts'
import { actor, composer, confirmedMessageWith, messageWith, waitLive } from './support/actors.ts'
import type { Actor } from './support/actors.ts'
import { apiUrl, appUrl } from './support/env.ts'
import { ownStack } from './support/own-stack.ts'
import {
  clickNotification,
  countShown,
  playPushService,
  registrationId,
  runningWorker,
  workerNotifications,
} from './support/push-browser.ts'
import type { OwnStack } from './support/own-stack.ts'
import { startOwnStack } from './support/production-stack.ts'
import {
  checkVapid,
  decryptPush,
  makeDeviceKeys,
  startPushService,
} from './support/web-push-service.ts'
import type { PushService } from './support/web-push-service.ts'
import { twoInGeneral } from './support/workspace.ts'
import { CHROMIUM, CHROMIUM_ARGS } from './playwright.config.ts'

let stack: OwnStack | null = null
let sql: Sql
let service: PushService
let profile = ''
let context: BrowserContext

test.beforeAll(async () => {
  test.setTimeout(180_000)
  service = await startPushService()
  const allow = `CHORUS_OUTBOUND_ALLOW = "127.0.0.1:${new URL(service.url).port}"`
  stack = ownStack(() =>
    startOwnStack({
      configure: (toml) => toml.replace(/^\[edge_runtime\.secrets\]$/m, `$&\n${allow}`),
    })
  )
  await stack.start()
  const dbUrl = process.env.CHORUS_DB_URL
  if (!dbUrl) throw new Error('CHORUS_DB_URL is not set: run through playwright.config.ts')
  sql = postgres(dbUrl, { max: 1, onnotice: () => {} })
  await sql`
    select cron.alter_job(jobid, schedule => '1 seconds') from cron.job where jobname = 'chorus-push'`
  profile = await mkdtemp(path.join(tmpdir(), 'chorus-push-'))
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'allow',
    permissions: ['notifications'],
  })
})

test.afterAll(async () => {
  await context?.close()
  if (profile) await rm(profile, { recursive: true, force: true })
  await sql`
    select cron.alter_job(jobid, schedule => '5 seconds') from cron.job where jobname = 'chorus-push'`
  await sql?.end({ timeout: 2 })
  await service?.close()
  await stack?.stop()
})

test('a mention reaches Ben with no Chorus tab open: pushed, decrypted, shown, clicked open', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const ana = await actor(browser, 'Ana')
  const page = await context.newPage()
  const tag = Date.now().toString(36)
  const ben: Actor = {
    name: `Ben ${tag.slice(-4)}`,
    email: `ben.${tag}@example.test`,
    password: `pw-${tag}-Secret!`,
    context,
    page,
  }
  const keys = makeDeviceKeys()
  const devicePath = `/push/${tag}`
  const endpoint = `${service.url}${devicePath}`
  await playPushService(page, endpoint, keys.p256dh, keys.auth)
  await twoInGeneral(ana, ben, `Push ${tag}`)

  await test.step('Ben turns push on for this browser in Preferences → Notifications', async () => {
    await page.getByRole('button', { name: 'Notifications', exact: true }).click()
    const panel = page.getByRole('dialog', { name: 'Preferences' })
    await panel.getByRole('button', { name: 'Turn on push for this device' }).click()
    await expect(panel.getByText('Push is on for this device.')).toBeVisible()
    const list = panel.getByRole('list', { name: 'Devices with push' })
    await expect(list.getByRole('listitem')).toHaveCount(1)
    await expect(list.getByRole('listitem')).toContainText('(this device)')
    await expect(list.getByRole('listitem')).toContainText('not used yet')
    const [row] = await sql`select endpoint, p256dh, auth from public.push_subscriptions`
    expect(row).toEqual({ endpoint, p256dh: keys.p256dh, auth: keys.auth })
    await panel.getByRole('button', { name: 'Close' }).click()
  })
  const permalinkOf = (id: string) => new RegExp(`/w/[^/]+/c/[^/]+/m/${id}$`)
  const serverKey = (
    (await (await fetch(`${apiUrl()}/functions/v1/push-notify`)).json()) as { public_key: string }
  ).public_key

  const payload =
    await test.step('Ben closes Chorus; Ana mentions him; the push arrives encrypted and signed', async () => {
      await page.close()
      const box = composer(ana.page)
      await box.fill(`deploy is done @${ben.name.split(' ')[0]}`)
      await ana.page.getByRole('option', { name: new RegExp(`^${ben.name}`) }).click()
      await box.pressSequentially('please check')
      await box.press('Enter')
      await expect(messageWith(ana.page, 'please check')).toBeVisible()
      await expect.poll(() => service.received.length, { timeout: 30_000 }).toBe(1)
      const [request] = service.received
      expect(request!.path).toBe(devicePath)
      expect(request!.headers['content-encoding']).toBe('aes128gcm')
      expect(checkVapid(request!.headers.authorization as string, service.url)).toBe(serverKey)
      const text = decryptPush(request!.body, keys)
      const json = JSON.parse(text) as Record<string, string> & { url: string }
      expect(json).toMatchObject({
        type: 'message',
        title: `${ana.name} in #general`,
        body: `deploy is done @${ben.name} please check`,
      })
      expect(json.url).toMatch(permalinkOf('[0-9a-f-]{36}'))
      return { text, json }
    })

  await test.step("his service worker shows it; a click opens the message in Chorus's window", async () => {
    const again = await context.newPage()
    await again.goto(appUrl('/'))
    await waitLive(again)
    await expect
      .poll(() => again.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''))
      .toMatch(/\/sw\.js$/)
    const cdp = await context.newCDPSession(again)
    const id = await registrationId(cdp)
    const worker = await runningWorker(context)
    // The notifications the worker has shown, counted as they settle (support/push-browser.ts).
    const settled = await countShown(worker)
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(appUrl('/')).origin,
      registrationId: id,
      data: payload.text,
    })
    const shown = () => workerNotifications(worker)
    await expect.poll(settled, { timeout: 15_000 }).toBe(1)
    const list = await shown()
    expect(list).toHaveLength(1)
    expect(list[0]).toEqual({
      title: payload.json.title,
      body: payload.json.body,
      tag: payload.json.tag,
      icon: payload.json.icon,
      data: { url: payload.json.url },
    })
    await expect(again).not.toHaveURL(payload.json.url)
    await clickNotification(worker)
    await expect(again).toHaveURL(payload.json.url)
    await expect(messageWith(again, 'please check')).toBeVisible()
    await expect.poll(shown).toHaveLength(0)
    // Read now: his other devices are told to close the conversation's notification.
    await expect.poll(() => service.received.length, { timeout: 30_000 }).toBe(2)
    expect(JSON.parse(decryptPush(service.received[1]!.body, keys))).toEqual({
      type: 'read',
      tag: payload.json.tag,
    })
    await cdp.detach()
    await again.close()
  })

  await test.step('snoozed, he gets no push; a device the push service says is gone is removed', async () => {
    const snoozed = await context.newPage()
    await snoozed.goto(appUrl('/'))
    await waitLive(snoozed)
    await snoozed.getByRole('button', { name: 'Notifications', exact: true }).click()
    const panel = snoozed.getByRole('dialog', { name: 'Preferences' })
    await panel.getByRole('button', { name: 'Snooze 1 hour' }).click()
    await expect(panel.getByText(/^Snoozed until/)).toBeVisible()
    await panel.getByRole('button', { name: 'Close' }).click()
    await snoozed.close()
    const box = composer(ana.page)
    await box.fill(`and again @${ben.name.split(' ')[0]}`)
    await ana.page.getByRole('option', { name: new RegExp(`^${ben.name}`) }).click()
    await box.press('Enter')
    await expect(confirmedMessageWith(ana.page, 'and again')).toBeVisible()
    // Stored, queued for his device, and then taken by the job (due 4 s later, every second) and
    // dropped: nothing was sent.
    await expect
      .poll(
        async () =>
          (
            await sql`select count(*)::int as n from public.messages m
              join private.push_queue q on q.message_id = m.id where m.body like 'and again%'`
          )[0]!.n
      )
      .toBe(1)
    await expect
      .poll(async () => (await sql`select count(*)::int as n from private.push_queue`)[0]!.n, {
        timeout: 30_000,
      })
      .toBe(0)
    expect(service.received).toHaveLength(2)

    // Snooze over; the push service now says the subscription is gone (410).
    await sql`update public.notification_settings set snooze_until = null`
    service.answer(devicePath, 410)
    const box2 = composer(ana.page)
    await box2.fill(`last one @${ben.name.split(' ')[0]}`)
    await ana.page.getByRole('option', { name: new RegExp(`^${ben.name}`) }).click()
    await box2.press('Enter')
    await expect.poll(() => service.received.length, { timeout: 30_000 }).toBe(3)
    expect(service.received[2]!.status).toBe(410)
    await expect
      .poll(async () => (await sql`select count(*)::int as n from public.push_subscriptions`)[0]!.n)
      .toBe(0)
    const last = await context.newPage()
    await last.goto(appUrl('/'))
    await last.getByRole('button', { name: 'Notifications', exact: true }).click()
    const settings = last.getByRole('dialog', { name: 'Preferences' })
    await expect(
      settings.getByRole('button', { name: 'Turn on push for this device' })
    ).toBeVisible()
    await expect(settings.getByRole('list', { name: 'Devices with push' })).toHaveCount(0)
  })
})
