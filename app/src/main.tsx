// Boot: read /config.json, make the Supabase client, learn the session, then render. Screens
// other than the first are loaded on demand to keep the first download small.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { loadRuntimeConfig } from './lib/runtime-config.ts'
import { initSupabase } from './lib/supabase.ts'
import { startAuth } from './features/auth/index.ts'
import { App } from './App.tsx'
import { FatalScreen } from './ui/FatalScreen.tsx'
import './ui/styles.css'

async function boot(): Promise<void> {
  const root = createRoot(document.getElementById('root')!)
  const config = await loadRuntimeConfig()
  if (!config.ok) {
    root.render(<FatalScreen title="Chorus cannot start" detail={config.error} />)
    return
  }
  initSupabase(config.value)
  await startAuth()
  root.render(
    <StrictMode>
      <App />
    </StrictMode>
  )
}

void boot()
