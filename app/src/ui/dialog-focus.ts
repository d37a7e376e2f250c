// The focus of modal dialogs (every <dialog> opened with showModal: Dialog.tsx's, the action
// sheet's, the image viewer's), one set of listeners for all, loaded after the first screen:
// - Tab past a dialog's last control goes to its first, Shift+Tab before its first to its last
//   (Chromium lets Tab leave a modal dialog for its own toolbar, and a screen reader's user then
//   loses the dialog); a handler of the dialog's own that moved the focus (preventDefault) wins.
// - A field marked data-autofocus has the focus when its dialog opens.
// - A workspace chosen in the rail: its rail item keeps the focus (keepRailFocus).
// - When a dialog goes, closed or removed (most are removed: React unmounts them, and the browser
//   gives the focus back only on closing), the focus goes back to what had it when the dialog
//   took it, unless something else took it meanwhile. What had it may be gone too (the quick
//   reactions' "More emoji" goes with its menu before the picker opens): then the newest of the
//   last few elements focused before the dialog that is still shown, or the nearest focusable
//   element around one of them (the message's row), else the message box.
const FOCUSABLE =
  'a[href],button:not(:disabled),input:not(:disabled),select:not(:disabled),textarea:not(:disabled),[tabindex]:not([tabindex="-1"])'

/** The modal dialog the focus is in, if any. */
function modalOf(element: Element | null): HTMLDialogElement | null {
  const dialog = element?.closest('dialog') ?? null
  return dialog?.matches(':modal') ? dialog : null
}

export function keepTabInside(event: KeyboardEvent): void {
  if (event.key !== 'Tab' || event.defaultPrevented) return
  const at = document.activeElement
  const dialog = modalOf(at)
  if (!dialog) return
  const all = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.getClientRects().length > 0 && el.closest('dialog') === dialog
  )
  const first = all[0]
  const last = all[all.length - 1]
  if (event.shiftKey ? at === first : at === last) {
    event.preventDefault()
    ;(event.shiftKey ? last : first)?.focus()
  }
}

const watched = new WeakSet<HTMLDialogElement>()

/** The last few elements focused outside a modal dialog, newest last, each with the elements
 *  around it that can take the focus (read then: once gone, it has nothing around it). */
const trail: HTMLElement[][] = []

/** An element, then the elements around it that can take the focus, nearest first. */
function withHomes(element: HTMLElement): HTMLElement[] {
  const all = [element]
  for (let at = element.parentElement; at; at = at.parentElement) {
    if (at.matches(`${FOCUSABLE},[tabindex]`)) all.push(at)
  }
  return all
}

export function followFocus(event: FocusEvent): void {
  const element = event.target
  if (!(element instanceof HTMLElement) || modalOf(element)) return
  if (trail[trail.length - 1]?.[0] !== element) trail.push(withHomes(element))
  if (trail.length > 8) trail.shift()
}

/** Where the focus goes back to when a dialog goes: the first of these still shown. */
function returnFocus(candidates: HTMLElement[]): void {
  const shown = candidates.find(
    (el) => el.isConnected && el.getClientRects().length > 0 && !el.closest('dialog:not([open])')
  )
  const composer = document.querySelector<HTMLElement>('.composer-box textarea')
  ;(shown ?? composer)?.focus()
}

/** The focus entering a modal dialog for the first time: what had it is given it back later. */
export function rememberOpener(event: FocusEvent): void {
  const dialog = modalOf(event.target as Element)
  if (!dialog || watched.has(dialog)) return
  watched.add(dialog)
  // React's autoFocus runs while the dialog is still closed (Dialog.tsx opens it in an effect),
  // when nothing in it can take the focus, and showModal gives it to the first control (the
  // header's Close): the field marked data-autofocus takes it now, so typing goes there.
  const wanted = dialog.querySelector<HTMLElement>('[data-autofocus]')
  if (wanted && wanted !== event.target) wanted.focus()
  const opener = event.relatedTarget as HTMLElement | null
  const before = trail.filter(([el]) => !dialog.contains(el!)).reverse()
  const candidates = [...(opener ? withHomes(opener) : []), ...before.flat()]
  const gone = () => {
    if (dialog.isConnected && dialog.open) return
    // Opened again later (closed, not removed): watched again.
    watched.delete(dialog)
    observer.disconnect()
    dialog.removeEventListener('close', gone)
    const now = document.activeElement
    if (!now || now === document.body || !now.isConnected) returnFocus(candidates)
  }
  const observer = new MutationObserver(gone)
  observer.observe(document.body, { childList: true, subtree: true })
  dialog.addEventListener('close', gone)
}

/**
 * A workspace chosen in the rail (its item's Enter or click): the shell is keyed by its workspace,
 * so the item goes with the old shell and the focus with it, to nothing; the new shell's item
 * (the current one) takes it back, unless something else took it meanwhile. Not a dialog's, but
 * the same kind of care, and loaded after the first screen with it.
 */
export function keepRailFocus(event: Event): void {
  const link = (event.target as Element | null)?.closest?.('.rail a[href^="/w/"]')
  if (!link || document.activeElement !== link) return
  let frames = 0
  const settle = () => {
    const now = document.activeElement
    if (now && now !== document.body && now !== link) return
    const item = document.querySelector<HTMLElement>('.rail [aria-current="page"]')
    if (now !== link && item) item.focus()
    else if (++frames < 120) requestAnimationFrame(settle)
  }
  requestAnimationFrame(settle)
}

document.addEventListener('keydown', keepTabInside)
document.addEventListener('click', keepRailFocus, true)
document.addEventListener('focusin', followFocus)
document.addEventListener('focusin', rememberOpener)
