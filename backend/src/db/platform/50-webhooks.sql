-- Database Webhooks as a hosted project has them: the supabase_functions schema, its hooks log
-- and supabase_functions.http_request(), the trigger function the Dashboard's webhooks call with
-- (url, method, headers, params, timeout_ms). It queues the row change through pg_net (the
-- stack's own, db/stack-extensions/, or a real one), so the project must `create extension
-- pg_net`, as enabling webhooks on a hosted project does; without it the trigger says so.
create schema if not exists supabase_functions;
grant usage on schema supabase_functions to postgres, anon, authenticated, service_role;

create table if not exists supabase_functions.hooks (
  id bigserial primary key,
  hook_table_id integer not null,
  hook_name text not null,
  created_at timestamptz not null default now(),
  request_id bigint
);
create index if not exists supabase_functions_hooks_request_id_idx
  on supabase_functions.hooks using btree (request_id);
create index if not exists supabase_functions_hooks_h_table_id_h_name_idx
  on supabase_functions.hooks using btree (hook_table_id, hook_name);
comment on table supabase_functions.hooks is
  'Supabase Functions Hooks: Audit trail for triggered hooks.';
grant all on supabase_functions.hooks to postgres;
grant all on sequence supabase_functions.hooks_id_seq to postgres;

create or replace function supabase_functions.http_request()
returns trigger
language plpgsql
security definer
set search_path = supabase_functions
as $$
declare
  request_id bigint;
  payload jsonb;
  url text := TG_ARGV[0]::text;
  method text := TG_ARGV[1]::text;
  headers jsonb default '{}'::jsonb;
  params jsonb default '{}'::jsonb;
  timeout_ms integer default 1000;
begin
  if url is null or url = 'null' then
    raise exception 'url argument is missing';
  end if;

  if method is null or method = 'null' then
    raise exception 'method argument is missing';
  end if;

  if TG_ARGV[2] is null or TG_ARGV[2] = 'null' then
    headers = '{"Content-Type": "application/json"}'::jsonb;
  else
    headers = TG_ARGV[2]::jsonb;
  end if;

  if TG_ARGV[3] is null or TG_ARGV[3] = 'null' then
    params = '{}'::jsonb;
  else
    params = TG_ARGV[3]::jsonb;
  end if;

  if TG_ARGV[4] is null or TG_ARGV[4] = 'null' then
    timeout_ms = 1000;
  else
    timeout_ms = TG_ARGV[4]::integer;
  end if;

  if to_regprocedure('net.http_post(text,jsonb,jsonb,jsonb,integer)') is null then
    raise exception 'Database Webhooks need the pg_net extension'
      using hint = 'Run create extension pg_net; in a migration.';
  end if;

  case
    when method = 'GET' then
      select http_get into request_id from net.http_get(url, params, headers, timeout_ms);
    when method = 'POST' then
      payload = jsonb_build_object(
        'old_record', OLD,
        'record', NEW,
        'type', TG_OP,
        'table', TG_TABLE_NAME,
        'schema', TG_TABLE_SCHEMA
      );
      select http_post into request_id
      from net.http_post(url, payload, params, headers, timeout_ms);
    else
      raise exception 'method argument % is invalid', method;
  end case;

  insert into supabase_functions.hooks (hook_table_id, hook_name, request_id)
  values (TG_RELID, TG_NAME, request_id);

  return NEW;
end
$$;
revoke all on function supabase_functions.http_request() from public;
grant execute on function supabase_functions.http_request()
  to postgres, anon, authenticated, service_role;
