// The one list of what supautils lets `postgres` do on hosted Supabase: the settings of
// supabase/postgres' ansible/files/postgresql_config/supautils.conf.j2, for the PostgreSQL 17
// images (the stack's major version). Read from the copy carried by the fork popmodern/postgres at
// commit bbbd76316d960100da6e55e42c8595e34e9b1c23: the newest copy that could be read, with
// privileged_role = 'supabase_privileged_role' and supabase_etl_admin. The copy of supabase/postgres
// itself stored in the search index was older (ded929ffe1f4bbd3388504688c7b9bdd780e32cd, before
// pgrst.* and drop_trigger_grants were added). What each setting does was read from
// supabase/supautils (src/privileged_role.c and src/roles.h at 31217dd, src/roles.c at 68f6459,
// src/supautils.c, README.md).
// hosted-privileges.ts applies these settings to a migration's statements. To follow a newer
// release, change the values here and only here.

export const SUPAUTILS_SOURCE =
  'supabase/postgres ansible/files/postgresql_config/supautils.conf.j2 ' +
  '(as in popmodern/postgres@bbbd763)'

/** supautils.privileged_extensions_superuser: what elevated statements run as. */
export const SUPAUTILS_SUPERUSER = 'supabase_admin'

/** supautils.privileged_role: `postgres` is a member of it (platform/56-privileged-role.sql). */
export const PRIVILEGED_ROLE = 'supabase_privileged_role'

/** supautils.privileged_extensions: created, updated and dropped as the superuser. */
export const PRIVILEGED_EXTENSIONS: ReadonlySet<string> = new Set(
  (
    'address_standardizer, address_standardizer_data_us, age, autoinc, bloom, btree_gin, ' +
    'btree_gist, citext, cube, dblink, dict_int, dict_xsyn, earthdistance, fuzzystrmatch, hstore, ' +
    'http, hypopg, index_advisor, insert_username, intarray, isn, ltree, moddatetime, orioledb, ' +
    'pg_buffercache, pg_cron, pg_graphql, pg_hashids, pg_jsonschema, pg_net, pg_prewarm, ' +
    'pg_repack, pg_stat_monitor, pg_stat_statements, pg_tle, pg_trgm, pg_walinspect, pgaudit, ' +
    'pgcrypto, pgjwt, pgroonga, pgroonga_database, pgrouting, pgrowlocks, pgsodium, pgstattuple, ' +
    'pgtap, plcoffee, pljava, plls, plpgsql_check, plv8, postgis, postgis_raster, postgis_sfcgal, ' +
    'postgis_tiger_geocoder, postgis_topology, postgres_fdw, refint, rum, seg, sslinfo, ' +
    'supabase_vault, supautils, tablefunc, tcn, timescaledb, tsm_system_rows, tsm_system_time, ' +
    'unaccent, uuid-ossp, vector, wrappers'
  ).split(', ')
)

/**
 * supautils.privileged_role_allowed_configs: the settings the privileged role may SET, and
 * ALTER ROLE … SET; "ext.*" allows every setting whose name starts with "ext.".
 */
export const ALLOWED_CONFIGS: readonly string[] = (
  'auto_explain.*, deadlock_timeout, log_lock_waits, log_min_duration_statement, ' +
  'log_min_messages, log_parameter_max_length, log_replication_commands, log_statement, ' +
  'log_temp_files, pg_net.batch_size, pg_net.ttl, pg_stat_statements.*, pgaudit.log, ' +
  'pgaudit.log_catalog, pgaudit.log_client, pgaudit.log_level, pgaudit.log_relation, ' +
  'pgaudit.log_rows, pgaudit.log_statement, pgaudit.log_statement_once, pgaudit.role, pgrst.*, ' +
  'plan_filter.*, safeupdate.enabled, session_replication_role, track_functions, ' +
  'track_io_timing, wal_compression'
).split(', ')

/**
 * supautils.reserved_roles: only a superuser may create, alter, drop, rename them or change their
 * memberships; a trailing "*" lets the privileged role still change their settings
 * (ALTER ROLE … SET) and grant them roles.
 */
export const RESERVED_ROLES: readonly string[] = (
  'supabase_admin, supabase_auth_admin, supabase_storage_admin, supabase_read_only_user, ' +
  'supabase_realtime_admin, supabase_replication_admin, supabase_etl_admin, dashboard_user, ' +
  'pgbouncer, service_role*, authenticator*, authenticated*, anon*'
).split(', ')

/** supautils.reserved_memberships: roles only a superuser may grant. */
export const RESERVED_MEMBERSHIPS: ReadonlySet<string> = new Set(
  (
    'pg_read_server_files, pg_write_server_files, pg_execute_server_program, supabase_admin, ' +
    'supabase_auth_admin, supabase_storage_admin, supabase_read_only_user, ' +
    'supabase_realtime_admin, supabase_replication_admin, supabase_etl_admin, dashboard_user, ' +
    'pgbouncer, authenticator'
  ).split(', ')
)

const PLATFORM_TABLES = [
  'auth.audit_log_entries',
  'auth.flow_state',
  'auth.identities',
  'auth.instances',
  'auth.mfa_amr_claims',
  'auth.mfa_challenges',
  'auth.mfa_factors',
  'auth.oauth_clients',
  'auth.one_time_tokens',
  'auth.refresh_tokens',
  'auth.saml_providers',
  'auth.saml_relay_states',
  'auth.sessions',
  'auth.sso_domains',
  'auth.sso_providers',
  'auth.users',
  'realtime.messages',
  'realtime.subscription',
  'storage.buckets',
  'storage.buckets_analytics',
  'storage.objects',
  'storage.prefixes',
  'storage.s3_multipart_uploads',
  'storage.s3_multipart_uploads_parts',
]

/** supautils.policy_grants for postgres: tables whose policies it may create, alter and drop. */
export const POLICY_GRANTS: ReadonlySet<string> = new Set(PLATFORM_TABLES)

/** supautils.drop_trigger_grants for postgres: tables whose triggers it may drop. */
export const DROP_TRIGGER_GRANTS: ReadonlySet<string> = new Set(PLATFORM_TABLES)

/** supautils.extensions_parameter_overrides. */
export const EXTENSION_SCHEMA_OVERRIDES: ReadonlyMap<string, string> = new Map([
  ['pg_cron', 'pg_catalog'],
])

/** Whether `name` is on ALLOWED_CONFIGS (supautils' is_string_in_comma_delimited_string). */
export function isAllowedConfig(name: string): boolean {
  return ALLOWED_CONFIGS.some((entry) =>
    entry.length > 1 && entry.endsWith('*') ? name.startsWith(entry.slice(0, -1)) : name === entry
  )
}

/**
 * Whether `role` is reserved; `configurable` is true where the privileged role may still act on
 * the roles listed with a "*" (supautils' is_reserved_role).
 */
export function isReservedRole(role: string, configurable: boolean): boolean {
  return RESERVED_ROLES.some((entry) =>
    entry.endsWith('*') ? !configurable && entry.slice(0, -1) === role : entry === role
  )
}
