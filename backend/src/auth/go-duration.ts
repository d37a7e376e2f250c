// Go's time.ParseDuration, which GoTrue applies to the admin API's ban_duration ("24h", "1h30m",
// "100ms"). Returns milliseconds, or an error message worded as Go's.

const UNITS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
}

export type DurationResult = { ok: true; ms: number } | { ok: false; message: string }

export function parseGoDuration(input: string): DurationResult {
  const quoted = JSON.stringify(input)
  const invalid = { ok: false as const, message: `time: invalid duration ${quoted}` }
  let rest = input
  let sign = 1
  if (rest.startsWith('-') || rest.startsWith('+')) {
    if (rest.startsWith('-')) sign = -1
    rest = rest.slice(1)
  }
  if (rest === '0') return { ok: true, ms: 0 }
  if (rest === '') return invalid
  let total = 0
  while (rest !== '') {
    const number = /^(\d*)(\.(\d*))?/.exec(rest)
    const whole = number?.[1] ?? ''
    const fraction = number?.[3] ?? ''
    if (whole === '' && fraction === '') return invalid
    rest = rest.slice(number?.[0].length ?? 0)
    const unit = /^[^\d.]+/.exec(rest)?.[0] ?? ''
    if (unit === '') return { ok: false, message: `time: missing unit in duration ${quoted}` }
    const factor = UNITS[unit]
    if (factor === undefined) {
      return {
        ok: false,
        message: `time: unknown unit ${JSON.stringify(unit)} in duration ${quoted}`,
      }
    }
    rest = rest.slice(unit.length)
    total += Number(`${whole || '0'}.${fraction || '0'}`) * factor
  }
  return { ok: true, ms: sign * total }
}
