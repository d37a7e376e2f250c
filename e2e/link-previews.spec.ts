// Link previews end to end, on a stack of the spec's own whose functions have the loopback test
// setting (CHORUS_OUTBOUND_ALLOW_LOOPBACK = "1" among [edge_runtime.secrets]; the suite's shared
// stack has none, so its messages' links to this machine get no preview). Not in production mode
// (`serve`), in any arrangement: the page must be served by a site the functions reach, and
// serve's outbound guard (supabase/functions/_shared/safe-fetch.ts) refuses every address that is
// not public, loopback included, whatever the setting says; this machine has no public address
// (its one interface is 192.0.2.2, a documentation address, refused too). So the stack is
// `npm start`'s (demo keys and seed), the one where that test setting is honoured; the preview's
// job and function are the same code under serve. A test HTTP server on
// 127.0.0.1 stands in for a site, with Open Graph tags and an image. Ana posts its URL; Ana and
// Ben see the card (site, title, description, the image from Storage). The site records what it
// received (the page and the image, each once, from the server) and both browser contexts'
// request logs show that no browser ever asked the site's origin. Ana removes the preview and
// Ben sees it go. The site holds its page until Ben's browser has read the previews, and Ben gets
// that answer only after the finished preview came to him live: an answer older than what he
// already has must not undo it (it once did, and Ben never saw the card).
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from './support/test.ts'
import { actor, answerConfirm, messageWith, send } from './support/actors.ts'
import type { Actor } from './support/actors.ts'
import { useOwnStack } from './support/own-stack.ts'
import { startStack } from './support/stack-process.ts'
import { twoInGeneral } from './support/workspace.ts'

// A 32×16 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAAQCAIAAAD4YuoOAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAJElEQVQ4jWPwd3tKU8QwaoHbaBA9HU1F/qMZ7eloUeE/yEtTAABN9B+jyBxiAAAAAElFTkSuQmCC',
  'base64'
)

let site: http.Server | null = null
let origin = ''
/** What the site received: method and path, with who asked (its User-Agent). */
const received: { path: string; agent: string }[] = []
/** The site answers for its page once this settles (or after 15 s). */
let pageHeld: Promise<void> = Promise.resolve()

test.beforeAll(async () => {
  test.setTimeout(180_000)
  site = http.createServer((request, response) => {
    received.push({ path: request.url ?? '', agent: request.headers['user-agent'] ?? '' })
    if (request.url === '/article') {
      const held = Promise.race([pageHeld, new Promise((resolve) => setTimeout(resolve, 15_000))])
      void held.then(() =>
        response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(
          `<!doctype html><html><head><title>Fallback</title>
        <meta property="og:title" content="The Overlook &amp; its hedges">
        <meta property="og:description" content="Everything about the maze, in one page.">
        <meta property="og:site_name" content="Overlook News">
        <meta property="og:image" content="/card.png"></head><body>Hello</body></html>`
        )
      )
    } else if (request.url === '/card.png') {
      response.writeHead(200, { 'Content-Type': 'image/png' }).end(PNG)
    } else {
      response.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => site!.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
})

useOwnStack(() =>
  startStack({
    configure: (toml) =>
      toml.replace(/^\[edge_runtime\.secrets\]$/m, '$&\nCHORUS_OUTBOUND_ALLOW_LOOPBACK = "1"'),
  })
)

test.afterAll(async () => {
  await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()))
})

/** Every URL the person's browser context requested, from its first page on. */
function requestLog(person: Actor): string[] {
  const urls: string[] = []
  person.context.on('request', (request) => urls.push(request.url()))
  return urls
}

/** Settles once the person's page receives a live preview that is ready. */
function liveReady(person: Actor): Promise<void> {
  return new Promise((resolve) => {
    person.page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        const text = payload.toString()
        if (text.includes('link_previews') && text.includes('"ready"')) resolve()
      })
    )
  })
}

test('a link shows its preview to everyone, its image from Storage, without any browser contacting the site; the author removes it', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const ana = await actor(browser, 'Ana')
  const ben = await actor(browser, 'Ben')
  const anaRequests = requestLog(ana)
  const benRequests = requestLog(ben)
  const readyReachedBen = liveReady(ben)
  let benAsked = () => {}
  pageHeld = new Promise<void>((resolve) => (benAsked = resolve))
  await twoInGeneral(ana, ben, `Previews ${Date.now().toString(36)}`)
  // Ben's reads of the previews: answered by the server before the preview is made, handed to
  // his page only once the made preview reached it live.
  await ben.page.route('**/rest/v1/link_previews?*', async (route) => {
    const response = await route.fetch()
    benAsked()
    await readyReachedBen
    await route.fulfill({ response })
  })

  const link = `${origin}/article`
  const text = `Have you read ${link} yet?`
  await send(ana.page, text)

  for (const person of [ana, ben]) {
    await test.step(`${person.name.split(' ')[0]} sees the card`, async () => {
      const card = messageWith(person.page, 'Have you read').getByRole('group', {
        name: 'Link preview: The Overlook & its hedges',
      })
      await expect(card).toBeVisible({ timeout: 30_000 })
      await expect(card.getByText('Overlook News')).toBeVisible()
      await expect(card.getByText('Everything about the maze, in one page.')).toBeVisible()
      const title = card.getByRole('link', { name: 'The Overlook & its hedges' })
      await expect(title).toHaveAttribute('href', link)
      await expect(title).toHaveAttribute('rel', 'noopener noreferrer')
      const image = card.locator('img')
      await expect(image).toHaveAttribute('src', /\/storage\/v1\/object\/sign\/link-previews\//)
      // Loaded and decoded: the bytes came (from Storage) and are the site's picture.
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(32)
    })
  }
  // Only Ana (the author) may remove it.
  const removeName = 'Remove the preview of The Overlook & its hedges'
  await expect(
    messageWith(ben.page, 'Have you read').getByRole('button', { name: removeName })
  ).toHaveCount(0)

  await test.step('no browser ever asked the site; the server fetched page and image once', () => {
    for (const urls of [anaRequests, benRequests]) {
      expect(urls.length).toBeGreaterThan(0)
      expect(urls.filter((url) => url.startsWith(origin))).toEqual([])
    }
    expect(received.map((r) => r.path).sort()).toEqual(['/article', '/card.png'])
    for (const r of received) expect(r.agent).toContain('ChorusLinkPreview')
  })

  await test.step('Ana removes the preview; it goes for Ben too', async () => {
    await messageWith(ana.page, 'Have you read').getByRole('button', { name: removeName }).click()
    await answerConfirm(ana.page, 'Remove')
    for (const person of [ana, ben]) {
      await expect(
        messageWith(person.page, 'Have you read').getByRole('group', { name: /^Link preview/ })
      ).toHaveCount(0)
      await expect(messageWith(person.page, 'Have you read')).toContainText(link)
    }
  })
  // Still nobody's browser asked the site.
  for (const urls of [anaRequests, benRequests]) {
    expect(urls.filter((url) => url.startsWith(origin))).toEqual([])
  }
})
