// The app benchmark's first figure: the first-screen JavaScript as a first visit receives it, in
// a context of its own (an empty HTTP cache) with the session: the bytes of each script's body as
// they came over the wire, of the scripts the page asked for before the latest message was
// readable (by its clock), with gzip -9 of each file beside (each printed).
import type { Browser, BrowserContext } from 'playwright-core'
import { gzipSize } from './bundle.ts'
import { waitTrue, watchReadable } from './measure.ts'

export interface FirstScreen {
  /** Bytes on the wire, all scripts. */
  wire: number
  /** gzip -9 of their files. */
  gzip: number
  files: number
}

export async function measureFirstScreen(
  browser: Browser,
  options: {
    viewport: { width: number; height: number }
    session: Awaited<ReturnType<BrowserContext['storageState']>>
    appUrl: string | null
    /** The page opened. */
    url: string
    /** The selector of the latest message, readable once on screen. */
    readable: string
    dist: string
  }
): Promise<FirstScreen> {
  const coldContext = await browser.newContext({
    viewport: options.viewport,
    storageState: options.session,
  })
  const firstScreen = await coldContext.newPage()
  await firstScreen.addInitScript({
    content: watchReadable(options.readable),
  })
  const received: Promise<{ script: string; wire: number; encoding: string }>[] = []
  const answered = new Set<string>()
  firstScreen.on('response', (response) => {
    const url = new URL(response.url())
    if (url.origin !== options.appUrl || !url.pathname.endsWith('.js')) return
    answered.add(url.pathname)
    received.push(
      (async () => ({
        script: url.pathname,
        wire: (await response.request().sizes()).responseBodySize,
        encoding: (await response.headerValue('content-encoding')) ?? 'none',
      }))()
    )
  })
  await firstScreen.goto(options.url)
  await waitTrue(firstScreen, 'window.__shown > 0', 60_000)
  const asked = (await firstScreen.evaluate(`performance
    .getEntriesByType('resource')
    .filter((entry) => entry.startTime <= window.__shown && entry.name.endsWith('.js'))
    .map((entry) => new URL(entry.name).pathname)`)) as string[]
  // Each of them answered (a script asked for just before may not have been yet).
  for (let i = 0; i < 200 && !asked.every((script) => answered.has(script)); i++)
    await firstScreen.waitForTimeout(50)
  const scripts = (await Promise.all(received)).filter(({ script }) => asked.includes(script))
  let wire = 0
  let gzip = 0
  for (const { script, wire: received, encoding } of scripts) {
    const size = await gzipSize(options.dist, script)
    wire += received
    gzip += size
    console.log(`  ${script}: ${received} B on the wire (${encoding}), gzip -9 ${size} B`)
  }
  await coldContext.close()
  return { wire, gzip, files: scripts.length }
}
