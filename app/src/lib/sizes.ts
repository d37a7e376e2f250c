// The one way Chorus writes a size (issue 67): SI units (1 kB = 1,000 B, 1 MB = 1,000,000 B, as
// disks, networks and most operating systems count), at most one decimal, the number and the
// unit as the person's language writes them (Intl's unit formats: "45 MB", "104,9 MB", "1.5 KB"
// in Japanese, "45 م.ب"). Attachments, uploads, limits, exports and the audit log all use it; the
// Edge Functions that put a size into a sentence send its bytes for the app to word.
import { formatLocale } from './i18n.ts'

const UNITS = ['kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const

const formats = new Map<string, Intl.NumberFormat>()

function format(locale: string, unit: string, display: 'short' | 'long'): Intl.NumberFormat {
  const key = `${locale} ${unit} ${display}`
  let made = formats.get(key)
  if (!made) {
    made = new Intl.NumberFormat(locale, {
      style: 'unit',
      unit,
      unitDisplay: display,
      maximumFractionDigits: 1,
    })
    formats.set(key, made)
  }
  return made
}

/** A size in bytes as people read it: "900 bytes", "1.5 kB", "45 MB", "104.9 MB", "3.2 GB". */
export function formatSize(bytes: number, locale: string = formatLocale()): string {
  const whole = Number.isFinite(bytes) ? Math.max(0, Math.round(bytes)) : 0
  if (whole < 1000) return format(locale, 'byte', 'long').format(whole)
  let value = whole / 1000
  let unit = 0
  // Stepped up on the rounded value, so 999,960 bytes is "1 MB", never "1,000 kB".
  while (Math.round(value * 10) / 10 >= 1000 && unit < UNITS.length - 1) {
    value /= 1000
    unit += 1
  }
  return format(locale, UNITS[unit]!, 'short').format(value)
}
