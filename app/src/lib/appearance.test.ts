// The appearance as the page's head applies it (lib/appearance.ts, run as an inline script by
// scripts/inline-appearance.ts): the person's theme, or the system's and its changes; the density.
import { describe, expect, it } from 'vitest'
import { appearanceScript } from '../../scripts/inline-appearance.ts'
import { DENSITY_KEY, THEME_KEY, applyAppearance, readAppearance } from './appearance.ts'

/** A system whose theme can change, as matchMedia shows it. */
function system(dark: boolean) {
  const listeners: (() => void)[] = []
  const list = {
    get matches() {
      return dark
    },
    addEventListener: (_: string, listener: () => void) => listeners.push(listener),
  } as unknown as MediaQueryList
  return {
    media: (query: string) => {
      expect(query).toBe('(prefers-color-scheme: dark)')
      return list
    },
    set(value: boolean) {
      dark = value
      for (const listener of listeners) listener()
    },
  }
}

const store = (kept: { theme?: string; density?: string } | null) => ({
  getItem: (key: string) =>
    (key === THEME_KEY ? kept?.theme : key === DENSITY_KEY ? kept?.density : undefined) ?? null,
})

describe('the appearance', () => {
  it('reads what this device keeps, and the defaults for nothing or anything else', () => {
    expect(readAppearance(store({ theme: 'dark', density: 'compact' }))).toEqual({
      theme: 'dark',
      density: 'compact',
    })
    expect(readAppearance(store(null))).toEqual({ theme: null, density: 'comfortable' })
    expect(readAppearance(store({ theme: 'sepia', density: 'huge' }))).toEqual({
      theme: null,
      density: 'comfortable',
    })
  })

  it('follows the system while the person has not chosen, as it changes', () => {
    const root = document.createElement('html')
    const os = system(true)
    applyAppearance(root, store(null), os.media, true)
    expect(root.dataset.theme).toBe('dark')
    expect(root.dataset.density).toBe('comfortable')
    os.set(false)
    expect(root.dataset.theme).toBe('light')
  })

  it('keeps a chosen theme whatever the system does', () => {
    const root = document.createElement('html')
    const os = system(true)
    applyAppearance(root, store({ theme: 'light', density: 'compact' }), os.media, true)
    expect(root.dataset.theme).toBe('light')
    expect(root.dataset.density).toBe('compact')
    os.set(false)
    os.set(true)
    expect(root.dataset.theme).toBe('light')
  })

  it('runs in the head as a small script that cannot close its own tag', async () => {
    const script = await appearanceScript()
    expect(script).not.toMatch(/\bexport\b|<\/script/i)
    // Counted in the first screen's JavaScript (e2e/first-screen.spec.ts): keep it small.
    expect(script.length).toBeLessThan(400)
    const root = document.createElement('html')
    const os = system(false)
    new Function('document', 'localStorage', 'matchMedia', script)(
      { documentElement: root },
      store({ theme: 'dark', density: 'comfortable' }),
      os.media
    )
    expect(root.dataset.theme).toBe('dark')
  })
})
