// Bounds on a JSON request body before anything walks it. V8's JSON.parse takes any depth, but
// what then walks the value recursively (JSON.stringify when metadata is stored or a broadcast
// is encoded, structuredClone, validation) runs out of stack: JSON.stringify fails at about 4,100
// levels in Node, and a body [[[[…]]]] 20,000 levels deep is only 40 kB. Every service refuses
// nesting beyond MAX_JSON_DEPTH before parsing, each in its own error format. GoTrue (Go's
// encoding/json) refuses beyond 10,000 levels; this stack is stricter, with the same message.
// The depth is counted by a linear scan of the text, without recursion.
import type { FastifyInstance, FastifyRequest } from 'fastify'

/**
 * The deepest nesting taken: 1,000 levels pass, the 1,001st bracket is refused (Go's
 * encoding/json, GoTrue's decoder, allows 10,000; JSON.stringify cannot walk that far in Node).
 */
export const MAX_JSON_DEPTH = 1_000

export interface NestingBeyond {
  /** The opening bracket that went one level too deep. */
  char: '{' | '['
  /** Its offset in the text. */
  offset: number
}

/** The first bracket, outside strings, that opens a level beyond `maxDepth`; null if none. */
export function jsonNestingBeyond(text: string, maxDepth = MAX_JSON_DEPTH): NestingBeyond | null {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92 /* \ */) i++
      else if (c === 34 /* " */) inString = false
    } else if (c === 34) {
      inString = true
    } else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > maxDepth) return { char: c === 91 ? '[' : '{', offset: i }
    } else if (c === 93 /* ] */ || c === 125 /* } */) {
      depth--
    }
  }
  return null
}

/** A body nested beyond MAX_JSON_DEPTH: a 400 in Fastify's terms (statusCode). */
export class JsonTooDeep extends Error {
  readonly statusCode = 400
  readonly code = 'JSON_TOO_DEEP'
  constructor(readonly nesting: NestingBeyond) {
    super(`JSON nesting exceeds ${MAX_JSON_DEPTH} levels`)
  }
}

/**
 * Replaces a Fastify scope's application/json parser by one that refuses nesting beyond
 * `maxDepth` (JsonTooDeep) before parsing, then parses as Fastify's own parser does (prototype
 * poisoning refused). `bodyLimit` bounds the size, as Fastify's option does (413 beyond it).
 */
export function installBoundedJsonParser(
  app: FastifyInstance,
  options: { bodyLimit?: number; maxDepth?: number } = {}
): void {
  const parse = app.getDefaultJsonParser('error', 'ignore')
  const maxDepth = options.maxDepth ?? MAX_JSON_DEPTH
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: options.bodyLimit },
    (request: FastifyRequest, body: string | Buffer, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8')
      const nesting = jsonNestingBeyond(text, maxDepth)
      if (nesting) {
        done(new JsonTooDeep(nesting), undefined)
        return
      }
      parse(request, text, done)
    }
  )
}
