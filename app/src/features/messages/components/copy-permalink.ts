// "Copy link": a message's permalink (/w/<ws>/c/<channel>/m/<message>, the workspace of the
// page it is on) on the clipboard. The link opens the message in context, after signing in if
// need be. A chunk of its own, loaded when a message's "Copy link" is chosen (copy-link.ts keeps
// the first screen's part, the "Link copied" flag).
import { t } from '@lingui/core/macro'
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
