// The message screen's extension slot, filled: every feature folder with a message-extension.tsx
// (its default export: a MessageFeature, slots/message.ts) is in, found at build time by
// Vite's import.meta.glob (eager: the same modules a list of imports would load, in the same
// chunk), in the order of their `order` (then their folder's name). Adding one touches only its
// folder: nothing is listed here. The list is fixed when the app is built, so the hooks below
// are called in the same order every render (the rules of hooks).
import { useMemo } from 'react'
import type {
  ConversationScope,
  ExtensionScope,
  MessageExtension,
  MessageFeature,
} from '../slots/message.ts'

// Only their default export is imported (no module namespace objects: the rest tree-shakes).
const found = import.meta.glob<MessageFeature>('./*/message-extension.tsx', {
  eager: true,
  import: 'default',
})

/** The features in the slot, in their order (exported for the tests). The glob's keys come
 *  sorted by path, and the sort is stable: features of the same order go by folder name. */
export const messageFeatures: readonly MessageFeature[] = Object.values(found).sort(
  (a, b) => a.order - b.order
)

const channelHooks = messageFeatures.flatMap((f) => f.useChannel ?? [])
const conversationHooks = messageFeatures.flatMap((f) => f.useConversation ?? [])

function useParts<Scope>(hooks: ((scope: Scope) => MessageExtension)[], scope: Scope) {
  // The same hooks every render (the list is fixed at build time).
  const parts = hooks.map((hook) => hook(scope))
  // A new array only when a part changed.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo((): readonly MessageExtension[] => parts, parts)
}

/** The features' parts for one open channel (its bars, dialogs, and what its rows show). */
export const useMessageExtensions = (scope: ExtensionScope) => useParts(channelHooks, scope)

/** The features' parts for one conversation (the channel's list, or a thread's). */
export const useConversationExtensions = (scope: ConversationScope) =>
  useParts(conversationHooks, scope)
