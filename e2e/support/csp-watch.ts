// Every Content-Security-Policy refusal in the browser contexts it watches (issue 69): an init
// script listens for `securitypolicyviolation` in every page and hands each one to the test (a
// binding, so none is lost to a navigation). As a look of the tours (support/axe-tour.ts), each
// screen is a check that none came so far, naming the screen: accessibility.spec.ts watches every
// screen of its tours so, csp.spec.ts the policy itself.
import { expect } from '@playwright/test'
import type { Browser, BrowserContext, Page } from '@playwright/test'

export interface Violation {
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
export class CspWatch {
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
