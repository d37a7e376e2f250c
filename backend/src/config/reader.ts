// Typed access to config.toml's parsed document: each value converted to its kind (env(NAME)
// references resolved), a value of the wrong kind a ConfigError naming its line.
import { ConfigError } from './config-error.ts'
import { parseDuration, parseSize } from './units.ts'

export type Table = Record<string, unknown>

type Kind = 'string' | 'boolean' | 'integer' | 'port' | 'strings' | 'size' | 'duration'
type KindValue = {
  string: string
  boolean: boolean
  integer: number
  port: number
  strings: string[]
  size: number
  duration: number
}

const envRef = /^env\(([A-Za-z_][A-Za-z0-9_]*)\)$/

/** Typed access to the parsed document, with errors that point at the offending line. */
export class Reader {
  private readonly lines: string[]

  constructor(
    private readonly doc: Table,
    text: string,
    private readonly file: string
  ) {
    this.lines = text.split(/\r?\n/)
  }

  table(dotted: string): Table {
    let node: unknown = this.doc
    for (const part of dotted === '' ? [] : dotted.split('.')) {
      if (typeof node !== 'object' || node === null || Array.isArray(node)) return {}
      node = (node as Table)[part]
    }
    return typeof node === 'object' && node !== null && !Array.isArray(node) ? (node as Table) : {}
  }

  get<K extends Kind>(section: string, key: string, kind: K, fallback: KindValue[K]): KindValue[K] {
    const value = this.optional(section, key, kind)
    return value === null ? fallback : value
  }

  optional<K extends Kind>(section: string, key: string, kind: K): KindValue[K] | null {
    const raw = this.table(section)[key]
    if (raw === undefined) return null
    const value = this.convert(resolveEnv(raw), kind)
    if (value === undefined) {
      const where = section === '' ? key : `[${section}] ${key}`
      throw new ConfigError(
        `${where} must be ${describe(kind)}`,
        this.file,
        this.lineOf(section, key)
      )
    }
    return value as KindValue[K]
  }

  private convert(raw: unknown, kind: Kind): unknown {
    switch (kind) {
      case 'string':
        return typeof raw === 'string' ? raw : undefined
      case 'boolean':
        return typeof raw === 'boolean' ? raw : undefined
      case 'integer':
        return typeof raw === 'number' && Number.isInteger(raw) ? raw : undefined
      case 'port':
        return typeof raw === 'number' && Number.isInteger(raw) && raw >= 0 && raw <= 65535
          ? raw
          : undefined
      case 'strings':
        return Array.isArray(raw) && raw.every((s) => typeof s === 'string')
          ? raw.map((s) => resolveEnv(s) as string)
          : undefined
      case 'size':
        return typeof raw === 'string' || typeof raw === 'number'
          ? (parseSize(raw) ?? undefined)
          : undefined
      case 'duration':
        return typeof raw === 'string' || typeof raw === 'number'
          ? (parseDuration(raw) ?? undefined)
          : undefined
    }
  }

  /** The 1-based line of `key` inside `[section]`, or of the section header, or null. */
  lineOf(section: string, key?: string): number | null {
    let current = ''
    let headerLine: number | null = null
    for (let i = 0; i < this.lines.length; i++) {
      const line = (this.lines[i] ?? '').trim()
      const header = /^\[\s*([^\]]+?)\s*\]/.exec(line)
      if (header) {
        current = (header[1] ?? '').replace(/\s+/g, '').replace(/"/g, '')
        if (current === section) headerLine = i + 1
        continue
      }
      if (key !== undefined && current === section && new RegExp(`^"?${key}"?\\s*=`).test(line)) {
        return i + 1
      }
    }
    return headerLine
  }
}

function resolveEnv(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw
  const match = envRef.exec(raw.trim())
  if (!match) return raw
  return process.env[match[1] ?? ''] ?? ''
}

function describe(kind: Kind): string {
  switch (kind) {
    case 'string':
      return 'a string'
    case 'boolean':
      return 'true or false'
    case 'integer':
      return 'an integer'
    case 'port':
      return 'a port number (0-65535)'
    case 'strings':
      return 'an array of strings'
    case 'size':
      return 'a size such as "50MiB"'
    case 'duration':
      return 'a duration such as "1s"'
  }
}

/** Typed access to the parsed document (the name the sections' readers use). */
export type ConfigReader = Reader
