// A short message at the edge of the screen: an error that has no place of its own, or what was
// just done with "Undo" when the app can undo it (Toaster.tsx, a chunk loaded on the first call).
import type { ToastOptions } from './Toaster.tsx'

export type { ToastOptions }

export const showToast = (options: ToastOptions): void =>
  void import('./Toaster.tsx').then((m) => m.show(options))
