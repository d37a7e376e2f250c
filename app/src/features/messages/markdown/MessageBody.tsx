// Renders a message tree as React elements. Text goes through React's escaping; there is no
// dangerouslySetInnerHTML anywhere in the app.
import { memo, useMemo } from 'react'
import type { ReactNode } from 'react'
import { parseMarkdown } from './parse.ts'
import type { Block, Inline } from './tree.ts'

export interface MentionInfo {
  name: string
  isMe: boolean
}

export type ResolveMention = (userId: string) => MentionInfo | null

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
  const tree = useMemo(() => parseMarkdown(body), [body])
  const blocks = renderBlocks(tree, resolveMention)
  if (editedTitle) {
    const mark = onShowEdits ? (
      <button
        key="edited"
        type="button"
        className="edited-mark edited-button"
        title={`${editedTitle}. Show the edit history`}
        onClick={onShowEdits}
      >
        (edited)
      </button>
    ) : (
      <span key="edited" className="edited-mark" title={editedTitle}>
        (edited)
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
  return <div className="message-body">{blocks}</div>
})

export function renderBlocks(blocks: Block[], resolve: ResolveMention): ReactNode[] {
  return blocks.map((block, index) => renderBlock(block, index, resolve))
}

function renderBlock(block: Block, key: number, resolve: ResolveMention): ReactNode {
  switch (block.type) {
    case 'paragraph':
      return <p key={key}>{renderInlines(block.children, resolve)}</p>
    case 'code-block':
      return (
        <pre key={key} className="code-block" data-lang={block.lang ?? undefined}>
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
    case 'link':
      return (
        <a key={key} href={node.href} target="_blank" rel="noopener noreferrer nofollow">
          {renderInlines(node.children, resolve)}
        </a>
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
