// The message tree: what a message body means, independent of how it is shown. Only these node
// kinds exist, so nothing else (raw HTML, images, unsafe links) can reach the screen.
export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong' | 'em' | 'del'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'mention'; userId: string }
  | { type: 'broadcast'; word: 'channel' | 'here' | 'everyone' }
  | { type: 'group'; groupId: string; label: string }
  | { type: 'br' }
  /** One emoji (a sequence of code points, e.g. with a skin tone), shown as its image. */
  | { type: 'emoji'; text: string }

export type Block =
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'code-block'; lang: string | null; text: string }
  | { type: 'quote'; children: Block[] }
  | { type: 'list'; ordered: boolean; start: number; items: Block[][] }
  | { type: 'rule' }
  /** A GitHub-style table: its header's cells, its rows' (each as many as the header's), and each
   * column's alignment (`start` for `:--`, `end` for `--:`, `center` for `:-:`, else null). */
  | { type: 'table'; align: TableAlign[]; head: Inline[][]; rows: Inline[][][] }

export type TableAlign = 'start' | 'center' | 'end' | null
