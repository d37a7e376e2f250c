// "Copy link": a message's permalink (/w/<ws>/c/<channel>/m/<message>, the workspace of the
// page it is on) on the clipboard. The link opens the message in context, after signing in if
// need be. A message's "Copy link" action uses these.
import { t } from '@lingui/core/macro'
import { useState } from 'react'
import { parseRoute, pathOf } from '../../../lib/routes.ts'
import { showTextToCopy } from '../../../ui/layers.ts'

export function permalinkOf(channelId: string, messageId: string): string {
  const route = parseRoute(window.location.pathname)
  const workspaceId = route.name === 'workspace' ? route.workspaceId : ''
  const path = pathOf({ name: 'workspace', workspaceId, channelId, messageId })
  return new URL(path, window.location.origin).href
}

/** Puts the message's permalink on the clipboard (or shows it to copy); `onCopied` once it is. */
export function copyPermalink(channelId: string, messageId: string, onCopied: () => void): void {
  const url = permalinkOf(channelId, messageId)
  const fallback = () => void showTextToCopy(t`Copy this link`, url)
  if (!navigator.clipboard) return fallback()
  navigator.clipboard.writeText(url).then(onCopied, fallback)
}

/** "Link copied" for two seconds after a copy: [copied, the copy's onCopied]. */
export function useCopiedFlag(): [boolean, () => void] {
  const [copied, setCopied] = useState(false)
  return [
    copied,
    () => {
      setCopied(true)
      window.setTimeout(() => setCopied(false), 2000)
    },
  ]
}
