// highlight.ts's tokens (hast) as React elements: text stays text, each token a span of its
// classes (coloured by code.css). Nothing is ever HTML.
import type { ReactNode } from 'react'
import type { RootContent } from 'hast'

export function renderTokens(nodes: RootContent[]): ReactNode[] {
  return nodes.map((node, i) => {
    if (node.type === 'text') return node.value
    if (node.type !== 'element') return null
    const className = node.properties.className
    return (
      <span key={i} className={Array.isArray(className) ? className.join(' ') : undefined}>
        {renderTokens(node.children)}
      </span>
    )
  })
}
