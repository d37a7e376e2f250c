// The first screen's JavaScript has a budget that only ever goes down: every script the browser
// fetches from navigating to a channel until its latest message shows, measured as `npm run
// bench:app` measures it (gzip -9 of each file of the build global-setup made, app/dist).
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { expect, test } from '@playwright/test'
import { actor, messageWith, send, signUpByApi, waitLive } from './support/actors.ts'
import { appUrl } from './support/env.ts'
import { ROOT } from './support/stack-process.ts'
import { createWorkspace } from './support/workspace.ts'

/**
 * Bytes of gzip -9 JavaScript on the first screen. Lower it when the first screen shrinks; never
 * raise it: a feature that needs more code loads it lazily.
 */
const FIRST_SCREEN_BUDGET = 203_400

test('opening a channel loads no more JavaScript than the first screen’s budget', async ({
  browser,
}) => {
  const ana = await actor(browser, 'Ana')
  await signUpByApi(ana)
  await createWorkspace(ana, `Budget ${Date.now().toString(36)}`)
  await waitLive(ana.page)
  await send(ana.page, 'the latest message')
  const channel = ana.page.url()

  const page = await ana.context.newPage()
  const origin = new URL(appUrl()).origin
  const scripts = new Set<string>()
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (url.origin === origin && url.pathname.endsWith('.js')) scripts.add(url.pathname)
  })
  await page.goto(channel)
  await expect(messageWith(page, 'the latest message')).toBeVisible()

  const sizes = await Promise.all(
    [...scripts].map(async (script) => {
      const bytes = await readFile(path.join(ROOT, 'app', 'dist', script.replace(/^\//, '')))
      return { script, gzip: gzipSync(bytes, { level: 9 }).length }
    })
  )
  const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0)
  expect(scripts.size).toBeGreaterThan(0)
  console.log(
    `first screen: ${total} B (gzip -9) in ${scripts.size} files, budget ${FIRST_SCREEN_BUDGET} B`
  )
  expect(
    total,
    `first screen: ${sizes.map(({ script, gzip }) => `${script} ${gzip} B`).join(', ')}`
  ).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET)
})
