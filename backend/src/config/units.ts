// Sizes and durations as the Supabase CLI writes them in config.toml ("50MiB", "1s", "1h30m").

const sizeUnits: Record<string, number> = {
  b: 1,
  kb: 1000,
  mb: 1000 ** 2,
  gb: 1000 ** 3,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
  k: 1024,
  m: 1024 ** 2,
  g: 1024 ** 3,
}

/** Parses "50MiB", "5MB", "1024" (bytes) into a byte count, or returns null when malformed. */
export function parseSize(input: string | number): number | null {
  if (typeof input === 'number') return Number.isFinite(input) && input >= 0 ? input : null
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-zA-Z]*)\s*$/.exec(input)
  if (!match) return null
  const unit = (match[2] ?? '').toLowerCase() || 'b'
  const factor = sizeUnits[unit]
  if (factor === undefined) return null
  return Math.floor(Number(match[1]) * factor)
}

const durationUnits: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }

/** Parses Go-style durations ("1s", "1h30m", "500ms") into milliseconds, or null when malformed. */
export function parseDuration(input: string | number): number | null {
  if (typeof input === 'number') return Number.isFinite(input) && input >= 0 ? input * 1000 : null
  const text = input.trim()
  if (text === '' || text === '0') return 0
  const re = /(\d+(?:\.\d+)?)(ms|s|m|h)/gy
  let total = 0
  let consumed = 0
  for (let m = re.exec(text); m; m = re.exec(text)) {
    total += Number(m[1]) * (durationUnits[m[2] ?? ''] ?? 0)
    consumed = re.lastIndex
  }
  return consumed === text.length ? total : null
}
