// Renders a message tree as React elements. Text goes through React's escaping; there is no
// dangerouslySetInnerHTML anywhere in the app. Plain text is read at once (plain.ts); a body
// with markup waits, its text laid out but not shown, for the parser's lazy chunk (load.ts), so
// what it shows first is what it keeps showing: no raw markup replaced by its formatting. A body
// with a code block or a table waits so too for their renderer's chunk (RichBlock.tsx).
import { t } from '@lingui/core/macro'
import type { ResolveMention } from '../../../slots/message.ts'
import { memo, Suspense, useEffect, useMemo, useSyncExternalStore } from 'react'
import type { ReactNode } from 'react'
import {
  keptNow,
  loadMarkdown,
  markdownState,
  parsedNow,
  plainBody,
  subscribeMarkdown,
} from './load.ts'
import type { MarkdownState } from './load.ts'
import type { Block } from './tree.ts'
import { renderInlines } from './inlines.tsx'
import { isEmojiOnly } from './emoji-only.ts'
import { lazyRetrying } from '../../../lib/lazy.ts'

/** Code blocks and tables (RichBlock.tsx): a chunk of their own, loaded when one is shown. */
const RichBlock = lazyRetrying(() => import('./RichBlock.tsx'), PlainBlock)

interface Props {
  body: string
  resolveMention: ResolveMention
  /** When the message was edited: "(edited)" with this as its title, inline after the text. */
  editedTitle?: string | null
  /** Makes "(edited)" a button that shows the earlier versions. */
  onShowEdits?: () => void
}

export const MessageBody = memo(function MessageBody({
  body,
  resolveMention,
  editedTitle,
  onShowEdits,
}: Props) {
  // A body with an emoji waits for the parser too, whose chunk makes its images (emoji.ts),
  // unless this device kept its tree (kept-trees.ts).
  const plain = useMemo(() => plainBody(body), [body])
  const parser = useSyncExternalStore(
    plain ? subscribeNone : subscribeMarkdown,
    plain ? readyAlready : markdownState
  )
  const tree = useMemo(
    () => plain ?? (parser === 'ready' ? parsedNow(body) : keptNow(body)),
    [plain, parser, body]
  )
  useEffect(() => {
    if (tree === null) void loadMarkdown()
  }, [tree])
  // Laid out with the text as typed (so the row has about its height), shown only if the parser
  // cannot be had.
  const waiting = (
    <div
      className="message-body"
      dir="auto"
      aria-busy={parser !== 'failed' || undefined}
      style={{ visibility: parser !== 'failed' ? 'hidden' : undefined, whiteSpace: 'pre-wrap' }}
    >
      {body}
    </div>
  )
  if (tree === null) return waiting
  const blocks = renderBlocks(tree, resolveMention)
  if (editedTitle) {
    const edited = t`(edited)`
    const mark = onShowEdits ? (
      <button
        key="edited"
        type="button"
        className="edited-mark edited-button"
        title={t`${editedTitle}. Show the edit history`}
        onClick={onShowEdits}
      >
        {edited}
      </button>
    ) : (
      <span key="edited" className="edited-mark" title={editedTitle}>
        {edited}
      </span>
    )
    const last = tree[tree.length - 1]
    // Inside the last paragraph when it ends in one, so it sits on the text's last line.
    if (last?.type === 'paragraph')
      blocks[blocks.length - 1] = (
        <p key={tree.length - 1}>
          {renderInlines(last.children, resolveMention)}
          {mark}
        </p>
      )
    else blocks.push(mark)
  }
  // 1-3 emoji alone are shown large (emoji-only.ts)
  const className = isEmojiOnly(tree) ? 'message-body emoji-only' : 'message-body'
  return (
    <Suspense fallback={waiting}>
      <div className={className} dir="auto">
        {blocks}
      </div>
    </Suspense>
  )
})

/** When RichBlock's chunk cannot be had: the code's text; a table is left out. */
function PlainBlock({ block }: { block: Block }) {
  return block.type === 'code-block' ? (
    <pre className="code-block" dir="ltr">
      <code>{block.text}</code>
    </pre>
  ) : null
}

function subscribeNone(): () => void {
  return () => undefined
}

function readyAlready(): MarkdownState {
  return 'ready'
}

function renderBlocks(blocks: Block[], resolve: ResolveMention): ReactNode[] {
  return blocks.map((block, index) => renderBlock(block, index, resolve))
}

function renderBlock(block: Block, key: number, resolve: ResolveMention): ReactNode {
  switch (block.type) {
    case 'paragraph':
      return <p key={key}>{renderInlines(block.children, resolve)}</p>
    case 'code-block':
    case 'table':
      return <RichBlock key={key} block={block} resolve={resolve} />
    case 'quote':
      return <blockquote key={key}>{renderBlocks(block.children, resolve)}</blockquote>
    case 'list': {
      const items = block.items.map((item, i) => <li key={i}>{renderBlocks(item, resolve)}</li>)
      return block.ordered ? (
        <ol key={key} start={block.start}>
          {items}
        </ol>
      ) : (
        <ul key={key}>{items}</ul>
      )
    }
    case 'rule':
      return <hr key={key} />
  }
}
