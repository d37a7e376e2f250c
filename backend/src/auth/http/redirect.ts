// Which redirect URLs Auth accepts, as GoTrue decides it: a URL on the site URL's host, or one
// matching an entry of additional_redirect_urls read as a glob with '.' and '/' as separators
// ('*' stays within a label or path segment, '**' crosses them). Anything else falls back to the
// site URL.

export type CompiledAllowList = { pattern: string; regex: RegExp | null }[]

/** Compiles a glob (gobwas/glob syntax: * ** ? [..] [!..] {a,b} \x) to an anchored RegExp. */
export function globToRegExp(pattern: string, separators = './'): RegExp | null {
  const sep = separators.replace(/[\\\]^-]/g, '\\$&')
  let i = 0
  const parse = (inAlternative: boolean): string | null => {
    let out = ''
    while (i < pattern.length) {
      const c = pattern[i] as string
      if (inAlternative && (c === ',' || c === '}')) return out
      i++
      if (c === '\\') {
        if (i >= pattern.length) return null
        out += escapeRegExp(pattern[i] as string)
        i++
      } else if (c === '*') {
        if (pattern[i] === '*') {
          while (pattern[i] === '*') i++
          out += '.*'
        } else {
          out += `[^${sep}]*`
        }
      } else if (c === '?') {
        out += `[^${sep}]`
      } else if (c === '[') {
        const end = pattern.indexOf(']', i)
        if (end < 0) return null
        let body = pattern.slice(i, end)
        i = end + 1
        const negated = body.startsWith('!')
        if (negated) body = body.slice(1)
        if (body === '') return null
        out += `[${negated ? '^' : ''}${body.replace(/[\\\]^]/g, '\\$&')}]`
      } else if (c === '{') {
        const options: string[] = []
        for (;;) {
          const option = parse(true)
          if (option === null) return null
          options.push(option)
          const stop = pattern[i]
          i++
          if (stop === '}') break
          if (stop !== ',') return null
        }
        out += `(?:${options.join('|')})`
      } else {
        out += escapeRegExp(c)
      }
    }
    return inAlternative ? null : out
  }
  const source = parse(false)
  return source === null ? null : new RegExp(`^${source}$`, 's')
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}

export function compileAllowList(patterns: string[]): CompiledAllowList {
  return patterns.map((pattern) => ({ pattern, regex: globToRegExp(pattern) }))
}

function hostnameOf(url: string): string | null {
  try {
    return new URL(url).hostname
  } catch {
    return null
  }
}

/** GoTrue's IsRedirectURLValid. */
export function isRedirectUrlValid(
  siteUrl: string,
  allowList: CompiledAllowList,
  redirectUrl: string
): boolean {
  if (redirectUrl === '') return false
  const base = hostnameOf(siteUrl)
  const target = hostnameOf(redirectUrl)
  if (base !== null && target !== null && base === target) return true
  return allowList.some(({ pattern, regex }) =>
    regex ? regex.test(redirectUrl) : pattern === redirectUrl
  )
}

export interface ReferrerSources {
  /** The redirect_to request header. */
  header?: string
  /** The redirect_to query (or form) parameter. */
  query?: string
  /** The Referer header. */
  referer?: string
}

/** GoTrue's GetReferrer: redirect_to if allowed, else the Referer if allowed, else the site URL. */
export function referrerOf(
  siteUrl: string,
  allowList: CompiledAllowList,
  sources: ReferrerSources
): string {
  const requested = sources.header || sources.query || ''
  if (isRedirectUrlValid(siteUrl, allowList, requested)) return requested
  const referer = sources.referer ?? ''
  if (isRedirectUrlValid(siteUrl, allowList, referer)) return referer
  return siteUrl
}
