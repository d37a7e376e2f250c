// Chorus installs (issue 52, item 1): the page links a web app manifest, served as
// application/manifest+json, with the members a store and a launcher need; every icon it and
// index.html name is a PNG of the size declared; Chromium finds nothing against installing it
// (CDP's Page.getInstallabilityErrors returns no error); and after one visit the installed app
// opens without the network (the service worker keeps the shell, the manifest and the icons; the
// person's messages come from their own cache). The shortcuts "New message" and "Threads" open
// those places in the workspace used last. @core: it runs hosted-like too (the app on a static
// host of its own, support/static-host.ts, with the deploy's rules).
// Chromium reports "in-incognito" for every context Playwright's browser.newContext() opens (an
// off-the-record profile), so this spec runs in a persistent context of its own, as a person's
// browser profile is.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import type { BrowserContext, Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { confirmedMessageWith, messageWith, send, signUpByApi, waitLive } from './support/actors.ts'
import type { Actor } from './support/actors.ts'
import { appUrl } from './support/env.ts'
import { createWorkspace } from './support/workspace.ts'
import { CHROMIUM, CHROMIUM_ARGS } from './playwright.config.ts'

interface ManifestIcon {
  src: string
  sizes: string
  type: string
  purpose?: string
}

interface Manifest {
  id: string
  name: string
  short_name: string
  description: string
  start_url: string
  scope: string
  display: string
  theme_color: string
  background_color: string
  icons: ManifestIcon[]
  shortcuts: { name: string; url: string }[]
}

const PNG_SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])

let profile = ''
let context: BrowserContext

test.beforeAll(async () => {
  profile = await mkdtemp(path.join(tmpdir(), 'chorus-installable-'))
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'allow',
  })
})

test.afterAll(async () => {
  await context?.close()
  if (profile) await rm(profile, { recursive: true, force: true })
})

/** Width and height from a PNG's header (its IHDR chunk), after checking it is a PNG. */
function pngSize(body: Buffer): string {
  expect(body.subarray(0, 8)).toEqual(PNG_SIGNATURE)
  expect(body.subarray(12, 16).toString('latin1')).toBe('IHDR')
  return `${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`
}

async function person(page: Page): Promise<Actor> {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
  return {
    name: `Ines ${tag.slice(-4)}`,
    email: `ines.${tag}@example.test`,
    password: `pw-${tag}-Secret!`,
    context,
    page,
  }
}

test(
  'Chorus installs from Chromium, opens offline once installed, and its shortcuts open their places',
  { tag: '@core' },
  async () => {
    test.setTimeout(180_000)
    const page = context.pages()[0] ?? (await context.newPage())
    const ines = await person(page)
    await signUpByApi(ines)
    const workspace = `Installable ${Date.now().toString(36)}`
    await createWorkspace(ines, workspace)
    await waitLive(page)
    await send(page, 'kept for the installed app')
    await expect(confirmedMessageWith(page, 'kept for the installed app')).toHaveCount(1)
    const workspaceId = /\/w\/([^/]+)\//.exec(page.url())?.[1]
    expect(workspaceId).toBeTruthy()

    let manifest: Manifest | null = null
    let manifestUrl = ''
    await test.step('the page links the manifest, served as application/manifest+json', async () => {
      const href = await page.locator('head link[rel="manifest"]').getAttribute('href')
      expect(href).toBe('/manifest.webmanifest')
      manifestUrl = new URL(href!, page.url()).href
      // From the server, not the service worker: the type is the server's.
      const response = await page.request.get(manifestUrl)
      expect(response.status()).toBe(200)
      expect(response.headers()['content-type']).toBe('application/manifest+json')
      manifest = JSON.parse(await response.text()) as Manifest
    })

    await test.step('the manifest has what a store and a launcher need', async () => {
      const m = manifest!
      expect(m).toMatchObject({
        id: '/',
        name: 'Chorus',
        short_name: 'Chorus',
        start_url: '/',
        scope: '/',
        display: 'standalone',
      })
      expect(m.description.length).toBeGreaterThan(10)
      expect(m.theme_color).toMatch(/^#[0-9a-f]{6}$/i)
      expect(m.background_color).toMatch(/^#[0-9a-f]{6}$/i)
      const icons = m.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`)
      expect(icons).toEqual(
        expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable'])
      )
      expect(m.shortcuts.map((s) => [s.name, s.url])).toEqual([
        ['New message', '/new-message'],
        ['Threads', '/threads'],
      ])
      // Light and dark: the page's theme colours follow the system's scheme.
      const themes = await page
        .locator('head meta[name="theme-color"]')
        .evaluateAll((metas) => metas.map((m) => m.getAttribute('media')))
      expect(themes.sort()).toEqual([
        '(prefers-color-scheme: dark)',
        '(prefers-color-scheme: light)',
      ])
    })

    await test.step("every icon, the manifest's and Apple's, is a PNG of the size declared", async () => {
      const apple = await page.locator('head link[rel="apple-touch-icon"]').getAttribute('href')
      const declared = [
        ...manifest!.icons.map((i) => ({ src: i.src, sizes: i.sizes, type: i.type })),
        { src: apple ?? '(none)', sizes: '180x180', type: 'image/png' },
      ]
      for (const icon of declared) {
        const response = await page.request.get(new URL(icon.src, manifestUrl).href)
        expect(response.status(), icon.src).toBe(200)
        expect(response.headers()['content-type'], icon.src).toBe(icon.type)
        expect(pngSize(await response.body()), icon.src).toBe(icon.sizes)
      }
      const meta = (name: string) =>
        page.locator(`head meta[name="${name}"]`).getAttribute('content')
      expect(await meta('apple-mobile-web-app-capable')).toBe('yes')
      expect(await meta('apple-mobile-web-app-status-bar-style')).toBe('default')
      expect(await meta('apple-mobile-web-app-title')).toBe('Chorus')
    })

    await test.step("Chromium's installability check finds nothing against it", async () => {
      const cdp = await context.newCDPSession(page)
      const parsed = (await cdp.send('Page.getAppManifest')) as {
        url: string
        errors: { message: string }[]
      }
      expect(parsed.url).toBe(manifestUrl)
      expect(parsed.errors).toEqual([])
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
      expect(installabilityErrors).toEqual([])
      await cdp.detach()
    })

    await test.step('the service worker keeps the manifest and the icons', async () => {
      await expect
        .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ''))
        .toMatch(/\/sw\.js$/)
      const kept = async () =>
        page.evaluate(async () => {
          const urls: string[] = []
          for (const name of await caches.keys()) {
            for (const request of await (await caches.open(name)).keys()) {
              urls.push(new URL(request.url).pathname)
            }
          }
          return urls.sort()
        })
      await expect
        .poll(kept)
        .toEqual(
          expect.arrayContaining([
            '/manifest.webmanifest',
            '/icons/icon-192.png',
            '/icons/icon-512.png',
            '/icons/icon-maskable-512.png',
            '/icons/apple-touch-icon.png',
          ])
        )
    })

    await test.step('the shortcuts open Threads and a new message in the workspace used last', async () => {
      await page.goto(appUrl('/threads'))
      await expect(page).toHaveURL(appUrl(`/w/${workspaceId}/threads`))
      await expect(page.getByRole('region', { name: 'Threads' })).toBeVisible()
      await page.goto(appUrl('/new-message'))
      await expect(page.getByRole('dialog', { name: 'New direct message' })).toBeVisible()
      // Over the workspace's default channel, which stays once the dialog closes.
      await expect(page).toHaveURL(new RegExp(`/w/${workspaceId}/c/[^/]+$`))
      await page
        .getByRole('dialog', { name: 'New direct message' })
        .getByRole('button', { name: 'Cancel' })
        .click()
      await expect(
        page.getByRole('heading', { level: 2, name: 'general', exact: true })
      ).toBeVisible()
      await waitLive(page)
    })

    await test.step('opened without the network: the shell, the workspace and the kept messages', async () => {
      await context.setOffline(true)
      // As the installed app opens: its start_url.
      const response = await page.goto(appUrl(manifest!.start_url))
      expect(response?.fromServiceWorker()).toBe(true)
      await expect(page.locator('.status-banner[data-status="offline"]')).toContainText(
        'You are offline'
      )
      await expect(page.locator('.sidebar')).toContainText(workspace)
      await expect(messageWith(page, 'kept for the installed app')).toBeVisible()
      // The manifest and an icon, offline, from the copies kept.
      const offline = await page.evaluate(async () => {
        const manifest = await fetch('/manifest.webmanifest')
        const icon = await fetch('/icons/icon-192.png')
        return {
          manifest: manifest.ok
            ? ((await manifest.json()) as { name: string }).name
            : manifest.status,
          icon: icon.headers.get('content-type'),
        }
      })
      expect(offline).toEqual({ manifest: 'Chorus', icon: 'image/png' })
      await context.setOffline(false)
    })
  }
)
