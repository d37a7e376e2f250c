-- One way for the database to call an Edge Function in the background: private.call_function
-- posts a JSON body to /functions/v1/<name> through pg_net, with Vault's project_url and
-- publishable_key (as every job of Chorus does; without them nothing is called and it returns
-- false). The import's, the export's and retention's kicks, which each read the two secrets and
-- built the same request, now call it.

create or replace function private.call_function(p_name text, p_body jsonb, p_timeout_ms integer)
returns boolean
language plpgsql security definer
set search_path = ''
as $$
declare
  project_url text := (
    select decrypted_secret from vault.decrypted_secrets where name = 'project_url' limit 1
  );
  api_key text := (
    select decrypted_secret from vault.decrypted_secrets where name = 'publishable_key' limit 1
  );
begin
  if project_url is null or api_key is null then
    return false;
  end if;
  perform net.http_post(
    url := rtrim(project_url, '/') || '/functions/v1/' || p_name,
    body := p_body,
    headers := jsonb_build_object('Content-Type', 'application/json',
      'Authorization', 'Bearer ' || api_key, 'apikey', api_key),
    timeout_milliseconds := p_timeout_ms
  );
  return true;
end
$$;
revoke all on function private.call_function(text, jsonb, integer) from public;

-- Posts to the Edge Function for the import; without Vault's secrets the import waits for a
-- caller (the cron job's). Returns whether it was called.
create or replace function private.kick_import(p_import uuid)
returns boolean
language sql security definer
set search_path = ''
as $$
  select private.call_function('slack-import', jsonb_build_object('import_id', p_import), 300000)
$$;

-- Posts the export to the Edge Function; false without Vault's secrets.
create or replace function private.kick_export(p_export_id uuid)
returns boolean
language sql security definer
set search_path = ''
as $$
  select private.call_function('workspace-export', jsonb_build_object('export_id', p_export_id), 300000)
$$;

-- Posts to the Edge Function that removes the queued files, if any; without Vault's secrets the
-- files wait.
create or replace function private.kick_retention_files()
returns boolean
language sql security definer
set search_path = ''
as $$
  select case when exists (select 1 from private.retention_files)
    then private.call_function('retention-files', '{}'::jsonb, 60000) else false end
$$;
