// The app under its Content-Security-Policy (issue 69): every page is served with the policy the
// build wrote (app/scripts/security-headers.ts: the inline scripts and styles by hash; the API's
// origin put in by the app server, backend/src/http/security-headers.ts), and every screen a
// person meets works under it with nothing refused. Each browser context of a test here is
// watched from its start: an init script listens for `securitypolicyviolation` in every page
// and hands each one to the test (a binding, so none is lost to a navigation), and every screen
// of the tour is a check that none came so far, naming the screen. The screens are
// accessibility.spec.ts's (support/axe-tour.ts, axe-scene.ts): sign-in (and refused), sign-up,
// "Check your email", "Welcome"; the channel with an image, a reaction (an emoji image), a
// thread and a mention; the workspace menu and each of its dialogs, the sidebar's and header's
// dialogs, the profile, status and security sections, the members panel, the quick reactions,
// the emoji picker, the thread, the image viewer, search, the mention list, the quick switcher,
// the action sheet and "Save for later", the Threads and Later views; the channel opened again,
// painted first by the kept screen (its inline script and styles); the offline banner and the
// server out of reach.
// And a refusal is reported: a page that breaks the policy on purpose is refused, and the
// browser's report reaches the stack's log (POST /csp-report, backend/src/http/csp-reports.ts).
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { expect, test } from './support/test.ts'
import { actor, messageWith, signUpByApi, waitLive } from './support/actors.ts'
import { appUrl } from './support/env.ts'
import { outOfReach, workspaceScene } from './support/axe-scene.ts'
import { tour } from './support/axe-tour.ts'
import { loadCatalogs } from './support/i18n.ts'

interface Violation {
  page: string
  directive: string
  blocked: string
  source: string
  line: number
  sample: string
}

// Page scripts are strings: tsx would wrap inner functions in helpers the page lacks.
const WATCH = `(() => {
  const seen = []
  Object.defineProperty(window, '__cspSeen', { value: seen })
  window.addEventListener('securitypolicyviolation', (event) => {
    const violation = {
      page: location.pathname,
      directive: event.effectiveDirective,
      blocked: event.blockedURI,
      source: event.sourceFile,
      line: event.lineNumber,
      sample: event.sample,
    }
    seen.push(violation)
    if (typeof window.__cspViolation === 'function') window.__cspViolation(violation)
  }, true)
})()`

/** Every violation in the contexts it watches; checkThemes is the tour's check of a screen. */
class CspWatch {
  readonly violations: Violation[] = []
  readonly screens: string[] = []
  onViolation: (violation: Violation) => void = () => {}

  async watch(context: BrowserContext): Promise<void> {
    await context.exposeBinding('__cspViolation', (_source, violation: Violation) => {
      this.violations.push(violation)
      this.onViolation(violation)
    })
    await context.addInitScript(WATCH)
  }

  /** The browser, whose every new context is watched before its first page opens. */
  browser(browser: Browser): Browser {
    return new Proxy(browser, {
      get: (target, property) => {
        if (property === 'newContext') {
          return async (...args: Parameters<Browser['newContext']>) => {
            const context = await target.newContext(...args)
            await this.watch(context)
            return context
          }
        }
        const value = Reflect.get(target, property, target) as unknown
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value
      },
    })
  }

  async checkThemes(page: Page, screen: string): Promise<void> {
    this.screens.push(screen)
    // The page's own list, read after the events of what it did so far have been dispatched.
    const inPage = (await page.evaluate('window.__cspSeen ?? []')) as Violation[]
    expect(inPage, `refused on ${screen}`).toEqual([])
    expect(this.violations, `refused by ${screen}`).toEqual([])
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64')

test.beforeAll(loadCatalogs)

test('the pages carry a policy that allows exactly their inline scripts; what breaks it is refused and reported to the stack', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const watch = new CspWatch()
  const ola = await actor(watch.browser(browser), 'Ola')
  const response = await ola.page.goto(appUrl('/sign-in'))
  const headers = response!.headers()
  const policy = headers['content-security-policy'] ?? ''
  const directives = new Map(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/)
      return [name, values] as const
    })
  )
  expect(directives.get('default-src')).toEqual(["'self'"])
  expect(directives.get('frame-ancestors')).toEqual(["'none'"])
  expect(directives.get('object-src')).toEqual(["'none'"])
  expect(directives.get('base-uri')).toEqual(["'none'"])
  expect(directives.get('script-src')).not.toContain("'unsafe-inline'")
  expect(directives.get('script-src')).not.toContain("'unsafe-eval'")
  expect(directives.get('style-src')).not.toContain("'unsafe-inline'")
  expect(directives.get('report-uri')?.[0]).toMatch(/\/csp-report$/)
  // The page's two inline scripts, the appearance (theme and density, in the head) and the kept
  // screen's restore, are in the policy by their hashes.
  const html = await response!.text()
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!)
  expect(inline).toHaveLength(2)
  for (const script of inline) {
    expect(directives.get('script-src')).toContain(`'sha256-${sha256(script)}'`)
  }
  expect(headers['x-frame-options']).toBe('DENY')
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(headers['permissions-policy']).toContain('camera=()')
  expect(headers['permissions-policy']).toContain('publickey-credentials-get=(self)')
  await expect(ola.page.getByRole('heading', { name: 'Sign in to Chorus' })).toBeVisible()

  // An inline script the build did not write does not run; a picture from elsewhere is not
  // fetched; both are reported, and the stack logs the report.
  const marker = `probe-${Date.now().toString(36)}`
  const ran = await ola.page.evaluate(`(() => {
    const script = document.createElement('script')
    script.textContent = 'window.__injected = true'
    document.head.append(script)
    const image = new Image()
    image.src = 'https://pictures.example/${marker}.png'
    document.body.append(image)
    return window.__injected === true
  })()`)
  expect(ran).toBe(false)
  await expect
    .poll(() => watch.violations.map((v) => v.directive).sort())
    .toEqual(['img-src', 'script-src-elem'])
  expect(watch.violations.find((v) => v.directive === 'img-src')?.blocked).toContain(marker)
  const log = process.env.CHORUS_STACK_LOG
  if (!log) throw new Error('CHORUS_STACK_LOG is not set: run through playwright.config.ts')
  await expect
    .poll(
      async () =>
        (await readFile(log, 'utf8'))
          .split('\n')
          .filter((line) => line.includes('csp violation') && line.includes(marker)),
      { timeout: 150_000, intervals: [500] }
    )
    .toEqual([expect.stringMatching(/img-src blocked https:\/\/pictures\.example\/probe-/)])
})

test('every screen works under the policy with nothing refused', async ({ browser }) => {
  test.setTimeout(600_000)
  const watch = new CspWatch()
  // A step that fails for something refused (before the next check) shows what was.
  watch.onViolation = (violation) => console.log(`refused: ${JSON.stringify(violation)}`)
  const watched = watch.browser(browser)

  const ola = await actor(watched, 'Ola')
  const page = ola.page
  await page.goto(appUrl('/sign-in'))
  await expect(page.getByRole('heading', { name: 'Sign in to Chorus' })).toBeVisible()
  await watch.checkThemes(page, 'sign-in')
  await page.getByLabel('Email').fill('nobody@example.test')
  await page.getByLabel('Password').fill('not the password')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByRole('alert')).toBeVisible()
  await watch.checkThemes(page, 'sign-in refused')
  await page.goto(appUrl('/sign-up'))
  await page.getByLabel('Display name').fill(ola.name)
  await page.getByLabel('Email').fill(ola.email)
  await page.getByLabel('Password').fill(ola.password)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  await watch.checkThemes(page, 'check your email')
  const una = await actor(watched, 'Una')
  await signUpByApi(una)
  await expect(una.page.getByRole('heading', { name: 'Welcome to Chorus' })).toBeVisible()
  await watch.checkThemes(una.page, 'welcome')

  const { ana, workspace } = await workspaceScene(watched, 'en')
  await watch.checkThemes(ana.page, 'the scene: a workspace made, a person invited, an image')
  await tour({ page: ana.page, audit: watch, language: 'en', workspace })

  // The channel again: the kept screen paints it first (its inline script, its shadow root's
  // styles and the style attributes it holds), then the app.
  const channel = ana.page.url()
  // Once the device has kept this screen (a few seconds after it shows), it is left.
  await expect
    .poll(async () => {
      const { origins } = await ana.context.storageState()
      const kept = origins
        .flatMap((origin) => origin.localStorage)
        .find(({ name }) => name.endsWith('.value.screen'))
      return kept ? (JSON.parse(kept.value) as { path: string }).path : null
    })
    .toBe(new URL(channel).pathname)
  await ana.page.goto('about:blank')
  await ana.page.goto(channel)
  await waitLive(ana.page)
  await expect(messageWith(ana.page, 'plan for the launch')).toBeVisible()
  expect(await ana.page.evaluate(`performance.getEntriesByName('chorus:kept-screen').length`)).toBe(
    1
  )
  await watch.checkThemes(ana.page, 'the channel, opened on its kept screen')

  await outOfReach(ana, watch, 'en')
  expect(watch.screens.length).toBeGreaterThan(30)
  expect(watch.violations).toEqual([])
})
