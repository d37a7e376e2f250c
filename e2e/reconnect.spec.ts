// Live again at once: after an outage, the socket reconnects when the browser says it is online
// (not when realtime-js's back-off timer fires), so a message someone sends right after the return
// shows at about the usual speed. The times are printed as figures, not asserted: the machine
// is shared and a timed assertion would be flaky.
//
// Chromium's offline emulation leaves open WebSockets alone, while a real outage drops them; so
// Ben's realtime socket goes through a route that drops it when the outage starts and refuses
// new ones until it ends, as an unreachable network would.
import { expect, test } from './support/test.ts'
import type { WebSocketRoute } from '@playwright/test'
import { actor, messageWith, send, waitLive } from './support/actors.ts'
import { twoInGeneral } from './support/workspace.ts'

test('after an outage the channel is live again at once and new messages show without waiting', async ({
  browser,
}) => {
  const ana = await actor(browser, 'Ana')
  const ben = await actor(browser, 'Ben')
  let down = false
  let refused = 0
  const open = new Set<WebSocketRoute>()
  await ben.context.routeWebSocket(/\/realtime\/v1\//, (ws) => {
    if (down) {
      refused += 1
      return void ws.close({ code: 1011, reason: 'unreachable' })
    }
    const server = ws.connectToServer()
    open.add(ws)
    ws.onClose(() => {
      open.delete(ws)
      void server.close()
    })
  })
  await twoInGeneral(ana, ben, `Reconnect ${Date.now().toString(36)}`)
  const figures: string[] = []

  // realtime-js retries after 1, 2, 5 and then 10 s: an outage that outlasts one refused retry,
  // then one that outlasts two, leaves its back-off timer 2 s and then 5 s away at the return.
  for (const retries of [1, 2]) {
    await test.step(`Ben is offline until ${retries} reconnect attempts were refused, then a message arrives right after his return`, async () => {
      down = true
      const start = Date.now()
      const before = refused
      await ben.context.setOffline(true)
      for (const ws of open) await ws.close({ code: 1011, reason: 'network lost' })
      await expect(ben.page.locator('[data-status]')).toHaveAttribute('data-status', 'offline')
      await expect.poll(() => refused - before, { timeout: 30_000 }).toBeGreaterThanOrEqual(retries)
      const outage = Date.now() - start
      const back = Date.now()
      down = false
      await ben.context.setOffline(false)
      const text = `sent right after an outage of ${retries} refused retries`
      const sent = Date.now()
      await send(ana.page, text)
      await expect(messageWith(ben.page, text)).toBeVisible({ timeout: 30_000 })
      const shown = Date.now()
      await waitLive(ben.page)
      const live = Date.now()
      figures.push(
        `outage ${(outage / 1000).toFixed(1)} s (${retries} refused retries): message shown ${shown - back} ms after the return ` +
          `(${shown - sent} ms after it was sent), live ${live - back} ms after the return`
      )
    })
  }
  for (const line of figures) console.log(`[reconnect] ${line}`)
  test.info().annotations.push(...figures.map((description) => ({ type: 'figure', description })))
})

// Realtime closes every channel of a tenant that goes over its message rate ("Too many messages
// per second": a system error, then phx_close), and realtime-js does not rejoin a channel the
// server closed. Here the close is delivered to Ben's page as Realtime sends it (the route tells
// the server Ben left the topic, as the server's own close leaves it), and Chorus must join again
// by itself and catch up on what was sent meanwhile.
test('a channel the server closes ("Too many messages per second") is joined again and catches up', async ({
  browser,
}) => {
  const ana = await actor(browser, 'Ana')
  const ben = await actor(browser, 'Ben')
  let socket: { page: WebSocketRoute; server: WebSocketRoute } | null = null
  const joins: { joinRef: string; topic: string }[] = []
  await ben.context.routeWebSocket(/\/realtime\/v1\//, (ws) => {
    const server = ws.connectToServer()
    socket = { page: ws, server }
    ws.onMessage((message) => {
      const text = typeof message === 'string' ? message : message.toString()
      const frame = JSON.parse(text) as unknown[]
      if (frame[3] === 'phx_join')
        joins.push({ joinRef: String(frame[0]), topic: String(frame[2]) })
      server.send(message)
    })
  })
  await twoInGeneral(ana, ben, `Closed ${Date.now().toString(36)}`)
  const channelTopic = () =>
    [...joins].reverse().find((j) => j.topic.startsWith('realtime:live:channel:'))!
  await send(ana.page, 'before the close')
  await expect(messageWith(ben.page, 'before the close')).toBeVisible()

  await test.step('the server closes the channel: not live, then live again by itself', async () => {
    const { joinRef, topic } = channelTopic()
    const joinsBefore = joins.filter((j) => j.topic === topic).length
    socket!.server.send(JSON.stringify([joinRef, null, topic, 'phx_leave', {}]))
    socket!.page.send(
      JSON.stringify([
        joinRef,
        null,
        topic,
        'system',
        { status: 'error', message: 'Too many messages per second', extension: 'system' },
      ])
    )
    socket!.page.send(JSON.stringify([joinRef, joinRef, topic, 'phx_close', {}]))
    await send(ana.page, 'sent while the channel was closed')
    await expect
      .poll(() => joins.filter((j) => j.topic === topic).length, { timeout: 30_000 })
      .toBeGreaterThan(joinsBefore)
    await expect(messageWith(ben.page, 'sent while the channel was closed')).toBeVisible()
    await waitLive(ben.page)
    await send(ana.page, 'live after the rejoin')
    await expect(messageWith(ben.page, 'live after the rejoin')).toBeVisible()
  })
})
