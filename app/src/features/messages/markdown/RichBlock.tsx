// A message's code blocks and tables (MessageBody renders every other block): a chunk of its own,
// loaded when a body with one is shown (the body waits for it, laid out but hidden, as it waits
// for the parser), so the first screen carries neither.
import { t } from '@lingui/core/macro'
import { useEffect, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import type { ResolveMention } from '../../../slots/message.ts'
import { colourWhenSeen } from '../../../ui/code/colour.ts'
import { renderInlines } from './inlines.tsx'
import type { Block, TableAlign } from './tree.ts'

interface Props {
  block: Block
  resolve: ResolveMention
}

export default function RichBlock({ block, resolve }: Props) {
  if (block.type === 'code-block') return <CodeBlock lang={block.lang} text={block.text} />
  if (block.type !== 'table') return null
  // A wide table scrolls sideways inside the message (a phone), so it takes the focus, as a code
  // block does, named for what it is. Each cell's text reads in its own direction (dir="auto" on
  // its content), and the cells align by the table's: start, end or center (the delimiter row's
  // colons), never left or right.
  return (
    <div className="table-scroll" tabIndex={0} role="group" aria-label={t`Table`}>
      <table>
        <thead>
          <tr>
            {block.head.map((cell, i) => (
              <th key={i} scope="col" style={aligned(block.align[i])}>
                <span dir="auto">{renderInlines(cell, resolve)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {block.rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, i) => (
                <td key={i} style={aligned(block.align[i])}>
                  <span dir="auto">{renderInlines(cell, resolve)}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function aligned(align: TableAlign | undefined) {
  return align ? { textAlign: align } : undefined
}

/**
 * A fenced code block: its text at once, coloured once it comes near the view (ui/code/colour.ts:
 * the fence's language, or one its text's signs tell; the highlighter's chunk only then), in the
 * same box. A long line scrolls sideways: the block takes the focus, so the keyboard scrolls it
 * too (axe's scrollable-region-focusable), named for what it is. Code reads left to right, in an
 * Arabic message too.
 */
function CodeBlock({ lang, text }: { lang: string | null; text: string }) {
  const ref = useRef<HTMLPreElement>(null)
  const [coloured, setColoured] = useState<{ text: string; tokens: ReactNode[] } | null>(null)
  useEffect(
    () => colourWhenSeen(ref.current!, lang, text, (tokens) => setColoured({ text, tokens })),
    [lang, text]
  )
  return (
    <pre
      ref={ref}
      className="code-block"
      dir="ltr"
      data-lang={lang ?? undefined}
      tabIndex={0}
      role="group"
      aria-label={t`Code block`}
    >
      <code>{coloured?.text === text ? coloured.tokens : text}</code>
    </pre>
  )
}
