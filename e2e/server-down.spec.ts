// The server unreachable at start: Chorus says so instead of an empty state that is not true,
// shows the messages waiting in the outbox at once, and recovers without a reload once the
// server answers again, sending each waiting message once. The API (REST, Auth, Realtime) is
// made unreachable for Kim's browser by routes; the app's own files still load. The routes take
// the API's paths only (apiRequests): in production the app and the API share one origin.
import { expect, test } from './support/test.ts'
import {
  actor,
  composer,
  confirmedMessageWith,
  messageWith,
  send,
  waitLive,
} from './support/actors.ts'
import { apiUrl } from './support/env.ts'
import { inOwnWorkspace } from './support/workspace.ts'

/** The API's requests (REST, Auth, Storage, Functions, Realtime), not the app's own files, which
 * come from the same origin under `serve`. */
function apiRequests(url: URL): boolean {
  return (
    url.origin === new URL(apiUrl()).origin &&
    /^\/(rest|auth|storage|functions|realtime)\/v1\//.test(url.pathname)
  )
}

test('a start with the server down shows the real state and recovers without a reload', async ({
  browser,
}) => {
  const kim = await actor(browser, 'Kim')
  const page = kim.page
  await inOwnWorkspace(kim, `Down ${Date.now().toString(36)}`)
  await waitLive(page)
  await send(page, 'before the outage')

  let down = false
  await kim.context.route(apiRequests, (route) =>
    down ? route.abort('connectionrefused') : route.continue()
  )
  await kim.context.routeWebSocket(/\/realtime\/v1\//, (ws) => {
    if (down) return void ws.close({ code: 1011, reason: 'unreachable' })
    ws.connectToServer()
  })

  await test.step('a message written while the server is down waits in the outbox', async () => {
    down = true
    await send(page, 'written while the server was down')
    await expect(messageWith(page, 'written while the server was down')).toHaveClass(
      /message-pending/
    )
  })

  await test.step('reloaded with the server still down: the real state, the outbox at once', async () => {
    await page.reload()
    const banner = page.locator('.status-banner[data-status="loading"]')
    await expect(banner).toContainText('Cannot reach the server')
    await expect(banner).toContainText('1 message will be sent when it answers')
    await expect(messageWith(page, 'written while the server was down')).toBeVisible()
    await expect(messageWith(page, 'before the outage')).toBeVisible() // the last-known messages
    await expect(page.locator('.sidebar')).toContainText('Cannot reach the server')
    await expect(page.getByText('No conversations yet')).toHaveCount(0)
    // The channel's name is last-known (the offline cache), never a bare "Message #".
    await expect(
      page.getByRole('combobox', { name: 'Message #general', exact: true })
    ).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Message #', exact: true })).toHaveCount(0)
  })

  await test.step('the server answers again: live without a reload, the waiting message sent once', async () => {
    const back = Date.now()
    down = false
    await waitLive(page)
    await expect(confirmedMessageWith(page, 'written while the server was down')).toHaveCount(1)
    const recovered = Date.now() - back
    await expect(page.getByText('No conversations yet')).toBeVisible()
    await expect(composer(page)).toHaveAccessibleName('Message #general')
    await expect(messageWith(page, 'before the outage')).toHaveCount(1)
    console.log(`[server-down] live again ${recovered} ms after the server answered`)
  })
})

test('a start with the server down and an expired access token opens signed in and recovers as the same person', async ({
  browser,
}) => {
  const lea = await actor(browser, 'Lea')
  const page = lea.page
  await inOwnWorkspace(lea, `Expired ${Date.now().toString(36)}`)
  await waitLive(page)
  await send(page, 'before the outage')

  let down = false
  let refreshes = 0
  await lea.context.route(apiRequests, (route) => {
    if (down && route.request().url().includes('grant_type=refresh_token')) refreshes += 1
    return down ? route.abort('connectionrefused') : route.continue()
  })
  await lea.context.routeWebSocket(/\/realtime\/v1\//, (ws) => {
    if (down) return void ws.close({ code: 1011, reason: 'unreachable' })
    ws.connectToServer()
  })
  down = true
  // The stored access token is past its expiry, as after a night away: supabase-js must refresh
  // it and cannot.
  const expiredAt = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token'))!
    const session = JSON.parse(localStorage.getItem(key)!) as { expires_at: number }
    session.expires_at = Math.floor(Date.now() / 1000) - 60
    localStorage.setItem(key, JSON.stringify(session))
    return session.expires_at
  })

  await test.step('reloaded: signed in at once, the last-known state and the outbox', async () => {
    const start = Date.now()
    await page.reload()
    await expect(page.locator('.status-banner[data-status="loading"]')).toContainText(
      'Cannot reach the server'
    )
    await expect(messageWith(page, 'before the outage')).toBeVisible()
    console.log(
      `[server-down] expired token: the cached channel ${Date.now() - start} ms after reload`
    )
    await send(page, 'written with an expired token')
    await expect(messageWith(page, 'written with an expired token')).toHaveClass(/message-pending/)
  })

  await test.step('still down after supabase-js gave up its refresh (30 s): still signed in', async () => {
    // supabase-js tries a refresh 8 times, 200 ms apart and doubling, within 30 s: the eighth
    // refused one is the end of its retries.
    await expect.poll(() => refreshes, { timeout: 60_000 }).toBeGreaterThanOrEqual(8)
    await expect(page.getByRole('heading', { name: 'Sign in' })).toHaveCount(0)
    await expect(messageWith(page, 'written with an expired token')).toBeVisible()
  })

  await test.step('the server answers: live as Lea, the waiting message sent once', async () => {
    down = false
    await waitLive(page)
    await expect(confirmedMessageWith(page, 'written with an expired token')).toHaveCount(1)
    await expect(page.getByText(/permission/i)).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'general, channel' })).toBeVisible()
    const refreshed = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token'))!
      return (JSON.parse(localStorage.getItem(key)!) as { expires_at: number }).expires_at
    })
    expect(refreshed).toBeGreaterThan(expiredAt + 60)
  })
})
