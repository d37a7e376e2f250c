-- Web Push, continued (*_chorus_push.sql): a device's push lives as long as the sign-in it was
-- turned on in. register_push_subscription keeps the session of the access token that registered
-- the device (its `session_id` claim); once that session ends (signing out on that browser, or
-- from another device through Security, sessions; or it expired and Auth removed it) the device is
-- deleted by the push job before anything more is sent to it: a browser someone else uses next
-- gets none of the first person's pushes. Turning push on again after the next sign-in ties it to
-- the new session. A token without a session (a service's, a test's) ties it to none.

alter table public.push_subscriptions add column session_id uuid;

create or replace function public.register_push_subscription(p_endpoint text, p_p256dh text,
  p_auth text, p_device_name text)
returns public.push_subscriptions
language plpgsql security definer
set search_path = ''
as $$
declare
  uid uuid := private.require_uid();
  v_name text := left(btrim(regexp_replace(coalesce(p_device_name, ''), '\s+', ' ', 'g')), 60);
  v_key bytea := private.push_key_bytes(p_p256dh);
  v_session uuid := case when (select auth.jwt()) ->> 'session_id'
      ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    then ((select auth.jwt()) ->> 'session_id')::uuid end;
  result public.push_subscriptions;
begin
  if p_endpoint is null or p_endpoint !~ '^https?://[^\s/?#]+' or length(p_endpoint) > 2048 then
    raise exception using errcode = '22023', message = 'A push endpoint is an https URL.',
      detail = format('Got %s.', coalesce(quote_literal(left(p_endpoint, 80)), 'null'));
  end if;
  if v_key is null or length(v_key) <> 65 or get_byte(v_key, 0) <> 4 then
    raise exception using errcode = '22023',
      message = 'The p256dh key is a P-256 public key (65 bytes, base64url).';
  end if;
  if length(coalesce(private.push_key_bytes(p_auth), '')) <> 16 then
    raise exception using errcode = '22023',
      message = 'The auth secret is 16 bytes, base64url.';
  end if;
  if v_name = '' then
    v_name := 'This device';
  end if;
  if (select count(*) from public.push_subscriptions s
      where s.user_id = uid and s.endpoint <> p_endpoint) >= 20 then
    raise exception using errcode = '22023',
      message = 'Push is on for 20 devices already: remove one first.';
  end if;
  insert into public.push_subscriptions as s (user_id, endpoint, p256dh, auth, device_name,
    session_id)
  values (uid, p_endpoint, p_p256dh, p_auth, v_name, v_session)
  on conflict (endpoint) do update
    set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
      device_name = excluded.device_name, session_id = excluded.session_id,
      created_at = case when s.user_id = excluded.user_id then s.created_at else now() end
  returning * into result;
  return result;
end
$$;

create or replace function private.push_sessions_ended()
returns integer
language sql security definer
set search_path = ''
as $$
  with gone as (
    delete from public.push_subscriptions s
    where s.session_id is not null
      and not exists (select 1 from auth.sessions a where a.id = s.session_id
        and (a.not_after is null or a.not_after > now()))
    returning 1
  )
  select count(*)::integer from gone
$$;
revoke all on function private.push_sessions_ended() from public, anon, authenticated, service_role;

-- The job first removes the devices whose sign-in ended, then runs as before.
select cron.alter_job(jobid, command => 'select private.push_sessions_ended(), private.run_push_notifications()')
from cron.job where jobname = 'chorus-push';
