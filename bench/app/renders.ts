// React's work for a message sent and received: two people in a channel, in headless Chromium
// against the real stack and the built app. One sends messages one at a time, each taken once
// the other has it and the sender's row is confirmed; per message, for each page: the commits
// React made, the components it rendered (fibers that ran their render: function, class,
// forwardRef and memo components, read from React's DevTools hook at each commit, only the parts
// of the tree that commit reached), and the main thread's task and script time (Chrome's
// Performance metrics). With --baseline, another build measured the same way in the same run
// (a stack of its own), and the ratios.
//
//   node --import tsx bench/app/renders.ts [--messages 20] [--dist app/dist] [--baseline DIR] [--built]
//
// It builds the app into app/dist unless --built or --dist names another build.
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { CDPSession, Page } from 'playwright-core'
import { devtoolsHookScript } from '../../e2e/support/react-devtools-hook.ts'
import { startBenchStack } from '../support/stack.ts'
import { BUILD_OPTIONS, buildApp, DIST, launchChromium, signIn } from './browser.ts'
import { createBenchPerson, seed } from './seed.ts'

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '20' },
    ...BUILD_OPTIONS,
  },
})
const MESSAGES = Number(values.messages)

// React's DevTools hook (the walk shared with e2e's row watch): every function, class,
// forwardRef and memo component that ran its render in a commit.
const COUNT_RENDERS = devtoolsHookScript({
  setup: 'window.__renders = { commits: 0, fibers: 0 }',
  commit: 'window.__renders.commits++',
  fiber:
    'if ((fiber.flags & 1) && [0, 1, 11, 14, 15].includes(fiber.tag)) window.__renders.fibers++',
})

interface PageFigures {
  commits: number
  fibers: number
  taskMs: number
  scriptMs: number
}

/** The page's counts, and its main thread's time since `watch` began (Chrome counts from the
 * moment its Performance domain is enabled). */
async function figures(page: Page, cdp: CDPSession): Promise<PageFigures> {
  const { metrics } = await cdp.send('Performance.getMetrics')
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0
  const counts = (await page.evaluate('window.__renders')) as { commits: number; fibers: number }
  return {
    ...counts,
    taskMs: metric('TaskDuration') * 1000,
    scriptMs: metric('ScriptDuration') * 1000,
  }
}

async function watch(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Performance.enable')
  return cdp
}

/** Resolves once the page has made no commit for `quietMs` (its work after a message is over). */
async function quiet(page: Page, quietMs = 500): Promise<void> {
  let last = -1
  for (;;) {
    const commits = (await page.evaluate('window.__renders.commits')) as number
    if (commits === last) return
    last = commits
    await page.waitForTimeout(quietMs)
  }
}

const per = (after: PageFigures, before: PageFigures): PageFigures => ({
  commits: (after.commits - before.commits) / MESSAGES,
  fibers: (after.fibers - before.fibers) / MESSAGES,
  taskMs: (after.taskMs - before.taskMs) / MESSAGES,
  scriptMs: (after.scriptMs - before.scriptMs) / MESSAGES,
})

async function measure(dist: string): Promise<{ sender: PageFigures; receiver: PageFigures }> {
  const bench = await startBenchStack('renders', { appDist: dist })
  const { stack, sql } = bench
  const browser = await launchChromium()
  try {
    const data = await seed(stack, 20)
    const other = await createBenchPerson(stack.apiUrl, stack.keys.serviceRoleKey, 'other')
    await sql`insert into public.workspace_members (workspace_id, user_id)
      values (${data.workspaceId}, ${other.id})`
    await sql`insert into public.channel_members (channel_id, workspace_id, user_id)
      values (${data.smallChannelId}, ${data.workspaceId}, ${other.id})`
    const pages: Page[] = []
    for (const person of [data, other]) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      await context.addInitScript({ content: COUNT_RENDERS })
      const page = await context.newPage()
      await signIn(page, stack.appUrl, person)
      await page.goto(`${stack.appUrl}/w/${data.workspaceId}/c/${data.smallChannelId}`)
      // The composer's tools come with the chunks loaded after the first screen.
      await page.locator('.composer-tools-end').waitFor()
      pages.push(page)
    }
    const [sender, receiver] = pages as [Page, Page]
    await Promise.all(pages.map((page) => quiet(page)))
    const sessions = await Promise.all(pages.map(watch))
    const before = await Promise.all(pages.map((page, i) => figures(page, sessions[i]!)))
    const stamp = Date.now().toString(36)
    for (let i = 0; i < MESSAGES; i++) {
      const text = `Message ${i} of ${stamp}`
      await sender.locator('.composer textarea').fill(text)
      await sender.locator('.composer textarea').press('Enter')
      // Confirmed on the sender's page (a row with its seq), shown on the receiver's.
      await sender.locator('article[data-seq]', { hasText: text }).waitFor()
      await receiver.locator('article[data-seq]', { hasText: text }).waitFor()
      await Promise.all(pages.map((page) => quiet(page, 300)))
    }
    const after = await Promise.all(pages.map((page, i) => figures(page, sessions[i]!)))
    return { sender: per(after[0]!, before[0]!), receiver: per(after[1]!, before[1]!) }
  } finally {
    await browser.close()
    await bench.stop()
  }
}

function line(name: string, f: PageFigures): string {
  return `${name.padEnd(30)} ${f.commits.toFixed(1).padStart(6)} commits ${f.fibers.toFixed(0).padStart(7)} components  ${f.taskMs.toFixed(0).padStart(5)} ms tasks ${f.scriptMs.toFixed(0).padStart(5)} ms script`
}

async function main(): Promise<void> {
  const dist = path.resolve(values.dist)
  if (!values.built && dist === DIST) buildApp()
  const measured = await measure(dist)
  console.log(`\nPer message sent (${MESSAGES} messages, one run): ${dist}`)
  console.log(line('sender', measured.sender))
  console.log(line('receiver', measured.receiver))
  if (!values.baseline) return
  const baseline = await measure(path.resolve(values.baseline))
  console.log(`\nThe baseline, measured the same way: ${values.baseline}`)
  console.log(line('sender', baseline.sender))
  console.log(line('receiver', baseline.receiver))
  const ratio = (a: number, b: number) => (b === 0 ? '-' : `${(a / b).toFixed(2)}x`)
  console.log('\nThis build against the baseline (components rendered, script time):')
  for (const who of ['sender', 'receiver'] as const) {
    console.log(
      `${who.padEnd(10)} ${ratio(measured[who].fibers, baseline[who].fibers)} components, ${ratio(measured[who].scriptMs, baseline[who].scriptMs)} script`
    )
  }
}

await main()
