-- Background jobs that cannot find the Edge Functions say so. Every job calls its function with
-- Vault's project_url and publishable_key (the stack stores them at each start; on a hosted
-- project `npm run deploy` does); without them the jobs used to return in silence, so a server
-- whose Vault was empty never mailed, previewed, delivered, imported or exported, and nobody
-- knew. Now a job that has work and no endpoint raises one WARNING per run, which PostgreSQL
-- logs (a hosted project's Postgres logs; the stack's cron runner repeats its jobs' warnings in
-- the stack's log), naming the job and what is missing. Behaviour is otherwise unchanged.

-- Vault's endpoint for the job `p_job`; both null, with the warning, when either is missing.
create or replace function private.function_endpoint(
  p_job text, out project_url text, out api_key text
)
language plpgsql security definer
set search_path = ''
as $$
declare
  missing text;
begin
  select s.decrypted_secret into project_url from vault.decrypted_secrets s
  where s.name = 'project_url' limit 1;
  select s.decrypted_secret into api_key from vault.decrypted_secrets s
  where s.name = 'publishable_key' limit 1;
  if nullif(project_url, '') is null or nullif(api_key, '') is null then
    missing := concat_ws(' and ',
      case when nullif(project_url, '') is null then 'project_url' end,
      case when nullif(api_key, '') is null then 'publishable_key' end);
    raise warning 'Chorus background job %: its Edge Function is not called, Vault has no %',
      p_job, missing
      using hint = 'The stack stores project_url and publishable_key in Vault when it starts; '
        || 'on a hosted project npm run deploy does (or vault.create_secret).';
    project_url := null;
    api_key := null;
  end if;
end
$$;
revoke all on function private.function_endpoint(text) from public, anon, authenticated;

-- As in *_chorus_call_function.sql, with the endpoint above (so the import's, the export's and
-- retention's calls warn when Vault is empty).
create or replace function private.call_function(p_name text, p_body jsonb, p_timeout_ms integer)
returns boolean
language plpgsql security definer
set search_path = ''
as $$
declare
  endpoint record;
begin
  select * into endpoint from private.function_endpoint(p_name);
  if endpoint.project_url is null then
    return false;
  end if;
  perform net.http_post(
    url := rtrim(endpoint.project_url, '/') || '/functions/v1/' || p_name,
    body := p_body,
    headers := jsonb_build_object('Content-Type', 'application/json',
      'Authorization', 'Bearer ' || endpoint.api_key, 'apikey', endpoint.api_key),
    timeout_milliseconds := p_timeout_ms
  );
  return true;
end
$$;

-- As in *_chorus_outgoing_events.sql: the endpoint is looked for once a delivery is due.
create or replace function private.kick_event_deliveries()
returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  if not exists (
    select 1 from public.event_deliveries d
    join public.event_subscriptions s on s.id = d.subscription_id
    where d.status in ('pending', 'retrying') and d.next_attempt_at <= now()
      and (d.lease_until is null or d.lease_until < now()) and s.active and s.url_verified
  ) then
    return false;
  end if;
  return private.call_function('events-deliver', '{}'::jsonb, 30000);
end
$$;

-- As in *_chorus_link_previews_bulk.sql, with the endpoint above.
create or replace function private.request_link_previews(p_message_ids uuid[]) returns void
language plpgsql security definer set search_path = '' as $$
declare
  endpoint record;
  message_id uuid;
begin
  if coalesce(cardinality(p_message_ids), 0) = 0 then
    return;
  end if;
  select * into endpoint from private.function_endpoint('link-preview');
  if endpoint.project_url is null then
    return;
  end if;
  foreach message_id in array p_message_ids loop
    perform net.http_post(
      url := rtrim(endpoint.project_url, '/') || '/functions/v1/link-preview',
      body := jsonb_build_object('message_id', message_id),
      headers := jsonb_build_object('Content-Type', 'application/json',
        'Authorization', 'Bearer ' || endpoint.api_key, 'apikey', endpoint.api_key),
      timeout_milliseconds := 30000
    );
  end loop;
end
$$;

-- The email job's run: private.send_due_notification_emails() (which returns 0 without Vault's
-- endpoint), after the warning when an email is due and the endpoint is missing.
create or replace function private.run_notification_emails()
returns integer
language plpgsql security definer set search_path = '' as $$
begin
  if exists (
    select 1 from private.email_queue q
    where q.due_at <= now() and q.failed_at is null
      and (q.lease_until is null or q.lease_until < now())
  ) then
    perform private.function_endpoint('notify-email');
  end if;
  return private.send_due_notification_emails();
end
$$;
revoke all on function private.run_notification_emails() from public, anon, authenticated;

select cron.schedule('chorus-notification-emails', '10 seconds',
  'select private.run_notification_emails()');
