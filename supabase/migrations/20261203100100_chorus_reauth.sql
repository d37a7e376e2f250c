-- API credentials need a recent proof that the person is there (issue 49, item 5): a bot's token
-- (create_bot, regenerate_bot_token) and an incoming webhook's secret (create_incoming_webhook,
-- regenerate_incoming_webhook) are made only from a session whose access token shows a sign-in
-- method used within the last 15 minutes: its `amr` claim, which Auth writes as
-- [{"method": "password" | "otp" | "totp" | …, "timestamp": <unix seconds>}] (a sign-in with the
-- password or an emailed link or code, or a second factor verified: each refreshes its entry).
-- A session older than that proves itself again (the app asks: the password, a code emailed by
-- signInWithOtp, or the second factor) and the caller tries again. Only the JWT's claims are
-- read, so this holds on hosted Supabase as on Chorus's own stack, whose Auth asks the same of
-- password and email changes (backend/src/auth/users/recent-proof.ts: the same window).
--
-- Checked by triggers on the tables, after each function's own checks (an admin-only function
-- still answers a member that only admins may), so every way of making a credential is covered.
-- The service role and the database's own jobs (no `authenticated` role in the claims) are not
-- asked. The refusal: 42501, "Confirm it is you before making an API credential.", with
-- `details` reauthentication_needed (what the app looks for) and a hint saying how.

create or replace function private.recent_proof()
returns boolean
language sql stable
set search_path = ''
as $$
  select exists (
    select 1
    from jsonb_array_elements(
      case when jsonb_typeof((select auth.jwt()) -> 'amr') = 'array'
        then (select auth.jwt()) -> 'amr' else '[]'::jsonb end) e
    where jsonb_typeof(e -> 'timestamp') = 'number'
      and (e ->> 'timestamp')::numeric >= extract(epoch from now() - interval '15 minutes')
  )
$$;
revoke all on function private.recent_proof() from public;
grant execute on function private.recent_proof() to authenticated, service_role;

create or replace function private.credential_needs_proof()
returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if coalesce((select auth.jwt()) ->> 'role', '') is distinct from 'authenticated'
    or private.recent_proof() then
    return new;
  end if;
  raise exception using errcode = '42501',
    message = 'Confirm it is you before making an API credential.',
    detail = 'reauthentication_needed',
    hint = 'Sign in again (your password, or a code emailed to you) or verify your second factor, '
      || 'then try again within 15 minutes.';
end
$$;
revoke all on function private.credential_needs_proof() from public;

create trigger bots_need_recent_proof before insert on public.bots
  for each row execute function private.credential_needs_proof();
create trigger bots_token_needs_recent_proof before update of token_hash on public.bots
  for each row when (old.token_hash is distinct from new.token_hash)
  execute function private.credential_needs_proof();
create trigger incoming_webhooks_need_recent_proof before insert on public.incoming_webhooks
  for each row execute function private.credential_needs_proof();
create trigger incoming_webhooks_secret_needs_recent_proof
  before update of secret_hash on public.incoming_webhooks
  for each row when (old.secret_hash is distinct from new.secret_hash)
  execute function private.credential_needs_proof();
