-- Your active sessions, and signing out one of them. Supabase Auth has no endpoint that lists a
-- user's sessions (only sign-out: this one, all, or all but this one), so Settings, Security
-- reads them from auth.sessions here.
--
-- Auth writes a session per sign-in with the browser's User-Agent and the client's IP, and
-- moves refreshed_at/updated_at on every token refresh. The session of the caller's access token
-- is the `session_id` claim. Deleting a session row is what Auth's own sign-out does: its
-- refresh tokens (auth.refresh_tokens.session_id) and amr claims go with it by cascade, so the
-- signed-out browser's next refresh fails; its access token stays valid until it expires, as
-- after any Auth sign-out.

-- The caller's sessions, the most recently active first. `current`: the session of this token.
create function public.my_sessions()
returns table (
  id uuid,
  created_at timestamptz,
  last_active_at timestamptz,
  user_agent text,
  ip text,
  aal text,
  current boolean
)
language sql stable security definer set search_path = '' as $$
  select s.id, s.created_at, a.at, s.user_agent, host(s.ip), s.aal::text,
    s.id::text is not distinct from (select auth.jwt()) ->> 'session_id'
  from auth.sessions s
  cross join lateral (
    -- refreshed_at is a timestamp in UTC (as Auth keeps it); greatest() skips nulls.
    select greatest(s.created_at, s.updated_at, s.refreshed_at at time zone 'UTC') as at
  ) a
  where s.user_id = (select auth.uid())
    and (s.not_after is null or s.not_after > now())
  order by a.at desc nulls last, s.id
$$;

-- Signs out one of the caller's other sessions. The current one is refused (sign out with
-- auth.signOut() instead), and so is a session that is not the caller's: "Session not found.",
-- the same as for one that does not exist.
create function public.sign_out_session(p_session_id uuid)
returns void
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
begin
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

-- Only a signed-in person has sessions of their own (the schema's default privileges grant new
-- functions to anon and service_role too).
revoke all on function public.my_sessions(), public.sign_out_session(uuid)
  from public, anon, service_role;
grant execute on function public.my_sessions(), public.sign_out_session(uuid) to authenticated;
