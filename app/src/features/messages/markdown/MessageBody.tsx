// Renders a message tree as React elements. Text goes through React's escaping; there is no
// dangerouslySetInnerHTML anywhere in the app. Plain text is read at once (plain.ts); a body
// with markup waits, its text laid out but not shown, for the parser's lazy chunk (load.ts), so
// what it shows first is what it keeps showing: no raw markup replaced by its formatting.
import { t } from '@lingui/core/macro'
import type { ResolveMention } from '../../../slots/message.ts'
import { memo, useEffect, useMemo, useSyncExternalStore } from 'react'
import type { ReactNode } from 'react'
import { Emoji } from '../../emoji/index.ts'
import {
  keptNow,
  loadMarkdown,
  markdownState,
  parsedNow,
  plainBody,
  subscribeMarkdown,
} from './load.ts'
import type { MarkdownState } from './load.ts'
import type { Block, Inline } from './tree.ts'
import { isEmojiOnly } from './emoji-only.ts'

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
  if (tree === null) {
    // Laid out with the text as typed (so the row has about its height), shown only if the
    // parser cannot be had.
    const hidden = parser !== 'failed'
    return (
      <div
        className="message-body"
        dir="auto"
        aria-busy={hidden || undefined}
        style={
          hidden ? { visibility: 'hidden', whiteSpace: 'pre-wrap' } : { whiteSpace: 'pre-wrap' }
        }
      >
        {body}
      </div>
    )
  }
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
    <div className={className} dir="auto">
      {blocks}
    </div>
  )
})

function subscribeNone(): () => void {
  return () => undefined
}

function readyAlready(): MarkdownState {
  return 'ready'
}

export function renderBlocks(blocks: Block[], resolve: ResolveMention): ReactNode[] {
  return blocks.map((block, index) => renderBlock(block, index, resolve))
}

function renderBlock(block: Block, key: number, resolve: ResolveMention): ReactNode {
  switch (block.type) {
    case 'paragraph':
      return <p key={key}>{renderInlines(block.children, resolve)}</p>
    case 'code-block':
      // A long line scrolls sideways: the block takes the focus, so the keyboard scrolls it too
      // (axe's scrollable-region-focusable), named for what it is.
      return (
        <pre
          key={key}
          className="code-block"
          data-lang={block.lang ?? undefined}
          tabIndex={0}
          role="group"
          aria-label={t`Code block`}
        >
          <code>{block.text}</code>
        </pre>
      )
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

export function renderInlines(nodes: Inline[], resolve: ResolveMention): ReactNode[] {
  return nodes.map((node, index) => renderInline(node, index, resolve))
}

function renderInline(node: Inline, key: number, resolve: ResolveMention): ReactNode {
  switch (node.type) {
    case 'text':
      return node.text
    case 'strong':
      return <strong key={key}>{renderInlines(node.children, resolve)}</strong>
    case 'em':
      return <em key={key}>{renderInlines(node.children, resolve)}</em>
    case 'del':
      return <del key={key}>{renderInlines(node.children, resolve)}</del>
    case 'code':
      return <code key={key}>{node.text}</code>
    case 'br':
      return <br key={key} />
    case 'emoji':
      return <Emoji key={key} emoji={node.text} />
    case 'link':
      return (
        <a key={key} href={node.href} target="_blank" rel="noopener noreferrer nofollow">
          {renderInlines(node.children, resolve)}
        </a>
      )
    case 'broadcast':
      // @channel, @here and @everyone are addressed to every reader, as in Slack.
      return (
        <span key={key} className="mention mention-me" data-broadcast={node.word}>
          @{node.word}
        </span>
      )
    case 'group':
      return (
        <span key={key} className="mention" data-group-id={node.groupId}>
          @{node.label}
        </span>
      )
    case 'mention': {
      const info = resolve(node.userId)
      const className = info?.isMe ? 'mention mention-me' : 'mention'
      return (
        <span key={key} className={className} data-user-id={node.userId}>
          @{info?.name ?? 'unknown'}
        </span>
      )
    }
  }
}
