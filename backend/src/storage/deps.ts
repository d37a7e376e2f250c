// What Storage's routes share: the stack, the disk adapter, and the ways a request reaches the
// database (a scope's transaction, a dry run that rolls back, a role switch inside one).
import type { TransactionSql } from 'postgres'
import type { StackContext } from '../context.ts'
import type { RequestScope } from '../db/scope.ts'
import type { Logger } from '../logger.ts'
import type { Disk } from './disk.ts'
import { fromDbError } from './errors.ts'
import type { StorageError } from './errors.ts'

export interface StorageDeps {
  ctx: StackContext
  disk: Disk
  log: Logger
}

export interface ScopeRun {
  /**
   * One round trip: BEGIN, the scope, the queries `fn` starts before its first await, and this
   * end go out together (db/scope.ts). Only for an `fn` whose queries do not wait on each other.
   */
  end?: 'commit' | 'rollback'
  /** What a unique violation means for this operation (default: KeyAlreadyExists). */
  onConflict?: () => StorageError
  /** What a foreign-key violation means (default: NoSuchBucket). */
  onMissingParent?: () => StorageError
}

/** Runs `fn` in one transaction of the scope; database errors become Storage's errors. */
export async function inScope<T>(
  deps: StorageDeps,
  scope: RequestScope,
  fn: (tx: TransactionSql) => Promise<T>,
  options: ScopeRun = {}
): Promise<T> {
  try {
    return await deps.ctx.db.withScope(scope, { end: options.end }, fn)
  } catch (error) {
    throw fromDbError(error, options)
  }
}

/**
 * Runs `fn` in the scope and rolls everything back: Storage's permission check, which tries the
 * write as the caller so that row-level security answers before any bytes are stored.
 */
export async function dryRun<T>(
  deps: StorageDeps,
  scope: RequestScope,
  fn: (tx: TransactionSql) => Promise<T>,
  options: { pipelined?: boolean } = {}
): Promise<T> {
  try {
    return await deps.ctx.db.dryRun(scope, options, fn)
  } catch (error) {
    throw fromDbError(error)
  }
}

/**
 * Acts as another role for the rest of the transaction (the connection's login role is a member
 * of every API role), e.g. to read a bucket's limits with Storage's authority before the
 * caller's own permission check in the same round of statements.
 */
export async function setRole(tx: TransactionSql, role: string): Promise<void> {
  await tx`select set_config('role', ${role}, true)`.execute()
}
