// How a session reads in the list: the browser and system from its User-Agent in a few words
// ("Chrome on Linux"), and when it was last active ("5 minutes ago"). Pure, tested beside.
import { t } from '@lingui/core/macro'
import { formatLocale } from '../../../lib/i18n.ts'

/* eslint-disable lingui/no-unlocalized-strings -- browsers' and systems' product names, the same in every language */

// Order matters: Edge, Opera and Samsung Internet also say Chrome; Chrome also says Safari.
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|Chrome\//, 'Chrome'],
  [/\bChromium\//, 'Chromium'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
]

// iPhone before Mac OS X (iOS says "like Mac OS X"), Android before Linux, ChromeOS before Linux.
const SYSTEMS: readonly [RegExp, string][] = [
  [/\bWindows\b/, 'Windows'],
  [/\biPhone\b|\biPad\b|\biPod\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
]
/* eslint-enable lingui/no-unlocalized-strings */

function first(list: readonly [RegExp, string][], text: string): string | null {
  return list.find(([pattern]) => pattern.test(text))?.[1] ?? null
}

/** "Chrome on Linux", "Safari" or "iOS" when only one is known, else "Unknown browser". */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return t`Unknown browser`
  const browser = first(BROWSERS, userAgent)
  const system = first(SYSTEMS, userAgent)
  if (browser && system) return t`${browser} on ${system}`
  return browser ?? system ?? t`Unknown browser`
}

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
]

// Made when first used, in the app's language (chosen at boot, before any session is listed).
let relative: Intl.RelativeTimeFormat | undefined

/** "just now" under a minute, else "5 minutes ago", "yesterday", "3 weeks ago". */
export function timeAgo(at: string | Date, now: Date = new Date()): string {
  const seconds = Math.max(0, (now.getTime() - new Date(at).getTime()) / 1000)
  for (const [unit, size] of UNITS) {
    if (seconds >= size) {
      relative ??= new Intl.RelativeTimeFormat(formatLocale(), { numeric: 'auto' })
      return relative.format(-Math.floor(seconds / size), unit)
    }
  }
  return t`just now`
}
