import { afterEach, describe, expect, it } from 'vitest'
import {
  dateAndSecondsLabel,
  dateFormat,
  dateFormats,
  dateLabel,
  dateTimeLabel,
  fullTimeLabel,
  timeLabel,
} from './date-formats.ts'
import { i18n } from './i18n.ts'

const at = new Date(2026, 10, 27, 15, 8, 7)
const iso = at.toISOString()

afterEach(() => i18n.activate('en'))

describe('dateFormat', () => {
  it('makes a formatter once per locale and option set', () => {
    const a = dateFormat({ dateStyle: 'medium' }, 'de')
    expect(dateFormat({ dateStyle: 'medium' }, 'de')).toBe(a)
    expect(dateFormat({ dateStyle: 'medium' }, 'ja')).not.toBe(a)
    expect(dateFormat({ dateStyle: 'long' }, 'de')).not.toBe(a)
    expect(a.resolvedOptions().locale).toBe('de')
  })

  it("is in the app's language unless a locale is named", () => {
    i18n.loadAndActivate({ locale: 'de', messages: {} })
    expect(dateFormat({ month: 'long' }).format(at)).toBe('November')
    expect(dateFormat({ month: 'long' }, 'en-US').format(at)).toBe('November')
    i18n.loadAndActivate({ locale: 'ja', messages: {} })
    expect(dateFormat({ month: 'long' }).format(at)).toBe('11月')
  })
})

describe('the labels', () => {
  it("write what the browser's toLocale strings write", () => {
    expect(timeLabel(iso)).toBe(at.toLocaleTimeString('en', { hour: 'numeric', minute: '2-digit' }))
    expect(fullTimeLabel(iso)).toBe(
      at.toLocaleString('en', { dateStyle: 'full', timeStyle: 'short' })
    )
    expect(dateTimeLabel(iso)).toBe(
      at.toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' })
    )
    expect(dateTimeLabel(at)).toBe(dateTimeLabel(iso))
    expect(dateLabel(iso)).toBe(at.toLocaleDateString('en'))
    expect(dateAndSecondsLabel(iso)).toBe(at.toLocaleString('en'))
  })

  it('follow the language when it changes', () => {
    expect(dateLabel(at)).toBe('11/27/2026')
    expect(dateFormats().time.format(at)).toBe('3:08 PM')
    i18n.loadAndActivate({ locale: 'de', messages: {} })
    expect(dateLabel(at)).toBe('27.11.2026')
    expect(dateFormats().time.format(at)).toBe('15:08')
    expect(dateTimeLabel(at)).toBe('27.11.2026, 15:08')
    i18n.loadAndActivate({ locale: 'ar', messages: {} })
    expect(dateFormats().day.format(at)).toBe(
      at.toLocaleDateString('ar', {
        weekday: 'long',
        month: 'long',
        day: 'numeric',
      })
    )
  })
})
