// axe-core (@axe-core/playwright) over what a page shows, with the WCAG 2.2 A and AA rules, for
// accessibility.spec.ts: every screen it checks adds its violations to one audit, which the test
// asserts at the end (so one run lists every screen's findings, not only the first).
import { AxeBuilder } from '@axe-core/playwright'
import { expect } from '@playwright/test'
import type { Page } from '@playwright/test'
import { MOTION_OVER } from './motion.ts'

/** WCAG 2.0, 2.1 and 2.2, levels A and AA (axe has no wcag22a tag: 2.2's A criteria are
 * tagged wcag2a/wcag21a where axe tests them). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** The rules of those whose outcome depends on colours: text contrast (1.4.3) and links told
 * from the text around them by colour alone (1.4.1). */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

/** The source AxeBuilder evaluates when axe is in the page already: nothing. */
const ALREADY_THERE = ';'

/** Resolves once the page's entrances are over, to whether axe is in the page already. */
const ENTRANCES_OVER = `${MOTION_OVER}.then(() => 'axe' in window)`

export interface Finding {
  screen: string
  rule: string
  impact: string
  help: string
  targets: string[]
}

export class AxeAudit {
  readonly findings: Finding[] = []
  readonly screens: string[] = []

  /** `themes: 'light'`: checkThemes checks the light theme only (accessibility.spec.ts's header
   * says for which languages, and why that loses nothing). */
  constructor(private readonly options: { themes: 'both' | 'light' } = { themes: 'both' }) {}

  /** Runs axe over the whole page (a modal dialog's page behind it is inert, and axe skips it).
   * Legacy mode runs axe in the page itself rather than gathering its results in a blank page it
   * opens each time (the app has no frames, which is what the newer mode is for), and only the
   * violations come back: together about three times as fast, with the same findings (measured
   * on a page with its contrast broken on purpose). */
  async check(page: Page, screen: string, rules: 'all' | 'colour' = 'all'): Promise<void> {
    // The screen as it is once it has appeared: mid-fade, a toast's text has less contrast than
    // it will have (its 200 ms fade-in was read as 4.1:1 when checked at once).
    // axe's source (580 kB) is put in the page once, not at each check: AxeBuilder evaluates it
    // twice a run, 0.1-0.15 s each on the loaded 2-core VM (the German workspace tour's 58 dark
    // checks took 57 s so, 38 s with axe kept). A page loaded anew has none: then the builder's
    // own source.
    const present = (await page.evaluate(ENTRANCES_OVER)) as boolean
    const builder = new AxeBuilder(present ? { page, axeSource: ALREADY_THERE } : { page })
      // options() replaces what withTags() set: it comes first.
      .options({ resultTypes: ['violations'] })
    const result = await (
      rules === 'all' ? builder.withTags(WCAG_TAGS) : builder.withRules(COLOUR_RULES)
    )
      .setLegacyMode(true)
      .analyze()
    this.screens.push(screen)
    for (const v of result.violations) {
      const finding: Finding = {
        screen,
        rule: v.id,
        impact: v.impact ?? 'unknown',
        help: v.help,
        targets: v.nodes.slice(0, 6).map((n) => {
          // color-contrast says which colours and ratio: what a fix needs.
          const data = n.any[0]?.data as
            { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined
          const colours = data?.fgColor
            ? ` [${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}]`
            : ''
          return n.target.join(' ') + colours
        }),
      }
      this.findings.push(finding)
      // Printed as found: a step failing later still leaves what was seen in the output.
      console.log(line(finding))
    }
  }

  /** Checks the page as it is in the dark theme (unless `themes: 'light'`), then in the light
   * one (the system's, emulated), and leaves it light. The dark theme changes colours only
   * (app/src/ui/themes.test.ts holds the app to that): there the rules about colour run, the
   * others' outcome being the light theme's; in the light theme every rule runs. (A full run
   * takes about 0.7 s of the page's time, the colour rules about 0.5 s.) */
  async checkThemes(page: Page, screen: string): Promise<void> {
    if (this.options.themes === 'both') {
      await page.emulateMedia({ colorScheme: 'dark' })
      await this.check(page, `${screen} (dark)`, 'colour')
    }
    await page.emulateMedia({ colorScheme: 'light' })
    await this.check(page, `${screen} (light)`)
  }

  /** The serious and critical findings, one line each, for the assertion's message. */
  blocking(): string[] {
    return this.findings.filter((f) => f.impact === 'serious' || f.impact === 'critical').map(line)
  }

  /** The minor and moderate ones, by rule (each must be listed in the spec's header). */
  minorRules(): string[] {
    const rules = this.findings
      .filter((f) => f.impact === 'minor' || f.impact === 'moderate')
      .map((f) => f.rule)
    return [...new Set(rules)].sort()
  }

  /** No serious or critical finding, and each minor or moderate rule found among `accepted`
   * (the spec lists those in its header, with why). */
  assertClean(accepted: readonly string[]): void {
    console.log(`axe: ${this.screens.length} screens checked, ${this.findings.length} findings`)
    expect(this.blocking(), 'serious or critical violations').toEqual([])
    const unlisted = this.minorRules().filter((r) => !accepted.includes(r))
    expect(unlisted, 'minor/moderate rules not listed in the spec').toEqual([])
  }

  summary(): string {
    return this.findings.map(line).join('\n')
  }
}

function line(f: Finding): string {
  return `axe ${f.screen}: ${f.rule} (${f.impact}) ${f.help} at ${f.targets.join(', ')}`
}
