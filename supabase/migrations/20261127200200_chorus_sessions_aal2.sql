-- Sessions of a two-factor account need two factors. my_sessions() and sign_out_session() read
-- and end rows of auth.sessions (every session's address and browser); with the password alone
-- (an aal1 session) they let whoever has it list the owner's real sessions and sign them out.
-- Like the workspace data since *_chorus_mfa.sql, they now require an aal2 session when the
-- account has a verified factor (private.mfa_ok()): 42501 otherwise, with what to do. An account
-- without a factor is unchanged.

create or replace function private.require_mfa_for_sessions() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not private.mfa_ok() then
    raise exception using errcode = '42501',
      message = 'Sign in with your second factor to manage your sessions.',
      hint = 'Verify a code from your authenticator app or use your security key first.';
  end if;
end
$$;

create or replace function public.my_sessions()
returns table (
  id uuid,
  created_at timestamptz,
  last_active_at timestamptz,
  user_agent text,
  ip text,
  aal text,
  current boolean
)
language plpgsql stable security definer set search_path = '' as $$
begin
  perform private.require_uid();
  perform private.require_mfa_for_sessions();
  return query
  select s.id, s.created_at, a.at, s.user_agent, host(s.ip), s.aal::text,
    s.id::text is not distinct from (select auth.jwt()) ->> 'session_id'
  from auth.sessions s
  cross join lateral (
    -- refreshed_at is a timestamp in UTC (as Auth keeps it); greatest() skips nulls.
    select greatest(s.created_at, s.updated_at, s.refreshed_at at time zone 'UTC') as at
  ) a
  where s.user_id = (select auth.uid())
    and (s.not_after is null or s.not_after > now())
  order by a.at desc nulls last, s.id;
end
$$;

create or replace function public.sign_out_session(p_session_id uuid)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
begin
  perform private.require_mfa_for_sessions();
  if p_session_id is null then
    raise exception using errcode = '22023', message = 'Choose a session to sign out.';
  end if;
  if p_session_id::text = (select auth.jwt()) ->> 'session_id' then
    raise exception using errcode = '22023',
      message = 'This is the session you are using.',
      hint = 'Sign out to end it.';
  end if;
  delete from auth.sessions s where s.id = p_session_id and s.user_id = uid;
  if not found then
    raise exception using errcode = '22023', message = 'Session not found.',
      hint = 'It may have been signed out already.';
  end if;
end
$$;

revoke all on function private.require_mfa_for_sessions() from public, anon;
grant execute on function private.require_mfa_for_sessions() to authenticated, service_role;
