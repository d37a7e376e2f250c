// What global-setup.ts learned about the running stack.
export function appUrl(path = '/'): string {
  const base = process.env.CHORUS_APP_URL
  if (!base) throw new Error('CHORUS_APP_URL is not set: run through playwright.config.ts')
  return base + path
}

export function apiUrl(): string {
  const url = process.env.CHORUS_API_URL
  if (!url) throw new Error('CHORUS_API_URL is not set')
  return url
}

/** The stack's mail inbox, on its own port (Mailpit's in the Supabase CLI). */
export function inboxUrl(): string {
  const url = process.env.CHORUS_INBOX_URL
  if (!url) throw new Error('CHORUS_INBOX_URL is not set')
  return url
}
