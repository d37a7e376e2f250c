-- A person's status: an emoji and a short text (at most 100 characters, as Slack), cleared after
-- 30 minutes, at the end of today, at the end of this week or never. One row per person, read by
-- whoever sees their profile (themselves and the people of their workspaces) until it clears:
-- an expired status reads as none (the select policy compares clear_at with now(), no job
-- deletes it). Written only by its owner through set_status() and clear_status(), which
-- validate what they are given; each change goes live to the person's workspaces.

create table public.user_statuses (
  -- A surrogate key, as workspace_members has.
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references public.profiles (id) on delete cascade,
  emoji text not null,
  text text not null default '',
  -- The choice the person made: '30_minutes', 'today', 'this_week' or 'never'.
  clear_after text not null,
  -- When it reads as none (null: never).
  clear_at timestamptz,
  updated_at timestamptz not null default now(),
  constraint user_statuses_text_length check (char_length(text) <= 100),
  constraint user_statuses_emoji_length check (char_length(emoji) between 1 and 32),
  constraint user_statuses_clear_after check (
    clear_after in ('30_minutes', 'today', 'this_week', 'never')
    and (clear_at is null) = (clear_after = 'never')
  )
);

alter table public.user_statuses enable row level security;

create policy "user_statuses: read co-workers' until cleared" on public.user_statuses
  for select to authenticated
  using (
    user_id in (select private.visible_user_ids())
    and (clear_at is null or clear_at > now())
  );

revoke all on public.user_statuses from anon, authenticated;
grant select on public.user_statuses to anon, authenticated;

-- When a status set now with this choice clears, in the person's time zone (an IANA name such
-- as 'Europe/Paris'): 30 minutes from now, the next midnight there, the next Monday's midnight
-- there, or never (null).
create function private.status_clear_at(p_clear_after text, p_time_zone text)
returns timestamptz language plpgsql stable set search_path = '' as $$
declare
  local_now timestamp;
begin
  if p_clear_after is null
    or p_clear_after not in ('30_minutes', 'today', 'this_week', 'never') then
    raise exception using errcode = '22023',
      message = format('Unknown clear-after choice: %s.', coalesce(p_clear_after, 'null')),
      hint = 'Use 30_minutes, today, this_week or never.';
  end if;
  begin
    local_now := now() at time zone coalesce(p_time_zone, '');
  exception when invalid_parameter_value then
    raise exception using errcode = '22023',
      message = format('Unknown time zone: %s.', coalesce(p_time_zone, 'null')),
      hint = 'Use an IANA time zone name such as Europe/Paris.';
  end;
  return case p_clear_after
    when '30_minutes' then now() + interval '30 minutes'
    when 'today' then (date_trunc('day', local_now) + interval '1 day') at time zone p_time_zone
    when 'this_week' then (date_trunc('week', local_now) + interval '7 days') at time zone p_time_zone
    else null
  end;
end
$$;

-- Sets the caller's status. The emoji is one emoji (a sequence of up to 32 code points: skin
-- tones, joined people, flags, keycaps); without one, a text gets 💬 as Slack does. Text and
-- emoji both empty is refused (clear_status() clears).
create function public.set_status(
  p_emoji text,
  p_text text,
  p_clear_after text,
  p_time_zone text default 'UTC'
) returns public.user_statuses
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  v_text text := private.clean_line(p_text, 'Status text', 100, true);
  v_emoji text := btrim(normalize(coalesce(p_emoji, ''), nfc));
  v_clear_at timestamptz := private.status_clear_at(p_clear_after, p_time_zone);
  saved public.user_statuses;
begin
  if v_emoji = '' and v_text = '' then
    raise exception using errcode = '22023', message = 'A status needs an emoji or some text.',
      hint = 'Call clear_status() to clear it.';
  end if;
  if v_emoji = '' then
    v_emoji := '💬';
  end if;
  if char_length(v_emoji) > 32
    or v_emoji !~ '^[#*0-9\u00a9\u00ae\u203c-\u2bff\u3030\u303d\u3297\u3299\ufe0f\u200d\u20e3\U0001f000-\U0001faff\U000e0020-\U000e007f]+$'
    or v_emoji !~ '[^#*0-9]' then
    raise exception using errcode = '22023', message = 'The status emoji must be one emoji.',
      detail = format('Got %s characters.', char_length(v_emoji));
  end if;
  insert into public.user_statuses as s (user_id, emoji, text, clear_after, clear_at, updated_at)
  values (uid, v_emoji, v_text, p_clear_after, v_clear_at, now())
  on conflict (user_id) do update
    set emoji = excluded.emoji, text = excluded.text, clear_after = excluded.clear_after,
      clear_at = excluded.clear_at, updated_at = excluded.updated_at
  returning s.* into saved;
  return saved;
end
$$;

-- Clears the caller's status (nothing to clear is not an error).
create function public.clear_status() returns void
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
begin
  delete from public.user_statuses s where s.user_id = uid;
end
$$;

-- Each change to the person and to their current workspaces (whose members see them), as
-- profiles go (*_chorus_private_live.sql). Expiry sends nothing: readers drop a status at its
-- clear_at.
create function private.live_user_statuses() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  s public.user_statuses;
begin
  if tg_op = 'DELETE' then s := old; else s := new; end if;
  perform private.live_send('live:user:' || s.user_id::text, 'user_statuses', tg_op, to_jsonb(s));
  perform private.live_send('live:workspace:' || wm.workspace_id::text, 'user_statuses', tg_op, to_jsonb(s))
  from public.workspace_members wm
  where wm.user_id = s.user_id and wm.left_at is null;
  return null;
end
$$;

create trigger user_statuses_live after insert or update or delete on public.user_statuses
  for each row execute function private.live_user_statuses();

-- Who may call the new functions (as *_chorus_grants.sql for the earlier ones).
revoke all on function private.status_clear_at(text, text), private.live_user_statuses()
  from public, anon, authenticated, service_role;
revoke all on function public.set_status(text, text, text, text), public.clear_status()
  from public, anon, service_role;
grant execute on function public.set_status(text, text, text, text), public.clear_status()
  to authenticated;
