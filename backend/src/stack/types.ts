// What startStack() is given (StackOptions) and what it gives back (Stack), in a module of their
// own so that the steps under stack/ and the commands share them without importing stack.ts.
import type { FastifyInstance } from 'fastify'
import type { ProjectConfig } from '../config/project-config.ts'
import type { StackContext } from '../context.ts'
import type { EmbeddedServer } from '../db/embedded.ts'
import type { Engine } from '../db/engine.ts'
import type { FrontDoorOptions } from '../http/server.ts'
import type { JwtKeys } from '../jwt/jwt-keys.ts'
import type { Logger } from '../logger.ts'

export interface StackOptions {
  /** The project folder (holding supabase/config.toml). */
  workdir: string
  /** An already parsed configuration (else read from workdir). */
  config?: ProjectConfig
  /** Where the cluster, files and inbox live; default <workdir>/supabase/.temp/local-stack. */
  dataDir?: string
  /** An external PostgreSQL instead of the embedded one. */
  databaseUrl?: string
  /**
   * The bin/ folder of an installed PostgreSQL server to run the cluster on (--postgres-bin);
   * by default the embedded one, or an installed one that has the extensions the migrations
   * create when the embedded one lacks them.
   */
  postgresBin?: string
  /** Start from an empty database (deletes the data folder's clusters and stored files). */
  reset?: boolean
  /** Behave like the hosted gateway: requests without a valid key get 401. */
  strictKeys?: boolean
  /** Override [api] port; 0 picks a free port. */
  apiPort?: number
  /** Override [db] port for the embedded cluster; 0 picks a free port. */
  dbPort?: number
  /** Override [inbucket] port of the mail inbox; 0 picks a free port. */
  inboxPort?: number
  /**
   * Override [inbucket] smtp_port, the inbox's SMTP port (127.0.0.1 only); 0 picks a free port.
   * Unset with inboxPort 0: a free port too.
   */
  inboxSmtpPort?: number
  /**
   * The interface the mail inbox listens on; default 127.0.0.1 (loopback only). Whoever can read
   * the inbox can follow any recovery or invitation link in it, so widen this with care.
   */
  inboxHost?: string
  /** `serve`: production mode (cli/serve.ts sets the options below); default start. */
  mode?: 'start' | 'serve'
  /** The interface the API listens on; default 127.0.0.1 (and [::1] too when there is one). */
  host?: string
  /** The project's own keys instead of those of config.toml (`serve`, serve/secrets.ts). */
  keys?: JwtKeys
  /**
   * The embedded database's password (`serve`'s generated one, serve/secrets.ts) for its
   * superuser and the roles the services log in as; every start sets it on them, replacing the
   * CLI's well-known one of a cluster made before. Default: the CLI's "postgres" (`start`).
   */
  dbPassword?: string
  /** `serve`'s settings file (serve/settings.ts), named in stack.json for `status`. */
  settingsFile?: string
  /**
   * The URL browsers and emails reach the API at (`serve`'s --public-url); default the API URL.
   * With ownOriginOnly, CORS allows its origin only.
   */
  publicUrl?: string
  ownOriginOnly?: boolean
  /** What `serve` adds to the API server: trusted proxies, the app on its port, /health. */
  front?: FrontDoorOptions
  /** Serve a built web app from this folder. */
  appDist?: string
  appPort?: number
  /** Durability off for speed (tests). */
  fastDb?: boolean
  log?: Logger
  /** Aborts the start (Ctrl-C while starting): what was started is stopped and the start throws. */
  signal?: AbortSignal
}

export interface Stack {
  config: ProjectConfig
  context: StackContext
  api: FastifyInstance
  apiUrl: string
  appUrl: string | null
  mode: 'start' | 'serve'
  /** The mail inbox (web page and Mailpit API), on a port of its own; null when disabled. */
  inboxUrl: string | null
  /** The inbox's SMTP port on 127.0.0.1; null when the inbox is disabled. */
  inboxSmtpPort: number | null
  dbUrl: string
  /**
   * `serve` on its own PostgreSQL: the database port ([db] port) where supautils is on the wire,
   * for `postgres` (stack/supautils.ts); dbUrl is then the server behind it. Null otherwise.
   */
  supautilsPort: number | null
  keys: JwtKeys
  /** The database was created by this start (so the seed ran). */
  fresh: boolean
  /** The project's own PostgreSQL server (null with DATABASE_URL). */
  embedded: EmbeddedServer | null
  /** What that server runs on: the embedded PostgreSQL or an installed one (null with DATABASE_URL). */
  engine: Engine | null
  /** Resolves once every service has finished the work it goes on with after answering. */
  settled(): Promise<void>
  stop(): Promise<void>
  /** For a forced exit: stops the embedded server at once and forgets the running state. */
  kill(): void
}
