-- A person's time zone (issue 68): an IANA name ('Europe/Berlin', 'America/Los_Angeles'), null
-- until their app sets it from the browser on first sign-in. Others see their local time from it
-- (the DM header, as Slack shows "3:42 PM local time"). Checked against the zones PostgreSQL
-- knows (pg_timezone_names), only when it changes: reading that view walks the zone files.
alter table public.profiles add column time_zone text;

create or replace function private.profiles_before_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.display_name := private.clean_line(new.display_name, 'Display name', 64);
  new.avatar_path := nullif(btrim(coalesce(new.avatar_path, '')), '');
  if new.avatar_path is not null and (
    split_part(new.avatar_path, '/', 1) <> new.id::text
    or new.avatar_path !~ '^[^/]+/[^/]' or new.avatar_path like '%..%' or new.avatar_path like '%//%'
    or char_length(new.avatar_path) > 512
  ) then
    raise exception using errcode = '22023',
      message = format('Avatar must be a file in your own folder of the avatars bucket: a path starting with %s/.', new.id),
      detail = 'avatar_path_invalid';
  end if;
  new.time_zone := nullif(btrim(coalesce(new.time_zone, '')), '');
  if new.time_zone is not null
    and (tg_op = 'INSERT' or new.time_zone is distinct from old.time_zone)
    and (
      char_length(new.time_zone) > 64
      -- Only region names: not abbreviations ('EST'), POSIX rules or the posix/ and right/ copies.
      or new.time_zone !~ '^(UTC|[A-Z][A-Za-z_]+(/[A-Za-z0-9_+-]+){1,2})$'
      or new.time_zone ~ '^(posix|right)/'
      or not exists (select 1 from pg_catalog.pg_timezone_names z where z.name = new.time_zone)
    )
  then
    raise exception using errcode = '22023',
      message = format('Unknown time zone %s: use an IANA name such as Europe/Berlin.', quote_literal(left(new.time_zone, 64))),
      detail = 'time_zone_unknown';
  end if;
  if tg_op = 'UPDATE' then
    new.updated_at := now();
  end if;
  return new;
end
$$;

grant update (time_zone) on table public.profiles to authenticated;
