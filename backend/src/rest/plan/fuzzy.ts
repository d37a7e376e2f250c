// "Perhaps you meant …" suggestions for unknown tables, relationships and functions, scored as the
// Haskell fuzzyset library PostgREST uses scores them (its default set: gram sizes 3 then 2,
// Levenshtein on): an entry equal to the query but for case wins outright; otherwise, for the
// first gram size with a result, the entries sharing a gram with the query (at most the 50 of the
// highest cosine similarity of their gram counts) are scored by normalised edit distance, and those
// scoring at least the minimum (0.33 by default) are the matches, the best first.

const MIN_SCORE = 0.33

/** fuzzyset's normalisation: lower case, only letters, digits, spaces and commas kept. */
function normalized(value: string): string {
  return value.toLowerCase().replace(/[^\p{L}\p{N}\s,]+/gu, '')
}

/** Gram counts of the normalised value enclosed in hyphens (no padding: short values have none). */
function gramVector(value: string, size: number): Map<string, number> {
  const chars = [...`-${normalized(value)}-`]
  const counts = new Map<string, number>()
  for (let i = 0; i + size <= chars.length; i++) {
    const gram = chars.slice(i, i + size).join('')
    counts.set(gram, (counts.get(gram) ?? 0) + 1)
  }
  return counts
}

function magnitude(vector: Map<string, number>): number {
  let sum = 0
  for (const count of vector.values()) sum += count * count
  return Math.sqrt(sum)
}

/** text-metrics' levenshteinNorm: 1 - distance / length of the longer (code points). */
function levenshteinNorm(a: string, b: string): number {
  const x = [...a]
  const y = [...b]
  const longest = Math.max(x.length, y.length)
  if (longest === 0) return 1
  let previous = Array.from({ length: y.length + 1 }, (_, i) => i)
  for (let i = 1; i <= x.length; i++) {
    const current = [i]
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1
      current.push(
        Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost)
      )
    }
    previous = current
  }
  return 1 - (previous[y.length] ?? 0) / longest
}

export interface FuzzyMatch {
  score: number
  value: string
}

/** Every match of `target` among `candidates`, the best first (fuzzyset's getWithMinScore). */
export function fuzzyMatches(
  target: string,
  candidates: Iterable<string>,
  minScore = MIN_SCORE
): FuzzyMatch[] {
  // The set keeps one entry per lower-cased value, the first added.
  const entries = new Map<string, string>()
  for (const candidate of candidates) {
    const key = candidate.toLowerCase()
    if (!entries.has(key)) entries.set(key, candidate)
  }
  const key = target.toLowerCase()
  const exact = entries.get(key)
  if (exact !== undefined) return [{ score: 1, value: exact }]
  for (const size of [3, 2]) {
    const query = gramVector(key, size)
    const queryMagnitude = magnitude(query)
    const scored: { cosine: number; key: string }[] = []
    for (const entry of entries.keys()) {
      const vector = gramVector(entry, size)
      let dot = 0
      for (const [gram, count] of query) dot += count * (vector.get(gram) ?? 0)
      if (dot > 0) scored.push({ cosine: dot / (queryMagnitude * magnitude(vector)), key: entry })
    }
    const matches = scored
      .sort((a, b) => b.cosine - a.cosine)
      .slice(0, 50)
      .map((s) => ({ score: levenshteinNorm(key, s.key), value: entries.get(s.key) as string }))
      .sort((a, b) => b.score - a.score)
      .filter((m) => m.score >= minScore)
    if (matches.length > 0) return matches
  }
  return []
}

/** The closest match (fuzzyset's getOne / getOneWithMinScore), or null. */
export function closest(
  target: string,
  candidates: Iterable<string>,
  minScore = MIN_SCORE
): string | null {
  return fuzzyMatches(target, candidates, minScore)[0]?.value ?? null
}
