// A message an integration posted, as the message screen marks it (pure).
import { t } from '@lingui/core/macro'

/** The APP marker: a MessageMarker of the extension slot (slots/message.ts). */
export interface AppMarker {
  id: 'app'
  icon: 'link-2'
  label: string
  className: 'app-marker'
  /** The name the author line shows instead of a person's. */
  author: string
}

/** Who posted it (the message's `app`): the integration's name and the name the post asked for. */
export interface AppPost {
  name: string
  username: string | null
}

/** The APP marker of an integration's message: the badge, and the name its author line shows. */
export function appMarker(app: AppPost): AppMarker {
  const appName = app.name
  const via = app.username && app.username !== appName
  return {
    id: 'app',
    icon: 'link-2',
    label: via ? t`APP · via ${appName}` : t`APP`,
    className: 'app-marker',
    author: app.username ?? app.name,
  }
}
