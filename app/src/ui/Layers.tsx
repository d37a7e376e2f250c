// The chunk that layers.ts loads: the confirmation dialog and the toasts, together (one request,
// one dynamic import on the first screen).
export { ask, askDelete, askLeave, showText } from './ConfirmDialog.tsx'
export { show, showLeft } from './Toaster.tsx'
