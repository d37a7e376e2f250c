-- Chorus's database, one file per subject, in this order: the foundation (this file), profiles
-- and workspaces, workspace RPCs, invites, channels, channel RPCs, messages, reactions,
-- attachments (with their Storage bucket), the reads that join several subjects, live updates
-- (Realtime), and the function grants (last, so they cover every function). A subject's file
-- holds its tables, the helpers its policies call, the rules its data keeps whoever writes it
-- (triggers), its policies and privileges, and its RPCs.
--
-- Committed migrations are history, as `supabase db push` requires: a change is a new file
-- (see supabase/README.md).
--
-- Only what a hosted Supabase project provides is used here (auth.users, auth.uid(), pgcrypto in
-- `extensions`, the storage and realtime schemas), so `supabase db push` applies these files.
--
-- Conventions of every file:
-- - Who may see and do what: small security-definer helpers in the schema `private` (which the
--   API does not expose) with a fixed search_path. Policies call the set-returning ones as
--   `col in (select private.x())`: an uncorrelated subquery, so Postgres computes the caller's
--   set once per statement and checks each row by hash lookup, instead of running a membership
--   query per row (Supabase's RLS performance advice).
-- - Writes that touch more than one row (create a workspace, accept an invite, change a role,
--   open a DM, ...) go through RPCs; the policies allow exactly the single-row operations a
--   client may do directly with supabase-js. An RPC is security definer where it writes rows no
--   policy lets a client write, and then checks the caller's rights itself first.
-- - Errors carry a sentence the app can show as it is (message), what exactly was wrong (detail)
--   and what to do (hint). SQLSTATEs are chosen for the HTTP status PostgREST gives them:
--   22023/23514 -> 400, 42501 -> 403, 23505 -> 409.
-- - Privileges. Supabase grants everything in public to anon and authenticated by default, which
--   leaves RLS as the only guard; Chorus also narrows each table's grants: the anonymous role
--   may not write anything, nobody may truncate, and updates are limited to the columns a client
--   may change (server-kept columns such as seq, author_id or last_seq cannot be written at all).
--   The anonymous role keeps SELECT, under policies that give it no rows: without it, Realtime
--   would send an anonymous subscriber an (empty) "401" event for every change, telling it when
--   things happen.

create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to authenticated, service_role;

-- Single-line text (names, topics): NFC, runs of whitespace made one space, trimmed; control
-- characters and invisible formatting characters (zero-width, text-direction overrides) refused.
create function private.clean_line(
  p_value text,
  p_label text,
  p_max_length integer,
  p_allow_empty boolean default false
) returns text
language plpgsql immutable set search_path = '' as $$
declare
  v text := coalesce(p_value, '');
begin
  v := normalize(v, nfc);
  v := regexp_replace(v, '[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+', ' ', 'g');
  v := btrim(v, ' ');
  if v ~ '[\x01-\x1f\x7f-\x9f]' then
    raise exception using errcode = '22023',
      message = format('%s contains control characters.', p_label),
      hint = 'Use letters, digits, punctuation and emoji.';
  end if;
  if v ~ '[\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufff9-\ufffb]' then
    raise exception using errcode = '22023',
      message = format('%s contains invisible formatting characters.', p_label),
      hint = 'Remove zero-width and text-direction characters.';
  end if;
  if v = '' and not p_allow_empty then
    raise exception using errcode = '22023', message = format('%s must not be empty.', p_label);
  end if;
  if char_length(v) > p_max_length then
    raise exception using errcode = '22023',
      message = format('%s must be at most %s characters.', p_label, p_max_length),
      detail = format('It has %s characters.', char_length(v));
  end if;
  return v;
end
$$;

-- The caller's id, for RPCs that need a signed-in caller.
create function private.require_uid() returns uuid
language plpgsql stable set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
begin
  if uid is null then
    raise exception using errcode = '42501', message = 'Sign in first.';
  end if;
  return uid;
end
$$;
