// What the app shows over the page, never the browser's window.confirm / alert / prompt (some
// installed apps and embedded views suppress them: a click then did nothing; lint forbids them,
// eslint.config.js): asking before what cannot be taken back, a text to copy by hand, a toast.
// Each call loads one chunk (Layers.tsx: ConfirmDialog.tsx and Toaster.tsx) the first time, so
// none of it is on the first screen, and this module is a few bytes there.
import type { ConfirmOptions } from './ConfirmDialog.tsx'
import type { ToastOptions } from './Toaster.tsx'

export type { ConfirmOptions, ToastOptions }

const load = () => import('./Layers.tsx')

/** Asks; true when the person confirms, false when they cancel (Cancel, Escape). */
export const confirmed = (options: ConfirmOptions): Promise<boolean> =>
  load().then((m) => m.ask(options))

/** "Delete this message?", its wording in the chunk (the message list is on the first screen). */
export const confirmDeleteMessage = (): Promise<boolean> => load().then((m) => m.askDelete())

/** "Leave #channel?" (`null`: a direct message); its wording in the chunk too. */
export const confirmLeave = (channel: string | null, isPublic: boolean): Promise<boolean> =>
  load().then((m) => m.askLeave(channel, isPublic))

/** "You left #channel." with Undo. */
export const showLeft = (channel: string, undo: () => void): void =>
  void load().then((m) => m.showLeft(channel, undo))

/** Shows `text` selected in a field, to copy by hand (where the clipboard cannot be written). */
export const showTextToCopy = (title: string, text: string): Promise<void> =>
  load().then((m) => m.showText(title, text))

/** A toast: an error with no place of its own, or what was done, with "Undo" when it can be. */
export const showToast = (options: ToastOptions): void => void load().then((m) => m.show(options))
