// Presence of one topic, with Phoenix.Presence's shapes: the state is
// {key: {metas: [{phx_ref, ...fields}]}} and every change is a diff {joins, leaves} in the same
// shape. Each channel instance tracks at most one entry (its presence key); re-tracking with new
// fields is an update (a join carrying phx_ref_prev plus a leave of the old meta).
import { randomBytes } from 'node:crypto'

export type Meta = Record<string, unknown>

interface Entry {
  key: string
  ref: string
  fields: Meta
  /** JSON of the fields, to tell an identical re-track (a no-op) from an update. */
  fingerprint: string
}

export interface PresenceDiff {
  joins: Record<string, { metas: Meta[] }>
  leaves: Record<string, { metas: Meta[] }>
}

export type TrackResult = { changed: false } | { changed: true; diff: PresenceDiff }

/** A Phoenix-style presence ref: 16 URL-safe characters. */
export function presenceRef(): string {
  return randomBytes(12).toString('base64url')
}

export class TopicPresence<Owner> {
  private readonly entries = new Map<Owner, Entry>()
  /** The state as JSON, kept until the next change (every joiner of a topic is sent it). */
  private json: string | null = null

  get size(): number {
    return this.entries.size
  }

  track(owner: Owner, key: string, fields: Meta): TrackResult {
    const fingerprint = JSON.stringify(fields)
    const previous = this.entries.get(owner)
    if (previous && previous.key === key && previous.fingerprint === fingerprint) {
      return { changed: false }
    }
    const entry: Entry = { key, ref: presenceRef(), fields, fingerprint }
    this.entries.set(owner, entry)
    this.json = null
    const joinMeta: Meta = { ...fields, phx_ref: entry.ref }
    if (!previous) {
      return { changed: true, diff: { joins: { [key]: { metas: [joinMeta] } }, leaves: {} } }
    }
    if (previous.key === key) joinMeta.phx_ref_prev = previous.ref
    return {
      changed: true,
      diff: {
        joins: { [key]: { metas: [joinMeta] } },
        leaves: { [previous.key]: { metas: [metaOf(previous)] } },
      },
    }
  }

  untrack(owner: Owner): PresenceDiff | null {
    const previous = this.entries.get(owner)
    if (!previous) return null
    this.entries.delete(owner)
    this.json = null
    return { joins: {}, leaves: { [previous.key]: { metas: [metaOf(previous)] } } }
  }

  has(owner: Owner): boolean {
    return this.entries.has(owner)
  }

  stateJson(): string {
    this.json ??= JSON.stringify(this.state())
    return this.json
  }

  state(): Record<string, { metas: Meta[] }> {
    const state: Record<string, { metas: Meta[] }> = {}
    for (const entry of this.entries.values()) {
      const slot = (state[entry.key] ??= { metas: [] })
      slot.metas.push(metaOf(entry))
    }
    return state
  }
}

function metaOf(entry: Entry): Meta {
  return { ...entry.fields, phx_ref: entry.ref }
}
