// Forwarding's part of one open channel, a lazy chunk the slot's stub (message-extension.tsx)
// mounts after the first screen: "Forward message…" on every message one reads (not deleted or
// removed), the quoted card under a message that is a forward, and the forward dialog while open
// (a chunk of its own).
import { t } from '@lingui/core/macro'
import { Suspense, useEffect, useMemo, useRef, useState } from 'react'
import { lazyRetrying } from '../../lib/lazy.ts'
import { NotLoaded } from '../../ui/NotLoaded.tsx'
import type { ChatMessage, People } from '../../slots/message.ts'
import type { SlotParts, SlotProps } from '../lazy-message-feature.tsx'
import { channelLabel, useChannelsQuery } from '../channels/index.ts'
import { useWorkspacesQuery } from '../workspaces/index.ts'
import { ForwardCardOf } from './components/ForwardCard.tsx'
import type { Places } from './components/ForwardCard.tsx'

const ForwardDialog = lazyRetrying(() => import('./components/ForwardDialog.tsx'), NotLoaded)

export default function ForwardSlot(props: SlotProps) {
  const { scope, onParts } = props
  const { channelId, workspaceId, me } = scope
  const [forwarding, setForwarding] = useState<ChatMessage | null>(null)
  // The conversation's people, as its rows are given them (the dialog's preview shows them too).
  const people = useRef<People | null>(null)
  const channels = useChannelsQuery(workspaceId).data
  const role = useWorkspacesQuery().data?.find((w) => w.id === workspaceId)?.role
  const member = (channels ?? []).filter((c) => c.isMember)
  // Made again only when what a card reads of my channels changed (which, their kinds and names),
  // not their counts, which change with every message and would render every row's card again.
  const shown = JSON.stringify(member.map((c) => [c.id, c.kind, channelLabel(c, me)]))
  const places = useMemo(
    (): Places => ({
      workspaceId,
      me,
      mine: new Map(member.map((c) => [c.id, c])),
      mayBrowsePublic: role !== undefined && role !== 'guest',
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [shown, role, workspaceId, me]
  )
  const parts = useMemo(
    (): SlotParts => ({
      actions: (message) =>
        message.deletedAt || message.removedAt
          ? []
          : [
              {
                id: 'forward',
                label: t`Forward message…`,
                icon: 'forward',
                run: () => setForwarding(message),
                order: 33,
              },
            ],
      belowBody: (message, row) => {
        people.current = row.people
        return message.deletedAt || message.removedAt ? null : (
          <ForwardCardOf
            channelId={channelId}
            message={message}
            people={row.people}
            places={places}
          />
        )
      },
    }),
    [channelId, places]
  )
  useEffect(() => onParts(parts), [parts, onParts])
  return (
    forwarding &&
    people.current && (
      <Suspense fallback={null}>
        <ForwardDialog
          scope={scope}
          message={forwarding}
          channels={channels ?? []}
          people={people.current}
          places={places}
          onClose={() => setForwarding(null)}
        />
      </Suspense>
    )
  )
}
