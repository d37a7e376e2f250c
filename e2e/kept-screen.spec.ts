// The kept screen (app/src/shell/kept-screen.ts, kept-screen-restore.ts): a return visit paints
// the screen the person left, from this device, before the app has loaded; the app's own first
// screen then takes its place. It is a picture (inert, hidden from assistive technology, in a
// closed shadow root), its person's only, deleted when they sign out, shown only at the address
// and window width it was kept for (and no taller window), and nothing it holds ever runs.
//
// A closed shadow root is out of the page's reach (and Playwright's): each page here wraps
// attachShadow in an init script to look into it, and records when the kept screen came and went.
import { expect, test } from './support/test.ts'
import type { Page } from '@playwright/test'
import {
  actor,
  confirmedMessageWith,
  send,
  signOut,
  signUpByApi,
  waitLive,
} from './support/actors.ts'
import type { Actor } from './support/actors.ts'
import { appUrl } from './support/env.ts'
import { createWorkspace } from './support/workspace.ts'

const LEFT = 'the screen to come back to'
const LAST = 'and the last one'

interface Seen {
  /** performance.now() when the kept screen was put in the page, and when it was taken away. */
  shownAt?: number
  goneAt?: number
  /** When the app's own row with LEFT was first in the page. */
  liveAt?: number
  text?: string
  inert?: boolean
  ariaHidden?: string | null
  /** What the kept screen's tree holds that could run: on* attributes, scripts, javascript: links. */
  runnable?: number
}

// Page scripts are strings: tsx would wrap inner functions in helpers the page lacks.
const WATCH = `
  window.__seen = {}
  const seen = window.__seen
  const roots = new Map()
  const attach = Element.prototype.attachShadow
  Element.prototype.attachShadow = function (init) {
    const root = attach.call(this, init)
    roots.set(this, root)
    return root
  }
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.id !== 'kept-screen' || seen.shownAt) continue
        const root = roots.get(node)
        seen.shownAt = performance.now()
        seen.text = root.textContent
        seen.inert = node.inert
        seen.ariaHidden = node.getAttribute('aria-hidden')
        seen.runnable = root.querySelectorAll('script, iframe, [onerror], [onload], a[href^="javascript:"]').length
      }
      for (const node of record.removedNodes) if (node.id === 'kept-screen') seen.goneAt ??= performance.now()
    }
    if (seen.liveAt) return
    for (const body of document.querySelectorAll('#root .message-body'))
      if (body.textContent.includes(${JSON.stringify(LEFT)})) seen.liveAt = performance.now()
  }).observe(document, { childList: true, subtree: true, characterData: true })`

const seenIn = (page: Page) => page.evaluate('window.__seen') as Promise<Seen>

/** Ana in a workspace of her own whose channel ends with LEFT then LAST, the page then left
 * (about:blank) as soon as LAST is confirmed: the screen was kept a few seconds after it showed
 * LEFT, and again when it was left. Returns the channel's address. */
async function anaLeavesAChannel(ana: Actor): Promise<string> {
  await signUpByApi(ana)
  await createWorkspace(ana, `Kept ${Date.now().toString(36)}`)
  await waitLive(ana.page)
  await send(ana.page, LEFT)
  await expect(confirmedMessageWith(ana.page, LEFT)).toBeVisible()
  await expect.poll(async () => (await keptScreens(ana))[0]?.[1] ?? '').toContain(LEFT)
  await send(ana.page, LAST)
  await expect(confirmedMessageWith(ana.page, LAST)).toBeVisible()
  const channel = ana.page.url()
  await ana.page.goto('about:blank')
  return channel
}

/** The kept screens in Ana's browser's storage: [key, value] for each. */
async function keptScreens(ana: Actor): Promise<[string, string][]> {
  const { origins } = await ana.context.storageState()
  return origins
    .flatMap((origin) => origin.localStorage)
    .filter(({ name }) => name.endsWith('.value.screen'))
    .map(({ name, value }) => [name, value])
}

test('a return visit paints the screen kept from the last one before the app, then the app’s', async ({
  browser,
}) => {
  const ana = await actor(browser, 'Ana')
  const channel = await anaLeavesAChannel(ana)
  const kept = await keptScreens(ana)
  expect(kept).toHaveLength(1)
  const screen = JSON.parse(kept[0]![1]) as { path: string; width: number; html: string }
  expect(screen.path).toBe(new URL(channel).pathname)
  expect(screen.width).toBe(1280)
  expect(screen.html).toContain(LAST)

  await ana.page.addInitScript({ content: WATCH })
  await ana.page.goto(channel)
  await expect(confirmedMessageWith(ana.page, LAST)).toBeVisible()
  // Gone once the app's first screen is shown.
  await expect(ana.page.locator('#kept-screen')).toHaveCount(0)
  const seen = await seenIn(ana.page)
  expect(seen.text).toContain(LAST)
  expect(seen.inert).toBe(true)
  expect(seen.ariaHidden).toBe('true')
  expect(seen.runnable).toBe(0)
  // Painted before the app had its row in the page, and taken away after.
  expect(seen.shownAt).toBeLessThan(seen.liveAt!)
  expect(seen.goneAt).toBeGreaterThanOrEqual(seen.liveAt!)
  expect(await ana.page.evaluate(`performance.getEntriesByName('chorus:kept-screen').length`)).toBe(
    1
  )
  // The app works under it as ever: the next message is sent and shown.
  await send(ana.page, 'and on from there')
  await expect(confirmedMessageWith(ana.page, 'and on from there')).toBeVisible()

  // `/` (the installed app's start) opens the last workspace's default channel, which this one
  // is: its kept screen is painted there too.
  await ana.page.goto('about:blank')
  await ana.page.goto(appUrl('/'))
  await expect(ana.page).toHaveURL(channel)
  await expect(confirmedMessageWith(ana.page, 'and on from there')).toBeVisible()
  await expect(ana.page.locator('#kept-screen')).toHaveCount(0)
  expect((await seenIn(ana.page)).text).toContain(LAST)

  // Signing out deletes it with the rest of what was kept for Ana.
  await signOut(ana.page)
  expect(await keptScreens(ana)).toEqual([])
  await ana.context.close()
})

test('a kept screen shows only to its person, at its address and width, and nothing in it runs', async ({
  browser,
}) => {
  const ana = await actor(browser, 'Ana')
  const channel = await anaLeavesAChannel(ana)
  const [[key, value]] = (await keptScreens(ana)) as [[string, string]]
  const screen = JSON.parse(value) as {
    user: string
    html: string
    path: string
    width: number
    height: number
  }

  /** Opens the channel with the kept screen replaced by `changed` (written before any script of
   * the page runs: leaving the page before keeps the real one again). Whether it was painted. */
  async function openWith(changed: object | string): Promise<Seen> {
    const page = await ana.context.newPage()
    const text = typeof changed === 'string' ? changed : JSON.stringify(changed)
    await page.addInitScript({
      content: `localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(text)});${WATCH}`,
    })
    await page.goto(channel)
    await expect(confirmedMessageWith(page, LEFT)).toBeVisible()
    await expect(page.locator('#kept-screen')).toHaveCount(0)
    const seen = await seenIn(page)
    expect(await page.evaluate('window.__ran')).toBeUndefined()
    await page.close()
    return seen
  }

  // Another person's (the cache of one person at a time is kept; this one claims to be Ben's).
  expect((await openWith({ ...screen, user: crypto.randomUUID() })).shownAt).toBeUndefined()
  // Another address, another width.
  expect((await openWith({ ...screen, path: `${screen.path}x` })).shownAt).toBeUndefined()
  expect((await openWith({ ...screen, width: screen.width + 1 })).shownAt).toBeUndefined()
  expect((await openWith({ ...screen, height: screen.height - 1 })).shownAt).toBeUndefined()
  // Unreadable: the app opens as without one.
  expect((await openWith('{"v":1,')).shownAt).toBeUndefined()
  // What would run if it were the page's: it is shown, without any of it.
  const planted =
    `<img src="/nothing.png" onerror="window.__ran = 'onerror'">` +
    `<script>window.__ran = 'script'</script>` +
    `<iframe srcdoc="<script>parent.__ran = 'iframe'</script>"></iframe>` +
    `<a href="javascript:window.__ran = 'link'">a link</a>`
  const seen = await openWith({ ...screen, html: screen.html.replace(LEFT, `${LEFT}${planted}`) })
  expect(seen.text).toContain(LEFT)
  expect(seen.text).toContain('a link')
  expect(seen.runnable).toBe(0)
  await ana.context.close()
})
