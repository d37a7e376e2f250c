// The Integrations dialog's sections (issue 51, item 1): what features add to Settings →
// Integrations, for workspace owners and admins (incoming webhooks, slash commands, bots,
// outgoing events). A feature adds one in its integrations-section.tsx;
// features/integrations-sections.tsx finds them by import.meta.glob for the dialog's lazy chunk.
// Each section is a lazy chunk of its own, loaded when the dialog opens.
import type { ComponentType } from 'react'
import type { Channel } from '../features/channels/index.ts'
import type { Member } from '../features/workspaces/index.ts'

export interface IntegrationsSectionProps {
  workspaceId: string
  /** My channels in this workspace. */
  channels: Channel[]
  members: Member[]
  /** A member's name by user id ('Former member' for one who left, or none). */
  nameOf: (userId: string | null) => string
}

/** A feature's integrations-section.tsx default export. */
export interface IntegrationsSection {
  /** Its place in the dialog (lowest first). */
  order: number
  load: () => Promise<{ default: ComponentType<IntegrationsSectionProps> }>
}
