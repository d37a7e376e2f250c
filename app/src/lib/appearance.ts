// How Chorus looks on this device: the theme (light, dark, or the system's) and the sidebar's
// density, as the person chose them in Preferences → Appearance (kept on their account too:
// notification_settings.theme/sidebar_density, brought to this device once the server answers).
// The page is painted in it from the start: this file also runs as an inline script in the head
// of index.html, before the stylesheet paints anything (scripts/inline-appearance.ts compiles it),
// so it stands alone and imports nothing. The stylesheet's dark colours apply to
// `:root[data-theme='dark']` (ui/styles.css), the compact sidebar to `[data-density='compact']`.

export type ThemeChoice = 'light' | 'dark' | null
export type Density = 'comfortable' | 'compact'

export interface Appearance {
  /** null: follow the system's theme. */
  theme: ThemeChoice
  density: Density
}

/** This device's copy, in localStorage. */
export const APPEARANCE_KEY = 'chorus.appearance'

const SYSTEM_DARK = '(prefers-color-scheme: dark)'

/** What this device keeps (the defaults when nothing, or something unreadable, is kept). */
export function readAppearance(storage: Pick<Storage, 'getItem'>): Appearance {
  let kept: Partial<Appearance> | null
  try {
    kept = JSON.parse(storage.getItem(APPEARANCE_KEY) ?? 'null') as Partial<Appearance> | null
  } catch {
    kept = null
  }
  return {
    theme: kept?.theme === 'light' || kept?.theme === 'dark' ? kept.theme : null,
    density: kept?.density === 'compact' ? 'compact' : 'comfortable',
  }
}

/** Paints the page in what this device keeps, and again whenever the system's theme changes. */
export function applyAppearance(
  root: HTMLElement,
  storage: Pick<Storage, 'getItem'>,
  media: (query: string) => MediaQueryList
): void {
  const { theme, density } = readAppearance(storage)
  const dark = theme ? theme === 'dark' : media(SYSTEM_DARK).matches
  root.dataset.theme = dark ? 'dark' : 'light'
  root.dataset.density = density
}

/** The inline script's work: paint now, and follow the system's theme from then on. */
export function startAppearance(
  root: HTMLElement,
  storage: Pick<Storage, 'getItem'>,
  media: (query: string) => MediaQueryList
): void {
  const apply = () => applyAppearance(root, storage, media)
  apply()
  media(SYSTEM_DARK).addEventListener('change', apply)
}
