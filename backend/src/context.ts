// What every service of the stack is given: the project configuration, the database, the keys,
// the front door and a logger. Services are Fastify plugins mounted under their prefix.
import type { EventEmitter } from 'node:events'
import type { FastifyInstance } from 'fastify'
import type { DirectHandler } from './http/direct.ts'
import type { ProjectConfig } from './config/project-config.ts'
import type { Database } from './db/database.ts'
import type { Gateway } from './http/gateway.ts'
import type { JwtKeys } from './jwt/jwt-keys.ts'
import type { Logger } from './logger.ts'
import type { RecheckRound } from './realtime/socket/recheck.ts'

export interface StackEvents {
  /** Migrations ran (at start); the REST schema cache should reload. */
  migrated: []
  /**
   * Realtime's re-check of the open private channels ended a round (realtime/socket/recheck.ts).
   * Tests wait for rounds instead of sleeping.
   */
  'realtime-recheck': [RecheckRound]
  /**
   * Supabase Cron's runner ended a tick: every run it started is recorded in
   * cron.job_run_details (cron/scheduler.ts). Tests wait for ticks instead of sleeping.
   */
  'cron-tick': []
  /**
   * The pg_net worker ended a pass over the queue, begun at `startedAt` (performance.now()):
   * every request committed before then is taken (net/worker.ts).
   */
  'net-drain': [startedAt: number]
}

export interface StackContext {
  config: ProjectConfig
  db: Database
  keys: JwtKeys
  gateway: Gateway
  log: Logger
  /** The stack's data folder (embedded cluster, storage files, mail inbox, …). */
  dataDir: string
  /** The API's URL on this machine, e.g. http://127.0.0.1:54321. Set once the server listens. */
  apiUrl: string
  /**
   * The URL browsers and emails reach the API at: `serve`'s --public-url, else apiUrl. Emailed
   * links and the JWT issuer are on it.
   */
  publicUrl: string
  /** `serve` (production mode) or `start`. */
  mode: 'start' | 'serve'
  /** The origin CORS allows: '*', or `serve`'s public origin only. */
  corsOrigin: string
  /** The mail inbox's SMTP port once it listens; null when the inbox is disabled. */
  inboxSmtpPort: number | null
  events: EventEmitter<StackEvents>
}

/**
 * A service of the stack: registered under its prefix, started after the server listens. Services
 * are made by factory functions (restService(), …) so that each stack has its own state.
 */
export interface Service {
  name: string
  prefix: string
  register(app: FastifyInstance, ctx: StackContext): Promise<void>
  /**
   * A hot path around Fastify (see http/direct.ts): offered the requests under the prefix that
   * need no front-door check, it answers one and returns true, or returns false to leave it to
   * the routes registered with Fastify. Set up by register().
   */
  direct?: DirectHandler
  /**
   * Whether the front door lets this request under the prefix through without a project key
   * even when keys are strict, as hosted Supabase's gateway does for an Edge Function with
   * verify_jwt = false (a webhook receiver called by another service). Set up by register().
   */
  keyless?: (url: string) => boolean
  /** Called once the HTTP server listens (Realtime attaches to upgrades, feeds start). */
  start?(ctx: StackContext, app: FastifyInstance): Promise<void>
  stop?(): Promise<void>
  /** Resolves once the work it goes on with after answering is done (Storage's renames). */
  settled?(): Promise<void>
  /**
   * Resolves once what start() set going in the background is live (Realtime: the replication
   * stream, without which a change committed meanwhile is never delivered).
   */
  ready?(): Promise<void>
}
