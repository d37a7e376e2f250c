// The set-up of rls-mfa.test.ts: a stack with the matrix's world; the member's reads of the RLS
// matrix (those that stay readable at aal1, and the rest) and its session calls; whether a person
// reads a case's row, or what a call does, at an assurance level, with or without a verified
// factor and a workspace requiring two-factor sign-in (each in a transaction rolled back).
import { randomUUID } from 'node:crypto'
import type { TransactionSql } from 'postgres'
import { MATRIX, caseName } from './matrix.ts'
import type { CallCase, MatrixCase, MatrixContext } from './matrix.ts'
import { claimsOf } from './world.ts'
import type { Person } from './world.ts'
import { useWorldStack } from './world-stack.ts'
import type { WorldStack } from './world-stack.ts'

export interface Setting {
  aal: 'aal1' | 'aal2'
  /** The person has a verified TOTP factor. */
  factor: boolean
  /** The matrix workspace requires two-factor sign-in. */
  requireMfa: boolean
}

/** A verified TOTP factor for `person`, inside the transaction. */
async function addVerifiedFactor(tx: TransactionSql, person: Person): Promise<void> {
  await tx`
    insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
    values (${randomUUID()}, ${person.id}, 'phone', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')`
}

class Rollback extends Error {
  constructor(readonly seen: boolean) {
    super('rollback')
  }
}

// The member's reads: the workspace's data, and what stays readable at aal1 (their own profile,
// avatar and membership, so the app can say why the workspace is closed; their own notification
// settings and push devices, which belong to no workspace; the buckets' settings).
export const OWN = new Set([
  "public.profiles select: a co-worker's profile", // the member's own
  "public.workspace_members select: member's membership",
  "public.notification_settings select: member's settings",
  "public.push_subscriptions select: member's device",
  'storage.buckets select: the attachments bucket',
  'storage.buckets select: the imports bucket',
  "storage.objects select: a co-worker's avatar", // the member's own
])
const allReads = MATRIX.filter((c) => c.op === 'select' && c.allowed.includes('member'))
export const memberReads = allReads.filter((c) => !OWN.has(caseName(c)))
export const ownReads = allReads.filter((c) => OWN.has(caseName(c)))

// Auth's sessions (my_sessions, sign_out_session): the matrix's calls the member may make, refused
// at aal1 while the account has a verified factor (a password alone must not list or end the
// owner's real sessions), allowed at aal2 and without a factor.
export const sessionCalls = MATRIX.filter(
  (c): c is CallCase =>
    c.kind === 'call' && c.allowed.includes('member') && /_sessions?$/.test(c.table)
)

export interface MfaMatrix extends WorldStack {
  /** Whether the person reads the case's row (or receives on its topic) in this setting. */
  reads: (c: MatrixCase, person: Person, setting: Setting) => Promise<boolean>
  /** The call's outcome for the person in this setting: done, or the refusal's SQLSTATE. */
  calls: (
    c: CallCase,
    person: Person,
    setting: Omit<Setting, 'requireMfa'>
  ) => Promise<{ done: boolean } | { refused: string; message: string | undefined }>
}

/** Registers the file's beforeAll/afterAll; the stack and world are set once beforeAll has run. */
export function useMfaMatrix(): MfaMatrix {
  const t = useWorldStack({} as MfaMatrix)
  t.reads = async function reads(
    c: MatrixCase,
    person: Person,
    setting: Setting
  ): Promise<boolean> {
    const ctx: MatrixContext = { sql: t.stack.sql, world: t.world }
    const key = c.kind === 'row' && c.row ? await c.row(ctx) : ''
    const topic = c.kind === 'topic' ? c.topic(t.world) : ''
    try {
      await t.stack.sql.begin(async (tx) => {
        if (setting.factor) await addVerifiedFactor(tx, person)
        if (setting.requireMfa) {
          await tx`update public.workspaces set require_mfa = true where id = ${t.world.ws}`
        }
        let probe = ''
        if (c.kind === 'topic') {
          const [row] = await tx<{ id: string }[]>`
          insert into realtime.messages (topic, extension, payload, event, private)
          values (${topic}, 'broadcast', '{}', 'probe', true) returning id`
          probe = row!.id
        }
        await tx`
        select set_config('role', 'authenticated', true),
               set_config('request.jwt.claims', ${JSON.stringify({ ...claimsOf(person), aal: setting.aal })}, true),
               set_config('realtime.topic', ${topic}, true)`
        const rows =
          c.kind === 'topic'
            ? await tx`select 1 from realtime.messages where id = ${probe}`
            : await tx`select 1 from ${tx(c.table)} where id = ${key}`
        throw new Rollback(rows.length === 1)
      })
    } catch (error) {
      if (error instanceof Rollback) return error.seen
      throw error
    }
    throw new Error('unreachable')
  }

  t.calls = async function calls(
    c: CallCase,
    person: Person,
    setting: Omit<Setting, 'requireMfa'>
  ) {
    const ctx: MatrixContext = { sql: t.stack.sql, world: t.world }
    const key = await c.row(ctx)
    const args = Object.entries(c.args(key))
    const named = args.map(([name], i) => `${name} => $${i + 1}`).join(', ')
    try {
      await t.stack.sql.begin(async (tx) => {
        if (setting.factor) await addVerifiedFactor(tx, person)
        await tx`
        select set_config('role', 'authenticated', true),
               set_config('request.jwt.claims', ${JSON.stringify({ ...claimsOf(person), aal: setting.aal })}, true)`
        const rows = await tx.unsafe<Record<string, unknown>[]>(
          `select * from ${c.table}(${named})`,
          args.map(([, value]) => value as never)
        )
        await tx`reset role`
        throw new Rollback(await c.done(tx, key, rows))
      })
    } catch (error) {
      if (error instanceof Rollback) return { done: error.seen }
      const e = error as { code?: string; message?: string }
      if (!e.code) throw error
      return { refused: e.code, message: e.message }
    }
    throw new Error('unreachable')
  }
  return t
}
