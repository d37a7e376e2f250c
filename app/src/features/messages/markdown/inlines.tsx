// A message's inline nodes (tree.ts) as React elements: MessageBody's, and its lazy RichBlock's
// table cells.
import type { ReactNode } from 'react'
import type { ResolveMention } from '../../../slots/message.ts'
import { Emoji } from '../../emoji/index.ts'
import type { Inline } from './tree.ts'

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
