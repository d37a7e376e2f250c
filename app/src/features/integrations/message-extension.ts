// Integrations in the message screen's extension slot (messages/extension.ts): a message an
// integration posted (it has no author) is marked "APP", and its author line shows the name the
// post asked for (or the integration's), never a person's: the badge always goes with it, so an
// app cannot pass for someone. What marks them (data/app-posts.ts) loads only once the channel
// shows a message without an author, so the first screen carries a few lines of this file only.
import { useEffect, useMemo, useState } from 'react'
import type { ChatMessage } from '../messages/conversation/types.ts'
import type { MessageExtension, MessageMarker, UseMessageExtension } from '../messages/extension.ts'
import type { AppPosts } from './data/app-post.ts'
import './app-marker.css'

const NONE: AppPosts = new Map()

/** The APP marker of an integration's message (pure). */
export function appMarkers(
  posts: AppPosts,
  unknown: () => void
): (message: ChatMessage) => MessageMarker[] {
  return (message) => {
    if (message.authorId) return []
    const post = posts.get(message.id)
    if (!post) {
      unknown()
      return []
    }
    const via = post.username && post.username !== post.appName ? ` · via ${post.appName}` : ''
    const author = post.username ?? post.appName
    return [{ id: 'app', icon: 'link-2', label: `APP${via}`, className: 'app-marker', author }]
  }
}

export const useIntegrationsExtension: UseMessageExtension = ({ channelId }) => {
  const [wanted, setWanted] = useState<string | null>(null)
  const [posts, setPosts] = useState<{ channelId: string; posts: AppPosts } | null>(null)
  useEffect(() => {
    if (wanted !== channelId) return
    let stop: (() => void) | null = null
    let active = true
    void import('./data/app-posts.ts').then(({ watchAppPosts }) => {
      if (active) stop = watchAppPosts(channelId, (next) => setPosts({ channelId, posts: next }))
    })
    return () => {
      active = false
      stop?.()
    }
  }, [channelId, wanted])
  const current = posts?.channelId === channelId ? posts.posts : NONE
  return useMemo((): MessageExtension => {
    // Asked from a row's render: the state changes after it.
    const unknown = () => {
      if (wanted !== channelId) queueMicrotask(() => setWanted(channelId))
    }
    return { id: 'integrations', markers: appMarkers(current, unknown) }
  }, [current, wanted, channelId])
}
