-- supautils on the wire (supautils-proxy.ts): how a session that logged in as `postgres` itself
-- (no superuser behind it to step up to) runs what supautils runs for it as the superuser, in its
-- own transaction: _supabase_local.supautils_elevated(statements, signature), a superuser's
-- SECURITY DEFINER function that runs the statements only when the signature is the HMAC-SHA-256
-- that the proxy computed for them with the key below. `postgres` may call it but cannot sign:
-- the key is readable by the superuser alone (the proxy reads it through the stack's superuser
-- connection), so only the statements the proxy chose to elevate run (hosted-plans.ts), never
-- SQL of the caller's own. The function has no SET clause, so that what an allowed SET changes
-- (session_replication_role, …) stays set for the session, as with supautils; its own checks name
-- every function and operator by schema, so that the caller's search_path cannot replace them.

create schema if not exists _supabase_local;

create table if not exists _supabase_local.supautils_key (
  key bytea not null
);
revoke all on _supabase_local.supautils_key from public;
insert into _supabase_local.supautils_key (key)
select extensions.gen_random_bytes(32)
where not exists (select from _supabase_local.supautils_key);

create or replace function _supabase_local.supautils_elevated(statements text[], signature text)
returns void
language plpgsql
security definer
as $$
declare
  message text := '';
  statement text;
begin
  -- Each statement prefixed by its length in bytes, so that no two lists sign alike.
  foreach statement in array statements loop
    message := message operator(pg_catalog.||) pg_catalog.octet_length(statement)::text
      operator(pg_catalog.||) ':' operator(pg_catalog.||) statement;
  end loop;
  if signature is null or signature operator(pg_catalog.<>) pg_catalog.encode(
    extensions.hmac(
      pg_catalog.convert_to(message, 'UTF8'),
      (select k.key from _supabase_local.supautils_key k limit 1),
      'sha256'
    ),
    'hex'
  ) then
    raise exception using
      message = 'permission denied for function supautils_elevated',
      detail = 'Only the statements supautils runs for the privileged role, as signed by the stack.',
      errcode = '42501';
  end if;
  foreach statement in array statements loop
    execute statement;
  end loop;
end
$$;

revoke all on function _supabase_local.supautils_elevated(text[], text) from public;
grant usage on schema _supabase_local to postgres;
grant execute on function _supabase_local.supautils_elevated(text[], text) to postgres;
