import { afterEach, describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/react'
import { msg, plural, t } from '@lingui/core/macro'
import { i18n } from '@lingui/core'
import { NotLoaded } from '../ui/NotLoaded.tsx'
import { browserLanguage, formatLocale, startI18n } from './i18n.ts'

afterEach(async () => {
  await startI18n('en')
})

describe('the app in English (the messages in the code)', () => {
  it('fills placeholders and plurals without a catalog', () => {
    const name = 'Ann'
    const count = 3
    expect(t`Hello ${name}`).toBe('Hello Ann')
    expect(plural(count, { one: '# reply', other: '# replies' })).toBe('3 replies')
    expect(plural(1, { one: '# reply', other: '# replies' })).toBe('1 reply')
    expect(i18n._(msg`Kept for later`)).toBe('Kept for later')
  })
})

describe('another language', () => {
  it('loads its catalog, translates, and sets the page language and direction', async () => {
    await startI18n('de')
    expect(i18n.locale).toBe('de')
    expect(document.documentElement.lang).toBe('de')
    expect(document.documentElement.dir).toBe('ltr')
    render(<NotLoaded />)
    expect(screen.getByRole('alert').textContent).toBe(
      'Das konnte nicht geladen werden. Prüfe deine Verbindung. Seite neu laden'
    )
    expect(screen.getByRole('button', { name: 'Seite neu laden' })).toBeTruthy()
  })

  it('mirrors the page for Arabic, and shows its text', async () => {
    await startI18n('ar')
    expect(document.documentElement.dir).toBe('rtl')
    render(<NotLoaded />)
    expect(screen.getByRole('button', { name: 'إعادة تحميل الصفحة' })).toBeTruthy()
    const count = 5
    expect(typeof plural(count, { one: '# reply', other: '# replies' })).toBe('string')
  })
})

describe('browserLanguage', () => {
  it('takes the first language Chorus speaks, by its base', () => {
    expect(browserLanguage(['fr-FR', 'de-AT', 'en'])).toBe('de')
    expect(browserLanguage(['ja'])).toBe('ja')
    expect(browserLanguage(['ar-EG'])).toBe('ar')
    expect(browserLanguage(['fr', 'es'])).toBe('en')
  })

  it('formats dates in the browser own variant of the language', () => {
    expect(formatLocale('en')).toMatch(/^en/)
    expect(formatLocale('ja')).toBe('ja')
  })
})
