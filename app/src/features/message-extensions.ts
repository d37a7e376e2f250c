// The message screen's extension slot, filled: every feature that adds actions, markers, a bar or
// a dialog to messages, in the order their actions' markers show. Adding one: write its hook
// (a UseMessageExtension) in its own folder and add one line here. The message screen reads
// only this list (messages/extension.ts has the shapes).
import { useMemo } from 'react'
import type { ExtensionScope, MessageExtension } from './messages/extension.ts'
import { useIntegrationsExtension } from './integrations/index.ts'
import { usePinsExtension } from './pins/index.ts'
import { useSavedExtension } from './saved/index.ts'

export function useMessageExtensions(scope: ExtensionScope): readonly MessageExtension[] {
  // Always the same hooks in the same order (the rules of hooks).
  const pins = usePinsExtension(scope)
  const saved = useSavedExtension(scope)
  const integrations = useIntegrationsExtension(scope)
  return useMemo(() => [pins, saved, integrations], [pins, saved, integrations])
}
