// Large files in Chorus: a 50 MB file uploads resumably (tus, 6 MB chunks) and survives a dropped
// network, a pause, a failing network and a page reload without starting over; cancel removes
// it from the server; a message sent while its file uploads goes once the file is up. "Without starting over" is counted: every tus request that carries bytes
// (the creation POST with the first chunk, each PATCH) is seen with its Upload-Offset, and the
// bytes it sends are the chunk from there. Where the network has to fail at a given point, a route
// holds or aborts the request that starts there (the server is never imitated).
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from './support/test.ts'
import type { Page, Route } from '@playwright/test'
import { actor, composer, messageWith, waitLive } from './support/actors.ts'
import type { Actor } from './support/actors.ts'
import { twoInGeneral, inOwnWorkspace } from './support/workspace.ts'

// The requests are seen and held by the page (page.on('request'), page.route); once the service
// worker controls the page (after a reload), the page's requests pass through it, where Playwright
// no longer sees them all: a fresh-clone run counted no tus request after a reload, the file
// uploaded nonetheless.
test.use({ serviceWorkers: 'block' })

const MiB = 1024 * 1024
/** 50 MB, the largest file Chorus takes (SI, as every size is written: app/src/lib/sizes.ts). */
const SIZE = 50_000_000
/** Supabase's tus chunk: exactly 6 MiB. */
const CHUNK = 6 * MiB
const TUS = '/storage/v1/upload/resumable'

let folder = ''
const fileNamed = (name: string) => path.join(folder, name)

test.beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'chorus-uploads-'))
  const bytes = randomBytes(SIZE)
  for (const name of [
    'release.tar.zst',
    'paused.mp4',
    'cancelled.mp4',
    'flaky.mp4',
    'reload.mp4',
  ]) {
    await writeFile(fileNamed(name), bytes)
  }
})

test.afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true })
})

interface Sent {
  method: string
  offset: number
  bytes: number
}

/** Every tus request of the page that carries bytes, with its offset and the bytes it sends. */
function countTusBytes(page: Page): Sent[] {
  const sent: Sent[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (!url.pathname.startsWith(TUS)) return
    const headers = request.headers()
    if (request.method() === 'PATCH') {
      const offset = Number(headers['upload-offset'])
      sent.push({ method: 'PATCH', offset, bytes: Math.min(CHUNK, SIZE - offset) })
    } else if (
      request.method() === 'POST' &&
      headers['content-type'] === 'application/offset+octet-stream'
    ) {
      sent.push({ method: 'POST', offset: 0, bytes: Math.min(CHUNK, SIZE) })
    }
  })
  return sent
}

const total = (sent: Sent[]) => sent.reduce((sum, s) => sum + s.bytes, 0)

/**
 * Holds the first PATCH that starts at or past `offset` (it is not sent on while held); every
 * other request goes on. Resolves with that route.
 */
async function holdPatchFrom(page: Page, offset: number): Promise<{ held: Promise<Route> }> {
  let hold!: (route: Route) => void
  const held = new Promise<Route>((resolve) => (hold = resolve))
  let taken = false
  await page.route(`**${TUS}/**`, async (route) => {
    const request = route.request()
    const at = Number(request.headers()['upload-offset'] ?? -1)
    if (!taken && request.method() === 'PATCH' && at >= offset) {
      taken = true
      hold(route)
      return
    }
    await route.continue().catch(() => undefined)
  })
  return { held }
}

const progressOf = (page: Page, name: string) =>
  page.getByRole('progressbar', { name: `Upload of ${name}` })

async function attach(page: Page, name: string): Promise<void> {
  await page.getByTestId('file-input').setInputFiles(fileNamed(name))
  await expect(progressOf(page, name)).toBeVisible()
}

async function expectUploaded(page: Page, name: string): Promise<void> {
  await expect(progressOf(page, name)).toHaveAttribute('class', 'progress-done', {
    timeout: 60_000,
  })
}

/** The upload's row in the tray. */
const trayItem = (page: Page, name: string) =>
  page.locator('.upload-tray li').filter({ has: page.locator('.file-name', { hasText: name }) })

async function ownerInFreshWorkspace(person: Actor, workspace: string): Promise<void> {
  await inOwnWorkspace(person, workspace)
  await waitLive(person.page)
}

test('a 50 MB .tar.zst (any type) survives a dropped network and finishes without starting over', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const alice = await actor(browser, 'Alice')
  const bob = await actor(browser, 'Bob')
  await twoInGeneral(alice, bob, 'Big files')
  const sent = countTusBytes(alice.page)

  await test.step('the network drops halfway through the upload', async () => {
    const { held } = await holdPatchFrom(alice.page, SIZE / 2)
    await attach(alice.page, 'release.tar.zst')
    const route = await held
    await alice.context.setOffline(true)
    await route.abort('internetdisconnected')
    await alice.page.unroute(`**${TUS}/**`)
    await expect(trayItem(alice.page, 'release.tar.zst')).toContainText('paused')
    // Sent meanwhile, the message waits for its file.
    await composer(alice.page).fill('The whole release')
    await composer(alice.page).press('Enter')
    await expect(alice.page.getByRole('status').filter({ hasText: 'Sending once' })).toHaveText(
      'Sending once the files are uploaded…'
    )
    await expect(alice.page.getByRole('button', { name: 'Send message' })).toBeDisabled()
    await expect(composer(alice.page)).toHaveValue('The whole release')
  })

  const beforeReturn = sent.length
  await test.step('back online, it goes on from what the server has, then the message', async () => {
    await alice.context.setOffline(false)
    // Once the file is up the message goes by itself, the tray and the box emptied.
    await expect(composer(alice.page)).toHaveValue('', { timeout: 60_000 })
    await expect(trayItem(alice.page, 'release.tar.zst')).toHaveCount(0)
    const after = sent.slice(beforeReturn)
    expect(after.length).toBeGreaterThan(0)
    // The first request after the drop starts where the server stopped (25.2 MB: four chunks in).
    expect(after[0]!.offset).toBeGreaterThanOrEqual(SIZE / 2 - CHUNK)
    expect(after.every((s) => s.offset > 0)).toBe(true)
    expect(sent.filter((s) => s.method === 'POST')).toHaveLength(1)
    // Well under twice the file: each byte went once, save at most a chunk lost in the drop.
    expect(total(sent)).toBeLessThanOrEqual(SIZE + CHUNK)
    expect(total(sent)).toBeGreaterThanOrEqual(SIZE)
  })

  await test.step('the message with the file arrives for the other person', async () => {
    await expect(messageWith(alice.page, 'The whole release').locator('.file-name')).toHaveText(
      'release.tar.zst'
    )
    const card = messageWith(bob.page, 'The whole release').locator('.file-card')
    await expect(card.locator('.file-name')).toHaveText('release.tar.zst')
    // The size is the stored object's (the attachment row takes it from Storage).
    await expect(card).toContainText('50 MB')
    await expect(card.getByRole('link', { name: 'Download release.tar.zst' })).toHaveAttribute(
      'href',
      /\/storage\/v1\/object\/sign\/attachments\//
    )
  })
})

test('pause and resume go on from the same byte; cancel removes the upload; a failing network says why and Retry resumes', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const carol = await actor(browser, 'Carol')
  await ownerInFreshWorkspace(carol, 'Paused files')
  const { page } = carol
  const sent = countTusBytes(page)

  await test.step('pause, then resume from the same offset', async () => {
    const { held } = await holdPatchFrom(page, 2 * CHUNK)
    await attach(page, 'paused.mp4')
    const route = await held
    await trayItem(page, 'paused.mp4').getByRole('button', { name: 'Pause', exact: true }).click()
    await expect(trayItem(page, 'paused.mp4')).toContainText('paused')
    // The held request was given up by the pause: it never reaches the server. (Let go with
    // continue(), Playwright could still send part of its body after the page had aborted it:
    // a fresh-clone run saw the server at 13 MiB, and the resume rightly went on from there.)
    await route.abort('aborted').catch(() => undefined)
    await page.unroute(`**${TUS}/**`)
    const paused = sent.length
    await trayItem(page, 'paused.mp4').getByRole('button', { name: 'Resume', exact: true }).click()
    await expectUploaded(page, 'paused.mp4')
    const after = sent.slice(paused)
    expect(after[0]!.offset).toBe(2 * CHUNK)
    expect(after.every((s) => s.offset > 0)).toBe(true)
    // The file once, and the chunk the pause gave up.
    expect(total(sent)).toBe(SIZE + CHUNK)
  })

  await test.step('cancel terminates the upload on the server', async () => {
    const { held } = await holdPatchFrom(page, CHUNK)
    await attach(page, 'cancelled.mp4')
    const route = await held
    const terminated = page.waitForResponse(
      (response) =>
        response.request().method() === 'DELETE' && new URL(response.url()).pathname.startsWith(TUS)
    )
    await page.getByRole('button', { name: 'Cancel upload of cancelled.mp4' }).click()
    await expect(trayItem(page, 'cancelled.mp4')).toHaveCount(0)
    await route.continue().catch(() => undefined)
    await page.unroute(`**${TUS}/**`)
    expect((await terminated).status()).toBe(204)
  })

  await test.step('a network that keeps failing: the reason and Retry, which resumes', async () => {
    sent.length = 0
    await page.route(`**${TUS}/**`, async (route) => {
      const at = Number(route.request().headers()['upload-offset'] ?? -1)
      if (route.request().method() === 'PATCH' && at >= 2 * CHUNK) await route.abort('failed')
      else await route.continue().catch(() => undefined)
    })
    await attach(page, 'flaky.mp4')
    // tus-js-client retries (0, 1, 3, 5 and 10 s) before giving up.
    await expect(trayItem(page, 'flaky.mp4')).toContainText(
      'The network dropped during the upload.',
      { timeout: 45_000 }
    )
    await page.unroute(`**${TUS}/**`)
    const failed = sent.length
    await trayItem(page, 'flaky.mp4').getByRole('button', { name: 'Retry', exact: true }).click()
    await expectUploaded(page, 'flaky.mp4')
    const after = sent.slice(failed)
    expect(after[0]!.offset).toBe(2 * CHUNK)
    expect(after.filter((s) => s.method === 'POST')).toHaveLength(0)
  })

  await test.step('the message goes with the files that finished', async () => {
    await composer(page).fill('Two of three')
    await composer(page).press('Enter')
    const message = messageWith(page, 'Two of three')
    await expect(message.locator('.file-name')).toHaveText(['paused.mp4', 'flaky.mp4'])
  })
})

test('after a reload mid-upload, attaching the same file again resumes it', async ({ browser }) => {
  test.setTimeout(180_000)
  const dan = await actor(browser, 'Dan')
  await ownerInFreshWorkspace(dan, 'Reloaded files')
  const { page } = dan
  const sent = countTusBytes(page)

  await test.step('reload halfway through, with a draft', async () => {
    await composer(page).fill('Video after a reload')
    const { held } = await holdPatchFrom(page, SIZE / 2)
    await attach(page, 'reload.mp4')
    await held
    await page.unroute(`**${TUS}/**`)
    await page.reload()
    await waitLive(page)
    await expect(composer(page)).toHaveValue('Video after a reload')
  })

  const reloaded = sent.length
  await test.step('the same file attached again goes on from the server offset', async () => {
    await attach(page, 'reload.mp4')
    await expectUploaded(page, 'reload.mp4')
    const after = sent.slice(reloaded)
    expect(after.filter((s) => s.method === 'POST')).toHaveLength(0)
    expect(after[0]!.offset).toBeGreaterThanOrEqual(SIZE / 2 - CHUNK)
    expect(total(sent)).toBeLessThanOrEqual(SIZE + CHUNK)
  })

  await test.step('sent, and there after another reload', async () => {
    await composer(page).press('Enter')
    await expect(composer(page)).toHaveValue('')
    await page.reload()
    await waitLive(page)
    const card = messageWith(page, 'Video after a reload').locator('.file-card')
    await expect(card.locator('.file-name')).toHaveText('reload.mp4')
    await expect(card).toContainText('50 MB')
  })
})
