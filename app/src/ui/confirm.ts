// Asking before something that cannot be taken back, and showing a text to copy by hand: the
// app's own dialogs (ConfirmDialog.tsx, a chunk loaded on the first call), never the browser's
// window.confirm / alert / prompt, which some installed apps and embedded views suppress (a
// click then did nothing) and which lint forbids (eslint.config.js).
import type { ConfirmOptions, TextOptions } from './ConfirmDialog.tsx'

export type { ConfirmOptions, TextOptions }

const load = () => import('./ConfirmDialog.tsx')

/** Asks; true when the person confirms, false when they cancel (Cancel, Escape). */
export const confirmed = (options: ConfirmOptions): Promise<boolean> =>
  load().then((m) => m.ask(options))

/** Shows `text` selected in a field, to copy by hand (where the clipboard cannot be written). */
export const showTextToCopy = (options: TextOptions): Promise<void> =>
  load().then((m) => m.showText(options))
