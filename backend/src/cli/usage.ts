// `npm run backend -- --help`: every command and option (main.ts parses them).
export const usage = `Usage: npm run backend -- <command> [options]

Commands:
  start    Start the local stack for a project folder (like supabase start)
  serve    Run it in production mode: app and APIs on one port, own keys, real mail
           (npm run serve; see docs/own-server.md)
  service-unit  Print a systemd unit running serve at boot (with the serve flags given)
  status   Show the URLs and keys of the running stack
  stop     Stop the running stack
  backup   Write one archive of the database, stored files and keys (--output FILE)
  restore FILE          Bring a backup back into an empty data folder
  db reset              Recreate the running stack's database: migrations and seed anew
  migration new NAME    Create supabase/migrations/<timestamp>_NAME.sql (stdin, if piped)
  migration list        Local and applied migrations side by side
  migration up          Apply pending migrations to the running stack
  gen types typescript  The Database types of the schemas, on stdout
  test db               Run the pgTAP tests in supabase/tests/*.sql

Options:
  --workdir DIR       The project folder holding supabase/config.toml (default: current folder)
  --data-dir DIR      Where the database and files live (default: DIR/supabase/.temp/local-stack)
  --reset             start: delete the database and stored files first
  --yes-delete-production-data
                      stop --no-backup, start --reset, db reset: also on a production data
                      folder (one serve has run on); refused without it
  --strict-keys       start: refuse requests without a valid API key, as the hosted gateway does
                      (also SUPABASE_STRICT_KEYS=true)
  --app-dist DIR      start: also serve this built web app (with /config.json for it)
  --app-port N        start: port of the app (default: the port of [auth] site_url, else 3000)
  --api-port N        start: port of the API instead of [api] port (0 picks a free one)
  --db-port N         start, serve: port of the embedded database instead of [db] port (0: free
                      one; serve: default CHORUS_DB_PORT)
  --inbox-port N      start: port of the mail inbox instead of [inbucket] port (0: free one)
  --inbox-host HOST   start: interface of the mail inbox (default 127.0.0.1, this machine only)
  --inbox-smtp-port N start: the inbox's SMTP port instead of [inbucket] smtp_port (0: free one)
  --postgres-bin DIR  start: run the database on this installed PostgreSQL (its bin/ folder, e.g.
                      /usr/lib/postgresql/15/bin) instead of the embedded one; by default an
                      installed one is picked only when the migrations need an extension the
                      embedded PostgreSQL lacks
  --config FILE       serve, backup, restore, status, service-unit: the server's settings file
                      (default DATA_DIR/chorus.env): KEY=value lines, mode 0600,
                      CHORUS_PUBLIC_URL, SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS,
                      SMTP_ADMIN_EMAIL, SMTP_SENDER_NAME, CHORUS_BACKUP_EVERY, CHORUS_BACKUP_KEEP,
                      CHORUS_SIGNUP (open or closed), CHORUS_OUTBOUND_ALLOW,
                      CHORUS_SIGNED_URL_MAX_EXPIRY, CHORUS_HOST, CHORUS_PORT, CHORUS_DB_PORT,
                      CHORUS_TRUSTED_PROXY. The flags below override it
  --public-url URL    serve: the URL people open, e.g. https://chat.example.com (the app's
                      config.json, emailed links, CORS; default CHORUS_PUBLIC_URL, else
                      http://127.0.0.1:PORT)
  --host HOST         serve: the interface to listen on (default CHORUS_HOST, else 127.0.0.1,
                      for a proxy on this machine; 0.0.0.0 for every interface)
  --port N            serve: the one port of the app and every API (default CHORUS_PORT,
                      else [api] port)
  --trusted-proxy IP  serve: a proxy (address, CIDR range or loopback) whose X-Forwarded-For
                      and X-Forwarded-Proto are believed; repeatable (default
                      CHORUS_TRUSTED_PROXY, else loopback)
  --no-signup         serve: only invited people get an account (CHORUS_SIGNUP=closed)
  -o, --output FMT    status: pretty (default), json or env; backup: the archive to write
                      (default DATA_DIR/backups/chorus-backup-<UTC yyyymmddTHHMMSSZ>.tar.gz)
  --backup-every D    start, serve: take a backup every D into DATA_DIR/backups (24h, 6h, 30m;
                      also CHORUS_BACKUP_EVERY, in serve's settings file or the environment)
  --backup-keep N     start, serve: keep the newest N scheduled backups (default 7;
                      CHORUS_BACKUP_KEEP)
  --no-backup         stop: also delete the database and stored files (as supabase stop does)
  --local             db reset, migration, gen types, test db: the local stack (the default)
  --db-url URL        migration list/up, gen types, test db: this database instead
  --no-seed           db reset: skip supabase/seed.sql
  --include-all       migration up: also apply migrations older than the last applied one
  -s, --schema S      gen types: a schema to describe (repeatable; default public and [api] schemas)
  --lang LANG         gen types: typescript (the only one)

Environment:
  DATABASE_URL        use this PostgreSQL instead of the embedded one
  LOG_LEVEL           debug, info, warn, error
`
