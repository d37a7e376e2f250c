// The confirmed messages a live channel holds: by id, ordered by seq, with the highest seq up to
// which nothing is missing (`syncedSeq`). Pure data structure, no I/O.
import type { Attachment, ChatMessage, Reaction, ThreadSummary } from './types.ts'

export type MessageRow = Omit<ChatMessage, 'reactions' | 'attachments'> &
  Partial<Pick<ChatMessage, 'reactions' | 'attachments'>>

export class MessageWindow {
  private readonly byId = new Map<string, ChatMessage>()
  private readonly idBySeq = new Map<number, string>()
  private readonly messageOfReaction = new Map<string, string>()
  private ordered: ChatMessage[] = []
  /** Every message with seq <= syncedSeq that exists on the server is held (from the window start). */
  syncedSeq = 0

  get size(): number {
    return this.ordered.length
  }

  list(): ChatMessage[] {
    return this.ordered
  }

  get(id: string): ChatMessage | undefined {
    return this.byId.get(id)
  }

  has(id: string): boolean {
    return this.byId.has(id)
  }

  hasSeq(seq: number): boolean {
    return this.idBySeq.has(seq)
  }

  minSeq(): number | null {
    return this.ordered[0]?.seq ?? null
  }

  maxSeq(): number {
    return this.ordered[this.ordered.length - 1]?.seq ?? 0
  }

  /** Drops every message with seq <= seq (and the sync point with them). */
  keepNewerThan(seq: number): void {
    const kept = this.ordered.filter((m) => m.seq > seq)
    if (kept.length === this.ordered.length) return
    this.clear()
    this.upsertMany(kept)
  }

  clear(): void {
    this.messageOfReaction.clear()
    this.byId.clear()
    this.idBySeq.clear()
    this.ordered = []
    this.syncedSeq = 0
  }

  /** Inserts or updates by id; reactions and attachments are kept unless the row carries them. */
  upsert(row: MessageRow): ChatMessage {
    const existing = this.byId.get(row.id)
    const message = merged(row, existing)
    this.byId.set(message.id, message)
    this.idBySeq.set(message.seq, message.id)
    this.indexReactions(message)
    const next = this.ordered.slice()
    if (existing) {
      next[this.indexOf(existing.seq)] = message
    } else {
      next.splice(this.insertionIndex(message.seq), 0, message)
    }
    this.ordered = next
    return message
  }

  /** Inserts a page at once: one sort instead of one copy per row. */
  upsertMany(rows: MessageRow[]): void {
    if (rows.length < 4) {
      for (const row of rows) this.upsert(row)
      return
    }
    for (const row of rows) {
      const message = merged(row, this.byId.get(row.id))
      this.byId.set(message.id, message)
      this.idBySeq.set(message.seq, message.id)
      this.indexReactions(message)
    }
    this.ordered = [...this.byId.values()].sort((a, b) => a.seq - b.seq)
  }

  /**
   * The newest page: messages newer than it stay (my confirmed sends, live events that raced
   * the request); everything older is replaced by it, which starts a new contiguous window.
   */
  replaceWithLatest(page: MessageRow[]): void {
    const pageMax = page[page.length - 1]?.seq ?? 0
    this.keepNewerThan(pageMax)
    this.upsertMany(page)
    if (page.length > 0) this.syncedSeq = pageMax
    this.advanceSynced()
  }

  /** A page of the messages after syncedSeq, ascending. */
  appendAfterSynced(page: MessageRow[]): void {
    this.upsertMany(page)
    const last = page[page.length - 1]
    if (last) this.syncedSeq = Math.max(this.syncedSeq, last.seq)
    this.advanceSynced()
  }

  /** What to re-read of the newest `size` messages held (null when none are held). */
  tailRange(size: number): { afterSeq: number; limit: number; upToSeq: number } | null {
    const oldest = this.minSeq()
    if (oldest === null) return null
    const newest = this.maxSeq()
    const from = Math.max(oldest, newest - size + 1)
    return { afterSeq: from - 1, limit: Math.min(size, newest - from + 1), upToSeq: newest }
  }

  /** Advances syncedSeq over every contiguous seq already held. */
  advanceSynced(): void {
    while (this.idBySeq.has(this.syncedSeq + 1)) this.syncedSeq += 1
  }

  patch(id: string, change: (message: ChatMessage) => ChatMessage): boolean {
    const existing = this.byId.get(id)
    if (!existing) return false
    const message = change(existing)
    this.byId.set(id, message)
    const next = this.ordered.slice()
    next[this.indexOf(existing.seq)] = message
    this.ordered = next
    return true
  }

  /** A held message's thread summary; false when that message is not held. */
  setThread(summary: ThreadSummary): boolean {
    return this.patch(summary.threadId, (m) => ({ ...m, thread: summary }))
  }

  addReaction(messageId: string, reaction: Reaction): boolean {
    const message = this.byId.get(messageId)
    if (!message) return false
    // The same person's same emoji is one reaction, whichever id each side gave it.
    const same = message.reactions.find((r) => sameReaction(r, reaction))
    if (same?.id === reaction.id) return false
    this.messageOfReaction.set(reaction.id, messageId)
    return this.patch(messageId, (m) => ({
      ...m,
      reactions: [...m.reactions.filter((r) => !sameReaction(r, reaction)), reaction],
    }))
  }

  removeReaction(messageId: string, reaction: Pick<Reaction, 'emoji' | 'userId'>): boolean {
    const message = this.byId.get(messageId)
    if (!message || !message.reactions.some((r) => sameReaction(r, reaction))) return false
    return this.patch(messageId, (m) => ({
      ...m,
      reactions: m.reactions.filter((r) => !sameReaction(r, reaction)),
    }))
  }

  removeReactionById(reactionId: string): boolean {
    const messageId = this.messageOfReaction.get(reactionId)
    if (!messageId) return false
    this.messageOfReaction.delete(reactionId)
    const message = this.byId.get(messageId)
    if (!message || !message.reactions.some((r) => r.id === reactionId)) return false
    return this.patch(messageId, (m) => ({
      ...m,
      reactions: m.reactions.filter((r) => r.id !== reactionId),
    }))
  }

  private indexReactions(message: ChatMessage): void {
    for (const r of message.reactions) this.messageOfReaction.set(r.id, message.id)
  }

  addAttachment(attachment: Attachment): boolean {
    const message = this.byId.get(attachment.messageId)
    if (
      !message ||
      message.attachments.some((a) => a.id === attachment.id || a.path === attachment.path)
    )
      return false
    return this.patch(attachment.messageId, (m) => ({
      ...m,
      attachments: [...m.attachments, attachment],
    }))
  }

  removeAttachment(messageId: string, attachmentId: string): boolean {
    const message = this.byId.get(messageId)
    if (!message || !message.attachments.some((a) => a.id === attachmentId)) return false
    return this.patch(messageId, (m) => ({
      ...m,
      attachments: m.attachments.filter((a) => a.id !== attachmentId),
    }))
  }

  private indexOf(seq: number): number {
    const index = this.insertionIndex(seq)
    if (this.ordered[index]?.seq !== seq) throw new Error(`seq ${seq} is not in the window`)
    return index
  }

  /** First index whose seq is >= seq (binary search). */
  private insertionIndex(seq: number): number {
    let low = 0
    let high = this.ordered.length
    while (low < high) {
      const mid = (low + high) >>> 1
      if (this.ordered[mid]!.seq < seq) low = mid + 1
      else high = mid
    }
    return low
  }
}

export function sameReaction(
  a: Pick<Reaction, 'emoji' | 'userId'>,
  b: Pick<Reaction, 'emoji' | 'userId'>
): boolean {
  return a.emoji === b.emoji && a.userId === b.userId
}

/** A row over what was held: reactions, attachments and the thread summary stay unless it carries them. */
function merged(row: MessageRow, existing: ChatMessage | undefined): ChatMessage {
  const message: ChatMessage = {
    ...row,
    reactions: row.reactions ?? existing?.reactions ?? [],
    attachments: row.attachments ?? existing?.attachments ?? [],
  }
  const thread = row.thread !== undefined ? row.thread : existing?.thread
  if (thread !== undefined) message.thread = thread
  return message
}
