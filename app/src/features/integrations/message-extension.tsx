// Integrations in the message screen's extension slot (messages/extension.ts): a message an
// integration posted (it has no author) is marked "APP", and its author line shows the name the
// post asked for (or the integration's), never a person's: the badge always goes with it, so an
// app cannot pass for someone. This file is on the first screen, so it is kept to the least:
// what marks the messages (data/app-posts.ts, with the markers) loads only once the open
// channel shows a message without an author.
import { useEffect, useMemo, useState } from 'react'
import type { MessageFeature, MessageMarker, UseMessageExtension } from '../messages/extension.ts'
import './app-marker.css'

/** The open channel's app messages' markers, by message id (undefined: not loaded). */
type Markers = ReadonlyMap<string, MessageMarker[]>

export const useIntegrationsExtension: UseMessageExtension = ({ channelId }) => {
  const [markers, setMarkers] = useState<Markers>()
  const [wanted, setWanted] = useState<string>()
  useEffect(() => {
    setMarkers(undefined)
    if (wanted !== channelId) return
    let stop: (() => void) | undefined
    let active = true
    void import('./data/app-posts.ts').then((m) => {
      if (active) stop = m.watchAppPosts(channelId, setMarkers)
    })
    return () => {
      active = false
      stop?.()
    }
  }, [channelId, wanted])
  return useMemo(
    () => ({
      id: 'integrations',
      // Asked from a row's render: the state changes after it.
      markers: (message) =>
        message.authorId
          ? []
          : (markers?.get(message.id) ??
            (wanted !== channelId && queueMicrotask(() => setWanted(channelId)), [])),
    }),
    [markers, wanted, channelId]
  )
}

const integrations: MessageFeature = {
  id: 'integrations',
  order: 50,
  useChannel: useIntegrationsExtension,
}
export default integrations
