-- Link previews (issue 33, part 4): a message with links shows a card for each of its first three
-- (title, description, site name, image), fetched by the server, never by readers' browsers.
--
-- 1. A trigger on messages (a new message, or an edited body, with an http(s) link in it, or
--    one that had previews) posts the message's id to the Edge Function `link-preview` through
--    pg_net, with the project URL and publishable key from Vault (as the email job does; without
--    them nothing happens). So every message gets previews however it was written: the app, a
--    webhook, a bot. The caller gives nothing but the id.
-- 2. The function reads the message with its service key, takes its links as the app's markdown
--    shows them (not in code), and calls claim_link_previews(): the message's rows are made to
--    match its links (a link gone loses its row; a new link gets a `pending` row, or a copy of a
--    preview of the same URL made in the same channel within six hours), and the pending ones are
--    claimed (`fetching`) once. It fetches each page through _shared/safe-fetch.ts, stores the
--    image in the private bucket `link-previews` (<channel_id>/<sha256 of the image URL>.<ext>),
--    and writes the row `ready` (or `failed`: no card).
-- 3. Readers read link_previews exactly as they read the message (its channel's members) and the
--    image from Storage under the same rule; rows go live on the channel's topic.
-- 4. The message's author removes a preview with remove_link_preview(): the row stays, emptied
--    and marked removed_by_author, so an edit that keeps the link does not bring it back (a new
--    link does: it is a new row). A deleted message loses its previews.

create table public.link_previews (
  id uuid primary key default gen_random_uuid(),
  message_id uuid not null references public.messages (id) on delete cascade,
  -- Copied from the message: the policy and the live topic use it without a join.
  channel_id uuid not null references public.channels (id) on delete cascade,
  -- 1..3: the link's place among the message's links
  position smallint not null,
  url text not null,
  status text not null default 'pending',
  title text,
  description text,
  site_name text,
  image_path text,
  image_width integer,
  image_height integer,
  -- why it failed: safe-fetch's code, or http_<status>, not_html, no_preview
  error text,
  removed_by_author boolean not null default false,
  created_at timestamptz not null default now(),
  claimed_at timestamptz,
  fetched_at timestamptz,
  constraint link_previews_once unique (message_id, url),
  constraint link_previews_position check (position between 1 and 3),
  constraint link_previews_url check (url ~* '^https?://' and char_length(url) <= 2048),
  constraint link_previews_status check (status in ('pending', 'fetching', 'ready', 'failed')),
  constraint link_previews_title check (char_length(title) <= 300),
  constraint link_previews_description check (char_length(description) <= 1000),
  constraint link_previews_site_name check (char_length(site_name) <= 100),
  constraint link_previews_image_path check (
    image_path is null or image_path ~ '^[0-9a-f-]{36}/[0-9a-f]{64}\.(png|jpg|gif|webp)$'
  ),
  constraint link_previews_image_size check (
    (image_width is null or image_width between 1 and 100000)
    and (image_height is null or image_height between 1 and 100000)
  )
);

create index link_previews_channel on public.link_previews (channel_id, created_at desc);
create index link_previews_cache on public.link_previews (channel_id, url, fetched_at desc)
  where status = 'ready' and not removed_by_author;

alter table public.link_previews enable row level security;

-- Exactly who can read the message: its channel's members (as "messages: members read").
create policy "link_previews: channel members read" on public.link_previews
  for select to authenticated
  using (channel_id in (select private.member_channel_ids()));

-- Written only by the function (service role) and remove_link_preview().
revoke all on public.link_previews from anon, authenticated;
grant select on public.link_previews to anon, authenticated;
grant all on public.link_previews to service_role;

-- The message's links are its rows: claims what is to be fetched (see 2. above). Service role.
create function public.claim_link_previews(p_message_id uuid, p_urls text[])
returns setof public.link_previews
language plpgsql volatile security definer set search_path = '' as $$
declare
  m public.messages;
  urls text[];
begin
  select x.* into m from public.messages x where x.id = p_message_id;
  if not found then
    return;
  end if;
  -- one claim per message at a time (an edit right after the send calls again)
  perform pg_advisory_xact_lock(hashtextextended('link_previews:' || m.id::text, 0));
  if m.deleted_at is not null then
    delete from public.link_previews p where p.message_id = m.id;
    return;
  end if;
  select coalesce(array_agg(u order by n), '{}') into urls
  from (
    select u, min(n) as n
    from unnest(coalesce(p_urls, '{}')) with ordinality as t (u, n)
    where u ~* '^https?://' and char_length(u) <= 2048
    group by u
    order by min(n)
    limit 3
  ) firsts;
  delete from public.link_previews p where p.message_id = m.id and not (p.url = any (urls));
  update public.link_previews p set position = array_position(urls, p.url)
  where p.message_id = m.id and p.position <> array_position(urls, p.url);
  insert into public.link_previews (message_id, channel_id, position, url, status, title,
    description, site_name, image_path, image_width, image_height, fetched_at)
  select m.id, m.channel_id, t.n, t.u,
    case when c.id is null then 'pending' else 'ready' end,
    c.title, c.description, c.site_name, c.image_path, c.image_width, c.image_height, c.fetched_at
  from unnest(urls) with ordinality as t (u, n)
  left join lateral (
    select x.* from public.link_previews x
    where x.channel_id = m.channel_id and x.url = t.u and x.status = 'ready'
      and not x.removed_by_author and x.fetched_at > now() - interval '6 hours'
    order by x.fetched_at desc
    limit 1
  ) c on true
  on conflict on constraint link_previews_once do nothing;
  return query
    update public.link_previews p set status = 'fetching', claimed_at = now()
    where p.message_id = m.id and not p.removed_by_author
      and (p.status = 'pending'
        or (p.status = 'fetching' and p.claimed_at < now() - interval '2 minutes'))
    returning p.*;
end
$$;

-- The author removes a preview of their message: emptied, kept as removed (see 4. above).
create function public.remove_link_preview(p_id uuid)
returns public.link_previews
language plpgsql volatile security definer set search_path = '' as $$
declare
  uid uuid := private.require_uid();
  p public.link_previews;
  author uuid;
begin
  select x.* into p from public.link_previews x
  where x.id = p_id and x.channel_id in (select private.member_channel_ids());
  if not found then
    raise exception using errcode = '22023', message = 'Link preview not found.';
  end if;
  select m.author_id into author from public.messages m where m.id = p.message_id;
  if author is distinct from uid then
    raise exception using errcode = '42501',
      message = 'Only the author of the message can remove its link preview.';
  end if;
  update public.link_previews x
  set removed_by_author = true, title = null, description = null, site_name = null,
    image_path = null, image_width = null, image_height = null
  where x.id = p.id
  returning * into p;
  return p;
end
$$;

-- A new or edited message with a link (or that had previews): its id to the function.
create function private.messages_link_previews() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  project_url text;
  api_key text;
begin
  if tg_op = 'UPDATE' and new.body is not distinct from old.body
    and new.deleted_at is not distinct from old.deleted_at then
    return null;
  end if;
  if new.deleted_at is not null then
    delete from public.link_previews p where p.message_id = new.id;
    return null;
  end if;
  if new.body !~* 'https?://' and (tg_op = 'INSERT'
    or not exists (select 1 from public.link_previews p where p.message_id = new.id)) then
    return null;
  end if;
  select decrypted_secret into project_url from vault.decrypted_secrets
  where name = 'project_url' limit 1;
  select decrypted_secret into api_key from vault.decrypted_secrets
  where name = 'publishable_key' limit 1;
  if project_url is null or api_key is null then
    return null;
  end if;
  perform net.http_post(
    url := rtrim(project_url, '/') || '/functions/v1/link-preview',
    body := jsonb_build_object('message_id', new.id),
    headers := jsonb_build_object('Content-Type', 'application/json',
      'Authorization', 'Bearer ' || api_key, 'apikey', api_key),
    timeout_milliseconds := 30000
  );
  return null;
end
$$;

create trigger messages_link_previews
  after insert or update of body, deleted_at on public.messages
  for each row execute function private.messages_link_previews();

-- Live: added, filled in, removed, gone, on the channel's topic (its members).
create trigger link_previews_live after insert or update or delete on public.link_previews
  for each row execute function private.live_channel_content();

-- The images: a private bucket, read by the channel's members (the folder is the channel's id),
-- written only by the function (service role).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('link-previews', 'link-previews', false, 5242880,
  array['image/png', 'image/jpeg', 'image/gif', 'image/webp'])
on conflict (id) do nothing;

create policy "link previews: channel members read images" on storage.objects
  for select to authenticated
  using (
    bucket_id = 'link-previews'
    and split_part(name, '/', 1) in (select c::text from private.member_channel_ids() c)
  );

revoke all on function private.messages_link_previews() from public, anon;
grant execute on function private.messages_link_previews() to authenticated, service_role;
revoke all on function
  public.claim_link_previews(uuid, text[]),
  public.remove_link_preview(uuid)
  from public, anon, authenticated;
grant execute on function public.claim_link_previews(uuid, text[]) to service_role;
grant execute on function public.remove_link_preview(uuid) to authenticated, service_role;
