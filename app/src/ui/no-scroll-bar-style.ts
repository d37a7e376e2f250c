// Stands in for `react-remove-scroll-bar` (app/vite.config.ts aliases it here), which Radix's
// Select and dialog overlay reach through react-remove-scroll: while they are open it writes a
// <style> into the page to hide the page's scroll bar. The Content-Security-Policy refuses inline
// styles (app/scripts/security-headers.ts), so each opening was refused and reported to the
// server. The app's page never scrolls as a whole (its lists scroll inside it): there is no
// scroll bar to hide. react-remove-scroll's own locking (wheel and touch kept inside the open
// layer) is untouched.
export {
  zeroRightClassName,
  fullWidthClassName,
  noScrollbarsClassName,
  removedBarSizeVariable,
} from 'react-remove-scroll-bar/constants'

export function RemoveScrollBar(): null {
  return null
}

export function getGapWidth(): { left: number; top: number; right: number; gap: number } {
  return { left: 0, top: 0, right: 0, gap: 0 }
}
