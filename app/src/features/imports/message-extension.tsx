// Imported people in the message screen's extension slot (slots/message.ts): a message whose
// author is a placeholder of a Slack import (profiles.is_placeholder: nobody's account until the
// person claims it, issue 49, item 1) is marked "IMPORTED", so it never passes for someone's own
// word. On the first screen, so kept to the least: the placeholders' ids (data/placeholder-ids.ts,
// one small query kept five minutes) and a marker.
import { t } from '@lingui/core/macro'
import { useMemo } from 'react'
import type { MessageFeature, MessageMarker } from '../../slots/message.ts'
import { usePlaceholderIdsQuery } from './data/placeholder-ids.ts'
import './imported.css'

const imported: MessageFeature = {
  id: 'imported',
  order: 53,
  useChannel: () => {
    const { data: ids } = usePlaceholderIdsQuery()
    return useMemo(() => {
      const marked: MessageMarker[] = [
        { id: 'imported', icon: 'history', label: t`IMPORTED`, className: 'imported-marker' },
      ]
      return {
        id: 'imported',
        markers: (message) => (message.authorId && ids?.includes(message.authorId) ? marked : []),
      }
    }, [ids])
  },
}
export default imported
