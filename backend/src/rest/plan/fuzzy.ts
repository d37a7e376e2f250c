// "Perhaps you meant …" suggestions for unknown tables, relationships and functions: the closest
// candidate by edit distance, when it is close enough to be a likely typo.

export function closest(target: string, candidates: Iterable<string>): string | null {
  let best: string | null = null
  let bestScore = Infinity
  const lower = target.toLowerCase()
  for (const candidate of candidates) {
    const distance = levenshtein(lower, candidate.toLowerCase())
    const limit = Math.max(2, Math.floor(Math.max(target.length, candidate.length) / 2))
    if (distance <= limit && distance < bestScore) {
      best = candidate
      bestScore = distance
    }
  }
  return best
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
