// My appearance (Preferences → Appearance): the theme and the sidebar's density, on my account
// (notification_settings.theme / sidebar_density, set_appearance()) and on this device
// (lib/appearance.ts, which paints the page in it before anything is fetched). Saving keeps it on
// the device first, so the page changes at once; the account's copy follows.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { DENSITY_KEY, THEME_KEY, applyAppearance, readAppearance } from '../../../lib/appearance.ts'
import type { Appearance } from '../../../lib/appearance.ts'
import { browserStore } from '../../../lib/local-store.ts'
import { rpcOne } from '../../../lib/rpc.ts'
import { supabase } from '../../../lib/supabase.ts'

export type { Appearance, Density, ThemeChoice } from '../../../lib/appearance.ts'

const key = ['preferences', 'appearance'] as const
const saveKey = ['preferences', 'appearance', 'save'] as const

/** This device's appearance. */
export function deviceAppearance(): Appearance {
  return readAppearance(browserStore())
}

/** Keeps the appearance on this device and paints the page in it. */
export function keepAppearance(appearance: Appearance): void {
  const store = browserStore()
  if (appearance.theme) store.setItem(THEME_KEY, appearance.theme)
  else store.removeItem(THEME_KEY)
  if (appearance.density === 'compact') store.setItem(DENSITY_KEY, 'compact')
  else store.removeItem(DENSITY_KEY)
  applyAppearance(document.documentElement, store, (query) => window.matchMedia(query))
}

/** My account's appearance (the defaults while I have chosen none). */
export async function fetchAppearance(): Promise<Appearance> {
  const { data, error } = await supabase()
    .from('notification_settings')
    .select('theme, sidebar_density')
    .maybeSingle()
  if (error) throw error
  return {
    theme: data?.theme === 'light' || data?.theme === 'dark' ? data.theme : null,
    density: data?.sidebar_density === 'compact' ? 'compact' : 'comfortable',
  }
}

export function useAccountAppearance(enabled = true) {
  return useQuery({ queryKey: key, queryFn: fetchAppearance, enabled })
}

/**
 * Whose appearance this device holds that the account may not have yet: a save not yet answered
 * (the page reloaded or closed before it was). Until it is, the device's copy is the newer one,
 * so the next load sends it instead of taking the account's older copy over it.
 */
const UNSAVED_KEY = 'chorus.appearance.unsaved'

/** Whether this device holds `me`'s appearance unsaved on the account. */
export function appearanceUnsaved(me: string): boolean {
  return browserStore().getItem(UNSAVED_KEY) === me
}

/** The account has what this device holds of `me`'s appearance. */
export function markSaved(me: string): void {
  if (appearanceUnsaved(me)) browserStore().removeItem(UNSAVED_KEY)
}

/** Saves my appearance: on this device at once (painted), then on my account. */
export function useSaveAppearance(me: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (appearance: Appearance) => {
      keepAppearance(appearance)
      browserStore().setItem(UNSAVED_KEY, me)
      await rpcOne('set_appearance', {
        p_theme: appearance.theme as string,
        p_sidebar_density: appearance.density,
      })
      return appearance
    },
    onSuccess: (appearance) => {
      // A later choice on its way keeps the mark: its own answer clears it.
      if (!queryClient.isMutating({ mutationKey: saveKey })) browserStore().removeItem(UNSAVED_KEY)
      queryClient.setQueryData(key, appearance)
    },
    mutationKey: saveKey,
  })
}
