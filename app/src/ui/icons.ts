// The icons Chorus draws, from lucide's set (lucide-static): each is a <symbol> of the sprite
// `icons.svg` beside this file, which holds exactly these (`npm run -w app icons` writes it; a
// test fails when it differs). The page carries the sprite itself (scripts/inline-sprite.ts puts
// it into index.html, its ids prefixed), so no JavaScript carries the drawings and an icon's
// <use> points into the document. An icon is drawn with the text's colour and hidden from
// assistive technology: the button or link around it carries the name.

/** The prefix of the sprite's ids in the page (`#icon-pin`): apart from any other id there. */
export const ICON_ID_PREFIX = 'icon-'

export const ICONS = [
  'a-large-small',
  'alarm-clock',
  'arrow-down',
  'arrow-right',
  'arrow-up',
  'arrow-up-down',
  'at-sign',
  'bell',
  'bold',
  'bookmark',
  'bookmark-check',
  'chart-bar',
  'check',
  'chevron-down',
  'chevron-right',
  'circle-dot',
  'code',
  'ellipsis',
  'file-text',
  'flag',
  'folder-input',
  'forward',
  'history',
  'inbox',
  'italic',
  'link',
  'link-2',
  'list',
  'list-ordered',
  'lock',
  'menu',
  'message-square-reply',
  'messages-square',
  'paperclip',
  'pencil',
  'pin',
  'pin-off',
  'plus',
  'rotate-ccw',
  'search',
  'send-horizontal',
  'settings',
  'smile',
  'smile-plus',
  'square-code',
  'star',
  'star-off',
  'strikethrough',
  'text-quote',
  'trash-2',
  'user-plus',
  'users',
  'x',
] as const

export type IconName = (typeof ICONS)[number]
