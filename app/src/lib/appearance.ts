// How Chorus looks on this device: the theme (light, dark, or the system's) and the sidebar's
// density, as the person chose them in Preferences → Appearance (kept on their account too:
// notification_settings.theme/sidebar_density, brought to this device once the server answers).
// The page is painted in it from the start: this file also runs as an inline script in the head
// of index.html, before the stylesheet paints anything (scripts/inline-appearance.ts compiles it),
// so it stands alone, imports nothing and stays small (it counts in the first screen's budget).
// The stylesheet's dark colours apply to `:root[data-theme='dark']` (ui/styles.css), the compact
// sidebar to `[data-density='compact']`. Kept as two plain keys: `chorus.theme` (light or dark;
// none: the system's) and `chorus.density` (compact; none: comfortable).

export type ThemeChoice = 'light' | 'dark' | null
export type Density = 'comfortable' | 'compact'

export interface Appearance {
  /** null: follow the system's theme. */
  theme: ThemeChoice
  density: Density
}

/** The media query of the system's dark theme. */
const SYSTEM_DARK = '(prefers-color-scheme: dark)'

export const THEME_KEY = 'chorus.theme'
export const DENSITY_KEY = 'chorus.density'

/** What this device keeps (the defaults for nothing, or anything else, kept). */
export function readAppearance(storage: Pick<Storage, 'getItem'>): Appearance {
  const theme = storage.getItem(THEME_KEY)
  return {
    theme: theme === 'light' || theme === 'dark' ? theme : null,
    density: storage.getItem(DENSITY_KEY) === 'compact' ? 'compact' : 'comfortable',
  }
}

/**
 * Paints the page in what this device keeps; with `follow`, again whenever the system's theme
 * changes (the inline script's call, once per page).
 */
export function applyAppearance(
  root: HTMLElement,
  storage: Pick<Storage, 'getItem'>,
  media: (query: string) => MediaQueryList,
  follow?: boolean
): void {
  const system = media(SYSTEM_DARK)
  // What keepAppearance (features/preferences) wrote, unchecked: anything but "dark" is light.
  const apply = () => {
    root.dataset.theme = storage.getItem(THEME_KEY) ?? (system.matches ? 'dark' : 'light')
    root.dataset.density = storage.getItem(DENSITY_KEY) ?? 'comfortable'
  }
  apply()
  if (follow) system.addEventListener('change', apply)
}
