// Browser contexts a worker keeps for its later tests: a test opens two to five, and a new one
// costs Chromium more than an emptied one (measured 2026-12-01 on 13 spec files, 23 tests, two
// workers: 395-409 CPU-seconds and 213-219 s with them kept, 418-440 and 224-236 without;
// docs/development.md, "How long the tests take"). A context a test is done with (closed, or
// still open when the test ends) goes back to its browser's pool emptied: no pages, cookies,
// permissions, offline mode, nor storage of any origin its pages opened; only its HTTP cache
// stays, the build's files as a returning browser has them. The next newContext with the same
// options (the test's `use` ones included) takes it. One changed in a way emptying does not undo
// (an init script, a binding, a route, a clock, a permission, a listener, a CDP session) is
// closed for real, and one with a storage state, a proxy, a recording or a service worker is
// never kept. E2E_KEEP_CONTEXTS=0 keeps none.
import type { Browser, BrowserContext, BrowserContextOptions } from '@playwright/test'

/** The context's methods whose effect outlives its pages. */
const LASTING = [
  'addInitScript',
  'exposeBinding',
  'exposeFunction',
  'route',
  'routeFromHAR',
  'routeWebSocket',
  'grantPermissions',
  'setGeolocation',
  'setExtraHTTPHeaders',
  'setHTTPCredentials',
  'setDefaultTimeout',
  'setDefaultNavigationTimeout',
  'newCDPSession',
  'on',
  'once',
  'addListener',
  'prependListener',
] as const

const CLOCK = [
  'install',
  'fastForward',
  'pauseAt',
  'resume',
  'runFor',
  'setFixedTime',
  'setSystemTime',
] as const

/** Idle contexts a browser keeps, of all options together. */
const KEPT = 4

/** What a caller does to each context it opens that a kept one keeps (init scripts, bindings):
 * done once, before the context is lent, and named so that only that caller gets it again. */
export interface Preparation {
  name: string
  prepare: (context: BrowserContext) => Promise<void>
}

interface Lent {
  key: string | undefined
  origins: Set<string>
  changed: boolean
  offline: boolean
  close: () => Promise<void>
  cdp: BrowserContext['newCDPSession']
}

class ContextPool {
  /** The options Playwright adds to every context of the running test (its `use`). */
  defaults: BrowserContextOptions = {}
  private readonly idle: { key: string; context: BrowserContext }[] = []
  private readonly lent = new Map<BrowserContext, Lent>()

  constructor(private readonly open: Browser['newContext']) {}

  /** A context with these options: a kept one if there is one, else a new one, `prepared` (a
   * kept one was) and kept only for calls with the same preparation. */
  async newContext(
    options: BrowserContextOptions = {},
    prepared?: Preparation
  ): Promise<BrowserContext> {
    const fits = keyOf({ ...this.defaults, ...options })
    const key = fits === undefined || !prepared ? fits : `${prepared.name} ${fits}`
    const index = this.idle.findIndex((kept) => kept.key === key)
    if (index >= 0) return this.idle.splice(index, 1)[0]!.context
    const context = await this.open(options)
    await prepared?.prepare(context)
    this.lend(context, key)
    return context
  }

  /** Every context lent and not given back: the test's end gives them back. */
  async releaseAll(): Promise<void> {
    const contexts = [...this.lent.keys()].filter((context) => !this.isIdle(context))
    await Promise.all(contexts.map((context) => this.release(context)))
  }

  private isIdle(context: BrowserContext): boolean {
    return this.idle.some((kept) => kept.context === context)
  }

  private lend(context: BrowserContext, key: string | undefined): void {
    const realClose = context.close.bind(context)
    const lent: Lent = {
      key,
      origins: new Set(),
      changed: false,
      offline: false,
      close: () => realClose().catch(() => undefined),
      cdp: context.newCDPSession.bind(context),
    }
    this.lent.set(context, lent)
    context.on('close', () => {
      this.lent.delete(context)
      const index = this.idle.findIndex((kept) => kept.context === context)
      if (index >= 0) this.idle.splice(index, 1)
    })
    context.on('page', (page) => {
      page.on('framenavigated', (frame) => {
        const { protocol, origin } = new URL(frame.url())
        if (protocol === 'http:' || protocol === 'https:') lent.origins.add(origin)
      })
    })
    const changing = (target: object, names: readonly string[]): void => {
      const methods = target as Record<string, unknown>
      for (const name of names) {
        const method = methods[name]
        if (typeof method !== 'function') continue
        methods[name] = (...args: unknown[]) => {
          lent.changed = true
          return (method as (...a: unknown[]) => unknown).apply(target, args)
        }
      }
    }
    changing(context, LASTING)
    changing(context.clock, CLOCK)
    const setOffline = context.setOffline.bind(context)
    context.setOffline = (offline: boolean) => {
      lent.offline = offline
      return setOffline(offline)
    }
    context.close = () => this.release(context)
  }

  private async release(context: BrowserContext): Promise<void> {
    const lent = this.lent.get(context)
    if (!lent || this.isIdle(context)) return
    if (lent.key === undefined || lent.changed) {
      this.lent.delete(context)
      return lent.close()
    }
    try {
      await empty(context, lent)
    } catch {
      this.lent.delete(context)
      return lent.close()
    }
    lent.origins.clear()
    this.idle.push({ key: lent.key, context })
    while (this.idle.length > KEPT) {
      const oldest = this.idle.shift()!
      const dropped = this.lent.get(oldest.context)
      this.lent.delete(oldest.context)
      await dropped?.close()
    }
  }
}

/** Closes the context's pages and clears what they kept, as a new context has none of it. */
async function empty(context: BrowserContext, lent: Lent): Promise<void> {
  // One page is left for the clearing: the protocol's Storage commands act on the storage of the
  // page they are sent to. It leaves the app first, whose open databases would write again.
  const [first, ...others] = context.pages()
  await Promise.all(others.map((page) => page.close()))
  if (lent.offline) await context.setOffline(false)
  await context.clearCookies()
  await context.clearPermissions()
  const blank = first ?? (await context.newPage())
  await blank.goto('about:blank')
  const session = await lent.cdp(blank)
  await Promise.all(
    [...lent.origins].map((origin) =>
      session.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })
    )
  )
  await session.detach()
  await blank.close()
}

/** The options as a key: the same options in any order give the same key; none for a context
 * never kept. */
function keyOf(options: BrowserContextOptions): string | undefined {
  if (process.env.E2E_KEEP_CONTEXTS === '0') return undefined
  if (options.storageState || options.proxy || options.recordHar || options.recordVideo)
    return undefined
  if (options.serviceWorkers === 'allow') return undefined
  return JSON.stringify(options, (_name, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)))
      : value
  )
}

const pools = new WeakMap<Browser, ContextPool>()

/** The browser's pool, its newContext taking from it from now on. */
export function contextPool(browser: Browser): ContextPool {
  let pool = pools.get(browser)
  if (!pool) {
    pool = new ContextPool(browser.newContext.bind(browser))
    browser.newContext = (options?: BrowserContextOptions) => pool!.newContext(options)
    pools.set(browser, pool)
  }
  return pool
}
