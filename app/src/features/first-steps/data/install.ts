// Installing Chorus from the page (Chromium's "beforeinstallprompt"): the prompt the browser
// offers, kept when it comes so that a button can show it later. Listened to from when the first
// steps' chunk loads (after the first screen); a browser that offers none (Safari, Firefox, or an
// event that came earlier) leaves the instructions.
interface InstallPrompt extends Event {
  prompt: () => Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

let offered: InstallPrompt | null = null
const listeners = new Set<() => void>()

window.addEventListener('beforeinstallprompt', (event) => {
  event.preventDefault()
  offered = event as InstallPrompt
  for (const listener of listeners) listener()
})

/** The browser's install prompt, when it offered one. */
export const installPrompt = () => offered

export function onInstallPrompt(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Shows the browser's prompt; true when the person installed Chorus. */
export async function promptInstall(): Promise<boolean> {
  const prompt = offered
  if (!prompt) return false
  offered = null
  await prompt.prompt()
  return (await prompt.userChoice).outcome === 'accepted'
}
