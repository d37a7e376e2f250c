// The shapes of my sections: as stored (a row with its placements) and as the sidebar draws them.

export type SectionKind = 'custom' | 'starred' | 'channels' | 'dms'

export interface SectionRow {
  id: string
  kind: SectionKind
  name: string | null
  position: number
  collapsed: boolean
  sidebar_placements: { channel_id: string; position: number }[]
}

/** A section as the sidebar draws it: `key` is a custom section's id, or the built-in's kind. */
export interface Section<C> {
  key: string
  kind: SectionKind
  name: string | null
  collapsed: boolean
  position: number
  channels: C[]
}
