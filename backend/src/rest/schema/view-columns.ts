// Which base-table column each view column comes from, read from the view's stored query tree
// (pg_rewrite.ev_action, the text form of a pg_node_tree). The top-level target list's entries
// carry `resorigtbl`/`resorigcol` for plain column references; PostgREST reads the same fields to
// carry primary and foreign keys over to views.

type NodeValue = string | null | NodeValue[] | TreeNode

interface TreeNode {
  type: string
  fields: Record<string, NodeValue>
}

export interface ViewColumnSource {
  /** The view column's position (resno) and name. */
  position: number
  name: string
  /** The source relation's oid and the column number there (0 when not a plain column). */
  sourceOid: number
  sourceColumn: number
}

class Tokens {
  private pos = 0
  constructor(private readonly text: string) {}

  next(): string | undefined {
    const text = this.text
    while (this.pos < text.length && /\s/.test(text.charAt(this.pos))) this.pos++
    if (this.pos >= text.length) return undefined
    const ch = text.charAt(this.pos)
    if ('(){}'.includes(ch)) {
      this.pos++
      return ch
    }
    let word = ''
    while (this.pos < text.length) {
      const c = text.charAt(this.pos)
      if (/\s/.test(c) || '(){}'.includes(c)) break
      if (c === '\\' && this.pos + 1 < text.length) {
        word += text.charAt(this.pos + 1)
        this.pos += 2
        continue
      }
      word += c
      this.pos++
    }
    return word
  }

  peek(): string | undefined {
    const save = this.pos
    const token = this.next()
    this.pos = save
    return token
  }
}

function readValue(tokens: Tokens, first: string): NodeValue {
  if (first === '{') return readNode(tokens)
  if (first === '(') return readList(tokens)
  if (first === '<>') return null
  return first
}

function readList(tokens: Tokens): NodeValue[] {
  const items: NodeValue[] = []
  for (;;) {
    const token = tokens.next()
    if (token === undefined || token === ')') return items
    items.push(readValue(tokens, token))
  }
}

function readNode(tokens: Tokens): TreeNode {
  const node: TreeNode = { type: tokens.next() ?? '', fields: {} }
  for (;;) {
    const token = tokens.next()
    if (token === undefined || token === '}') return node
    if (token.startsWith(':') && token.length > 1) {
      const key = token.slice(1)
      const next = tokens.peek()
      if (next === undefined || next === '}' || (next.startsWith(':') && next.length > 1)) {
        node.fields[key] = null
        continue
      }
      node.fields[key] = readValue(tokens, tokens.next() as string)
      continue
    }
    // Extra words of a multi-word value (e.g. `:constvalue 4 [ 1 0 0 0 ]`): read and drop.
    readValue(tokens, token)
  }
}

/** The view columns of a `_RETURN` rule's action text. */
export function viewColumnSources(action: string): ViewColumnSource[] {
  const tokens = new Tokens(action)
  const first = tokens.next()
  if (first === undefined) return []
  const root = readValue(tokens, first)
  const query = Array.isArray(root) ? root[0] : root
  if (!query || typeof query !== 'object' || Array.isArray(query)) return []
  const targetList = query.fields.targetList
  if (!Array.isArray(targetList)) return []
  const sources: ViewColumnSource[] = []
  for (const entry of targetList) {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) continue
    if (entry.type !== 'TARGETENTRY' || entry.fields.resjunk === 'true') continue
    const name = entry.fields.resname
    if (typeof name !== 'string') continue
    sources.push({
      position: Number(entry.fields.resno),
      name,
      sourceOid: Number(entry.fields.resorigtbl ?? 0) || 0,
      sourceColumn: Number(entry.fields.resorigcol ?? 0) || 0,
    })
  }
  return sources
}
