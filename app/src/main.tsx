// Boot: read /config.json, make the Supabase client, learn the session, then render. Screens
// other than the first are loaded on demand to keep the first download small.
import { t } from '@lingui/core/macro'
import { i18n } from '@lingui/core'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { keptRuntimeConfig, loadRuntimeConfig } from './lib/runtime-config.ts'
import { initSupabase } from './lib/supabase.ts'
import { authState, loadSignInPage, startAuth, storedSession } from './features/auth/index.ts'
import { loadMarkdownForKept, prefetchLatest } from './features/messages/index.ts'
import { parseRoute } from './lib/routes.ts'
import { loadSignedInApp } from './signed-in-loader.ts'
import { warmDateFormats } from './lib/date-formats.ts'
import { afterFirstScreen, firstScreenShown } from './lib/first-screen.ts'
import { nextTask } from './lib/tasks.ts'
import { startI18n } from './lib/i18n.ts'
import { App } from './App.tsx'
import { FatalScreen } from './ui/FatalScreen.tsx'
import './ui/styles.css'

/** The screen kept from the last visit (shell/kept-screen-restore.ts, painted before the app
 * loads) gives way to the app's first screen, or to whatever the app shows instead. */
const dropKeptScreen = () => document.getElementById('kept-screen')?.remove()

async function boot(): Promise<void> {
  const root = createRoot(document.getElementById('root')!)
  void firstScreenShown().then(dropKeptScreen)
  // The language's catalog (none for English) is fetched beside everything else.
  const language = startI18n()
  const session = storedSession()
  // The focus of modal dialogs (ui/dialog-focus.ts): none is open before the first screen is
  // shown. Not loaded (offline, never fetched): the browser's own handling of the focus.
  afterFirstScreen(() => void import('./ui/dialog-focus.ts').catch(() => undefined))
  // The sentences for Chorus's error codes: wanted only when something is refused.
  afterFirstScreen(
    () =>
      void import('./lib/error-sentences.ts')
        .then((m) => m.loadErrorSentences())
        .catch(() => undefined)
  )
  if (session) {
    void loadSignedInApp()
    // The date formats are the language's: made once it is active (at once for English).
    void language.then(warmDateFormats)
    const route = parseRoute(window.location.pathname)
    if (session.user?.id) {
      const channelId = route.name === 'workspace' ? route.channelId : null
      loadMarkdownForKept(session.user.id, channelId)
    }
    // A sign-out offline shows the sign-in page: its code is in once the first screen is shown,
    // whether or not the service worker has stored the shell yet.
    afterFirstScreen(() => void loadSignInPage().catch(() => undefined))
    // The screen to paint at once next time: this one, kept when it is left.
    afterFirstScreen(
      () => void import('./shell/kept-screen.ts').then((m) => m.keepScreens()).catch(() => {})
    )
  } else {
    void loadSignInPage().catch(() => undefined)
  }
  // A return visit starts with the config this device kept; the server's is checked beside.
  const kept = session && keptRuntimeConfig()
  const loading = loadRuntimeConfig(!!kept)
  const config = kept ? { ok: true as const, value: kept } : await loading
  await language
  if (!config.ok) {
    dropKeptScreen()
    root.render(<FatalScreen title={t`Chorus cannot start`} detail={i18n._(config.error)} />)
    return
  }
  initSupabase(config.value)
  // Making the client is a task's worth on a cold start: the session is read in the next.
  await nextTask()
  await startAuth()
  if (authState().status === 'signed-in') {
    const route = parseRoute(window.location.pathname)
    if (route.name === 'workspace' && route.channelId) prefetchLatest(route.channelId)
    await loadSignedInApp().catch(() => undefined)
  } else {
    dropKeptScreen()
    await loadSignInPage().catch(() => undefined)
  }
  // The first render gets a task of its own.
  await nextTask()
  root.render(
    <StrictMode>
      <App />
    </StrictMode>
  )
}

void boot()
