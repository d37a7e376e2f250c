// The page's writing direction, for Radix's primitives: each takes `dir` (or a DirectionProvider,
// which would put Radix in the first screen) and otherwise lays itself out and moves its arrow
// keys left to right, writing dir="ltr" on its elements even in Arabic.
export function pageDirection(): 'ltr' | 'rtl' {
  return document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr'
}
