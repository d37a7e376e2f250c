// My language follows my profile across devices (issue 53): the profile holds the language I chose
// on any device; this device keeps a copy (lib/i18n.ts) to start in it before anything is fetched.
// Once the server has answered with my profile, a language that differs from this device's copy is
// kept here, and the app reloads if the language on screen is then not the one to show.
//
// It cannot loop: after a reload the device's copy and the profile agree (nothing more to do), a
// reload happens only when keepLanguage says the active language really differs, and never when
// the copy would not survive it (a private mode's storage in memory).
import { useEffect } from 'react'
import { useAfterFirstScreen } from '../../../lib/first-screen.ts'
import { chosenLanguage } from '../../../lib/i18n.ts'
import { keepLanguage } from '../../../lib/language-choice.ts'
import { browserStore } from '../../../lib/local-store.ts'
import { useServerProfile } from './profile-query.ts'
import { reloadApp } from './reload.ts'

export function useLanguageSync(me: string): void {
  // My profile is not on the first screen: it is asked for a moment after it.
  const later = useAfterFirstScreen()
  const profile = useServerProfile(me, later && me !== '')
  // Only the server's answer counts: the copy restored from this device's cache may be older than
  // a choice made since (saving reloads before the cache is written again), and one kept before
  // profiles had a language has none (undefined).
  const language = profile.isFetchedAfterMount ? profile.data?.language : undefined
  useEffect(() => {
    if (language === undefined || language === chosenLanguage()) return
    if (keepLanguage(language) && keptAcrossReloads()) reloadApp()
  }, [language])
}

function keptAcrossReloads(): boolean {
  try {
    // sessionStorage on a shared computer (lib/local-store.ts): kept across reloads too.
    return browserStore() === window.localStorage || browserStore() === window.sessionStorage
  } catch {
    return false
  }
}
