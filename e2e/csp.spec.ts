// The app under its Content-Security-Policy (issue 69): every page is served with the policy the
// build wrote (app/scripts/security-headers.ts: the inline scripts and styles by hash; the API's
// origin put in by the app server, backend/src/http/security-headers.ts), and every screen a
// person meets works under it with nothing refused. Every browser context is watched from its
// start (support/csp-watch.ts). Every screen of the accessibility tours, in each language, is
// checked so in accessibility.spec.ts (the sign-in, sign-up and welcome screens, the workspace,
// each dialog, the thread, search, the picker, the viewer, the Threads and Later views, the
// offline banner and the server out of reach, and the phone's screens); here, the channel
// opened again, painted first by the kept screen (its inline script and styles).
// And a refusal is reported: a page that breaks the policy on purpose is refused, and the
// browser's report reaches the stack's log (POST /csp-report, backend/src/http/csp-reports.ts).
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { expect, test } from './support/test.ts'
import { actor, messageWith, send, waitLive } from './support/actors.ts'
import { CspWatch } from './support/csp-watch.ts'
import { appUrl } from './support/env.ts'
import { inOwnWorkspace } from './support/workspace.ts'

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64')

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

test('the channel opened on its kept screen is not refused', async ({ browser }) => {
  const watch = new CspWatch()
  watch.onViolation = (violation) => console.log(`refused: ${JSON.stringify(violation)}`)
  const ana = await actor(watch.browser(browser), 'Ana')
  await inOwnWorkspace(ana, `CSP ${Date.now().toString(36)}`)
  await waitLive(ana.page)
  await send(ana.page, 'The plan for the launch is ready')
  await watch.checkThemes(ana.page, 'the channel')

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
  expect(watch.violations).toEqual([])
})
