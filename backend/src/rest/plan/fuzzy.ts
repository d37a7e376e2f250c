// "Perhaps you meant …" suggestions for unknown tables, relationships and functions, scored the
// way the fuzzyset library PostgREST uses scores them: cosine similarity of padded character
// trigrams (then bigrams) picks candidates, a normalised edit distance ranks them, and nothing
// under a third counts.

const MIN_SCORE = 0.33

function grams(value: string, size: number): Map<string, number> {
  let padded = `-${value.toLowerCase().replace(/[^\p{L}\p{N}, ]+/gu, '')}-`
  while (padded.length < size) padded += '-'
  const counts = new Map<string, number>()
  for (let i = 0; i + size <= padded.length; i++) {
    const gram = padded.slice(i, i + size)
    counts.set(gram, (counts.get(gram) ?? 0) + 1)
  }
  return counts
}

function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0
  for (const [gram, count] of a) dot += count * (b.get(gram) ?? 0)
  const norm = (m: Map<string, number>) => Math.sqrt([...m.values()].reduce((s, c) => s + c * c, 0))
  const denominator = norm(a) * norm(b)
  return denominator === 0 ? 0 : dot / denominator
}

export function closest(target: string, candidates: Iterable<string>): string | null {
  const list = [...new Set(candidates)]
  for (const size of [3, 2]) {
    const query = grams(target, size)
    const matches = list.filter((c) => cosine(query, grams(c, size)) >= MIN_SCORE)
    if (matches.length === 0) continue
    let best: string | null = null
    let bestScore = MIN_SCORE
    for (const candidate of matches) {
      const a = target.toLowerCase()
      const b = candidate.toLowerCase()
      const score = 1 - levenshtein(a, b) / Math.max(a.length, b.length)
      if (score >= bestScore && (best === null || score > bestScore)) {
        best = candidate
        bestScore = score
      }
    }
    if (best !== null) return best
  }
  return null
}

function levenshtein(a: string, b: string): number {
  if (a === b) return 0
  if (a.length === 0) return b.length
  if (b.length === 0) return a.length
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1
      current.push(
        Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost)
      )
    }
    previous = current
  }
  return previous[b.length] ?? 0
}
