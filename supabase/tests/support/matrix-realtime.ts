// The RLS matrix's cases for Realtime: the private topics for typing (broadcast) and presence. One
// line per case, read as a table.
import { inPlaza, members, inQuiet } from './matrix-kit.ts'
import type { MatrixCase } from './matrix-kit.ts'

// prettier-ignore
export const TOPIC_CASES: readonly MatrixCase[] = [
  // realtime: private topics for typing (broadcast) and presence
  { kind: 'topic', table: 'realtime.messages', what: 'channel:<public channel>', op: 'select', allowed: inPlaza, topic: (w) => `channel:${w.ch.plaza}` },
  { kind: 'topic', table: 'realtime.messages', what: 'channel:<private channel>', op: 'select', allowed: inQuiet, topic: (w) => `channel:${w.ch.quiet}` },
  { kind: 'topic', table: 'realtime.messages', what: 'channel:<direct message>', op: 'select', allowed: inQuiet, topic: (w) => `channel:${w.ch.dm}` },
  { kind: 'topic', table: 'realtime.messages', what: 'channel:<public channel you are not in>', op: 'select', allowed: [], topic: (w) => `channel:${w.ch.second}` },
  { kind: 'topic', table: 'realtime.messages', what: 'workspace:<workspace>', op: 'select', allowed: members, topic: (w) => `workspace:${w.ws}` },
  { kind: 'topic', table: 'realtime.messages', what: 'workspace:<another workspace>', op: 'select', allowed: ['outsider'], topic: (w) => `workspace:${w.ws2}` },
  { kind: 'topic', table: 'realtime.messages', what: 'an unknown topic', op: 'select', allowed: [], topic: () => 'room:lobby' },
  { kind: 'topic', table: 'realtime.messages', what: 'channel:<private channel>', op: 'insert', allowed: inQuiet, topic: (w) => `channel:${w.ch.quiet}` },
  { kind: 'topic', table: 'realtime.messages', what: 'workspace:<workspace>', op: 'insert', allowed: members, topic: (w) => `workspace:${w.ws}` },
]
