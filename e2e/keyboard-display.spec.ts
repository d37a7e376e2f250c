// What the keyboard-only scenario (keyboard-only.spec.ts) leaves to the display, issue 53 item 3:
// with the system's "reduce motion", no animation or transition runs anywhere on the page; and
// text at 200% (the page zoomed: the layout viewport halved, as a browser's zoom does) loses
// nothing at desktop and phone widths: the message list never scrolls sideways and no message
// is cut off, long words, links and code included.
import { expect, test } from './support/test.ts'
import type { Browser, Page } from '@playwright/test'
import { actor, composer, send, waitLive } from './support/actors.ts'
import { showMembers } from './support/members.ts'
import { inOwnWorkspace } from './support/workspace.ts'

/** Every animation and transition longer than 0.01 ms on the page (pseudo-elements included). */
async function moving(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seconds = (list: string) =>
      list.split(',').map((t) => (t.trim().endsWith('ms') ? parseFloat(t) / 1000 : parseFloat(t)))
    const out: string[] = []
    for (const el of document.querySelectorAll('*')) {
      for (const pseudo of [null, '::before', '::after']) {
        const s = getComputedStyle(el, pseudo)
        const name = `${el.tagName.toLowerCase()}.${String(el.className)}${pseudo ?? ''}`
        if (s.animationName !== 'none' && seconds(s.animationDuration).some((d) => d > 0.00001))
          out.push(`${name} animates ${s.animationName} ${s.animationDuration}`)
        if (
          s.transitionProperty !== 'none' &&
          seconds(s.transitionDuration).some((d) => d > 0.00001)
        )
          out.push(`${name} transitions ${s.transitionProperty} ${s.transitionDuration}`)
      }
    }
    return out
  })
}

async function personInChannel(browser: Browser, name: string) {
  const person = await actor(browser, name)
  await inOwnWorkspace(person, `${name} ${Date.now().toString(36)}`)
  await waitLive(person.page)
  return person
}

test('reduced motion stops every animation and transition', async ({ browser }) => {
  const rita = await personInChannel(browser, 'Rita')
  const url = rita.page.url()
  const state = await rita.context.storageState()
  await rita.context.close()
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    // 900 px: the members panel and the sidebar slide in (their transitions)
    const context = await browser.newContext({
      storageState: state,
      viewport: { width: 900, height: 700 },
      reducedMotion,
    })
    const page = await context.newPage()
    await page.goto(url)
    await waitLive(page)
    // The members panel is closed until opened: opened, it slides in.
    await showMembers(page)
    // a spinner (a message list loading) and the sliding panels on the page
    await page.evaluate(() => {
      const spinner = document.createElement('div')
      spinner.className = 'spinner'
      spinner.append(document.createElement('span'))
      document.body.append(spinner)
    })
    const found = await moving(page)
    if (reducedMotion === 'no-preference') {
      // the check sees motion where there is some
      expect(found.some((f) => f.includes('spin'))).toBe(true)
      expect(found.some((f) => f.includes('transitions'))).toBe(true)
    } else {
      expect(found).toEqual([])
    }
    await context.close()
  }
})

const LONG = [
  'a-very-long-identifier-without-any-space-' + 'x'.repeat(120),
  'see https://example.com/' + 'path/'.repeat(30) + 'end',
  'plain words that wrap as any sentence should wrap on a narrow screen, nothing more',
  '```\nconst code = "a long line of code that would need scrolling of its own to be read"\n```',
]

for (const [where, width, height] of [
  ['desktop', 1280, 800],
  ['phone', 390, 844],
] as const) {
  test(`text at 200% at ${where} width: nothing cut off, no sideways scroll`, async ({
    browser,
  }) => {
    const zara = await personInChannel(browser, 'Zara')
    for (const text of LONG) await send(zara.page, text)
    const state = await zara.context.storageState()
    await zara.context.close()
    // 200%: the same screen, CSS pixels twice as large
    const context = await browser.newContext({
      storageState: state,
      viewport: { width: width / 2, height: height / 2 },
      deviceScaleFactor: 2,
      ...(where === 'phone' ? { isMobile: true, hasTouch: true } : {}),
    })
    const page = await context.newPage()
    await page.goto(zara.page.url())
    await waitLive(page)
    await expect(composer(page)).toBeVisible()
    const report = await page.evaluate(() => {
      const list = document.querySelector<HTMLElement>('.message-scroller')
      if (!list) return ['no message list']
      const problems: string[] = []
      if (list.scrollWidth > list.clientWidth)
        problems.push(`the list scrolls sideways: ${list.scrollWidth} > ${list.clientWidth}`)
      const edge = list.getBoundingClientRect().right
      for (const body of document.querySelectorAll<HTMLElement>('.message-body > *')) {
        if (body.matches('pre')) continue // code keeps its lines: it scrolls on its own
        const right = body.getBoundingClientRect().right
        if (right > edge + 1 || body.scrollWidth > body.clientWidth + 1)
          problems.push(`cut off: ${(body.textContent ?? '').slice(0, 40)}`)
      }
      if (document.documentElement.scrollWidth > window.innerWidth)
        problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth}`)
      return problems
    })
    expect(report).toEqual([])
    await context.close()
  })
}
