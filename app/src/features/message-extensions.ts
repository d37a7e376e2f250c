// The message screen's extension slot, filled: every feature folder with a message-extension.tsx
// (its default export: a MessageFeature, messages/extension.ts) is in, found at build time by
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
} from './messages/extension.ts'

const found = import.meta.glob<{ default: MessageFeature }>('./*/message-extension.tsx', {
  eager: true,
})

/** The features in the slot, in their order (exported for the tests). */
export const messageFeatures: readonly MessageFeature[] = Object.entries(found)
  .sort(([a, x], [b, y]) => x.default.order - y.default.order || (a < b ? -1 : a > b ? 1 : 0))
  .map(([, module]) => module.default)

const channelHooks = messageFeatures.flatMap((f) => (f.useChannel ? [f.useChannel] : []))
const conversationHooks = messageFeatures.flatMap((f) =>
  f.useConversation ? [f.useConversation] : []
)

/** The features' parts for one open channel (its bars, dialogs, and what its rows show). */
export function useMessageExtensions(scope: ExtensionScope): readonly MessageExtension[] {
  // The same hooks every render (the list is fixed at build time).
  const parts = channelHooks.map((hook) => hook(scope))
  // A new array only when a part changed.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => parts, parts)
}

/** The features' parts for one conversation (the channel's list, or a thread's). */
export function useConversationExtensions(scope: ConversationScope): readonly MessageExtension[] {
  const parts = conversationHooks.map((hook) => hook(scope))
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => parts, parts)
}
