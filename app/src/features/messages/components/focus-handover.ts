// Focus stays on a message whose row is replaced by another of it: an unsent message, focused,
// becomes a sent one when the server confirms it (PendingItem, then MessageItem: the same id,
// made by the client). The row going hands its id over as it leaves with focus in it; the row
// coming takes focus when it has that id, in the same commit (else the hand-over lapses).
let handedOver: string | null = null

/** The leaving row's ref cleanup: its message keeps focus if the row has it. */
export function handOver(id: string, row: HTMLElement): void {
  if (!row.contains(document.activeElement)) return
  handedOver = id
  setTimeout(() => (handedOver = null))
}

/** The coming row's ref: focused if its message was handed focus. */
export function takeOver(id: string, row: HTMLElement | null): void {
  if (!row || handedOver !== id) return
  handedOver = null
  row.focus({ preventScroll: true })
}
