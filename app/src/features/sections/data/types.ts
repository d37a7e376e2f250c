// The shapes of my sections: as stored (a row with its placements) and as the sidebar draws them.

export type SectionKind = 'custom' | 'starred' | 'channels' | 'dms'

/** How a built-in section is sorted (null: its default, Channels by name, DMs most recent). */
export type SectionSort = 'alpha' | 'recent'

export interface SectionRow {
  id: string
  kind: SectionKind
  name: string | null
  position: number
  collapsed: boolean
  /** Channels' and Direct messages' only (absent in a layout kept from before sorting). */
  sort?: SectionSort | null
  sidebar_placements: { channel_id: string; position: number }[]
}

/** A section as the sidebar draws it: `key` is a custom section's id, or the built-in's kind. */
export interface Section<C> {
  key: string
  kind: SectionKind
  name: string | null
  collapsed: boolean
  position: number
  /** A built-in's order (mine and Starred are in the order dragged: null). */
  sort: SectionSort | null
  channels: C[]
}
