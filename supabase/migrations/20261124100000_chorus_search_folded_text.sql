-- Search keeps each message's folded text (private.search_fold of its body, and of its file
-- names) in a table of its own, written when the message is, so a search compares stored text
-- instead of folding every candidate again: the trigram index's recheck was unaccent over each
-- candidate's body, and every match (not only the 20 shown) was folded twice more for its
-- rank and once for its snippet. On 1,000,000 messages that put a full word at p95 113 ms and
-- an as-you-type prefix at 396 ms (bench/search).
--
-- private.message_search has a row per message that is not deleted: its channel and time (so a
-- search filters and orders without reading the message) and the folded body and file names.
-- Only the security-definer search_hits reads it, keeping to the caller's channels itself (as
-- the expression indexes it replaces were read); search_messages still reads the rows it
-- returns as the caller, under RLS. Snippets and ranks are made from the stored text, and
-- snippets only for the rows returned.

create table private.message_search (
  message_id uuid primary key references public.messages (id) on delete cascade,
  workspace_id uuid not null,
  channel_id uuid not null,
  created_at timestamptz not null,
  -- The folded body, then the folded file names, each on a line of its own. One column, so that
  -- several words are one scan of one index (the trigram lists of all of them intersected).
  folded text not null
);

alter table private.message_search enable row level security;
revoke all on private.message_search from public, anon, authenticated;

create index message_search_folded on private.message_search
  using gin (folded extensions.gin_trgm_ops);
-- The newest matches of a common word are found by walking back in time through the workspace.
create index message_search_newest on private.message_search (workspace_id, created_at desc, message_id);

-- What a message's search row holds: its folded body, and its folded file names, one per line.
create function private.search_text(p_message_id uuid, p_body text) returns text
language sql stable set search_path = '' as $$
  select private.search_fold(p_body) || coalesce((
    select string_agg(e'\n' || private.search_fold(a.name), '' order by a.created_at, a.id)
    from public.attachments a where a.message_id = p_message_id
  ), '')
$$;

create function private.message_search_write() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.deleted_at is not null then
    delete from private.message_search s where s.message_id = new.id;
  elsif tg_op = 'INSERT' then
    insert into private.message_search (message_id, workspace_id, channel_id, created_at, folded)
    select new.id, c.workspace_id, new.channel_id, new.created_at, private.search_text(new.id, new.body)
    from public.channels c where c.id = new.channel_id
    on conflict (message_id) do nothing;
  elsif new.body is distinct from old.body then
    update private.message_search s set folded = private.search_text(new.id, new.body)
    where s.message_id = new.id;
  end if;
  return null;
end
$$;

revoke all on function private.search_text(uuid, text) from public, anon, authenticated;

create trigger messages_search_write
  after insert or update of body, deleted_at on public.messages
  for each row execute function private.message_search_write();

create function private.attachment_search_write() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_message_id uuid := case when tg_op = 'DELETE' then old.message_id else new.message_id end;
begin
  update private.message_search s set folded = private.search_text(m.id, m.body)
  from public.messages m
  where m.id = v_message_id and s.message_id = v_message_id;
  return null;
end
$$;

create trigger attachments_search_write
  after insert or delete or update of name on public.attachments
  for each row execute function private.attachment_search_write();

insert into private.message_search (message_id, workspace_id, channel_id, created_at, folded)
select m.id, c.workspace_id, m.channel_id, m.created_at, private.search_text(m.id, m.body)
from public.messages m
join public.channels c on c.id = m.channel_id
where m.deleted_at is null;

drop index public.messages_search_body;
drop index public.attachments_search_name;
drop function private.search_hits(uuid, text);

-- The messages of the workspace, in channels the caller is a member of (the reading rule of the
-- policies, private.member_channel_ids), whose text or a file name holds every pattern (LIKE
-- patterns, see search_pattern) and whose text and file names hold none of the excluded ones, created in
-- [p_after, p_before). With p_limit only the newest p_limit, otherwise all of them. Each with
-- its folded text, for the caller's further filters and ranks.
--
-- The newest p_limit: a common word is found at once by walking back from the newest message,
-- a rare one (or words that never meet) through the trigram indexes, where the walk would read
-- the whole workspace. The planner cannot tell which from its estimates (it takes words as
-- independent), so the walk goes first over the newest 2,000 messages, and the indexes answer
-- when that did not find enough.
create function private.search_hits(
  p_workspace_id uuid,
  p_patterns text[],
  p_excluded text[],
  p_after timestamptz,
  p_before timestamptz,
  p_limit integer
) returns table (id uuid, created_at timestamptz, folded text)
language plpgsql stable security definer rows 100 set search_path = '' as $$
declare
  channel_ids uuid[] := array(
    select c.id from public.channels c
    where c.workspace_id = p_workspace_id and c.id in (select private.member_channel_ids())
  );
  matches text := '';
  q text;
  newest_ids uuid[];
  newest_at timestamptz[];
  newest_folded text[];
  i integer;
begin
  for i in 1 .. coalesce(cardinality(p_patterns), 0) loop
    matches := matches || format(' and s.folded like ($2)[%s]', i);
  end loop;
  for i in 1 .. coalesce(cardinality(p_excluded), 0) loop
    matches := matches || format(' and s.folded not like ($3)[%s]', i);
  end loop;
  if p_after is not null then
    matches := matches || ' and s.created_at >= $4';
  end if;
  if p_before is not null then
    matches := matches || ' and s.created_at < $5';
  end if;
  q := 'select s.message_id, s.created_at, s.folded
    from private.message_search s
    where s.channel_id = any ($1)' || matches;

  if p_limit is not null then
    execute 'select coalesce(array_agg(s.message_id order by s.created_at desc, s.message_id), ''{}''),
        array_agg(s.created_at order by s.created_at desc, s.message_id),
        array_agg(s.folded order by s.created_at desc, s.message_id)
      from (
        select s.* from (
          select s.message_id, s.created_at, s.folded from private.message_search s
          where s.workspace_id = $7 and s.channel_id = any ($1)' || case when p_before is not null then ' and s.created_at < $5' else '' end
          || ' order by s.created_at desc, s.message_id limit 2000
        ) as s
        where true' || matches || '
        order by s.created_at desc, s.message_id limit $6
      ) as s'
      into newest_ids, newest_at, newest_folded
      using channel_ids, p_patterns, p_excluded, p_after, p_before, p_limit, p_workspace_id;
    if cardinality(newest_ids) >= p_limit then
      return query select * from unnest(newest_ids, newest_at, newest_folded);
      return;
    end if;
    -- Not enough among the newest: all the matches, through the indexes (materialized, so the
    -- planner does not turn it back into the walk), and the newest of them.
    return query execute 'with m as materialized (' || q || ')
      select m.* from m order by m.created_at desc, m.message_id limit $6'
      using channel_ids, p_patterns, p_excluded, p_after, p_before, p_limit;
    return;
  end if;
  return query execute q using channel_ids, p_patterns, p_excluded, p_after, p_before, p_limit;
end
$$;

revoke all on function private.search_hits(uuid, text[], text[], timestamptz, timestamptz, integer)
  from public, anon;
grant execute on function private.search_hits(uuid, text[], text[], timestamptz, timestamptz, integer)
  to authenticated, service_role;

-- Up to about 240 characters of the body around the first match of the folded term in the
-- folded text ('…' where cut); from the start when it matched a file name or nothing. Folding
-- keeps a text's length for the letters people type; where it does not (ß, ligatures), the
-- snippet starts a little off and is still the right message.
create function private.search_snippet_at(p_body text, p_folded text, p_term text) returns text
language sql immutable set search_path = '' as $$
  with found as (
    select strpos(p_folded, private.search_fold(coalesce(p_term, ''))) as pos
  ),
  at as (
    select case when found.pos between 1 and char_length(p_body) then greatest(found.pos - 80, 1)
      else 1 end as start
    from found
  )
  select case when at.start > 1 then '…' else '' end
    || substr(p_body, at.start, 240)
    || case when char_length(p_body) >= at.start + 240 then '…' else '' end
  from at
$$;

revoke all on function private.search_snippet_at(text, text, text) from public, anon;
grant execute on function private.search_snippet_at(text, text, text) to authenticated, service_role;

create or replace function public.search_messages(
  p_workspace_id uuid,
  p_terms text[] default '{}',
  p_excluded text[] default '{}',
  p_in text[] default '{}',
  p_from text[] default '{}',
  p_mentions text[] default '{}',
  p_has_file boolean default false,
  p_has_link boolean default false,
  p_is_thread boolean default false,
  p_after timestamptz default null,
  p_before timestamptz default null,
  p_order text default 'newest',
  p_limit integer default 20
) returns table (
  id uuid,
  channel_id uuid,
  seq bigint,
  author_id uuid,
  parent_id uuid,
  created_at timestamptz,
  edited_at timestamptz,
  snippet text,
  file_names text[],
  rank real
)
language plpgsql stable set search_path = '' as $$
declare
  terms text[] := array(
    select t from unnest(coalesce(p_terms, '{}')) as t where private.search_fold(t) !~ '^\s*$'
    order by char_length(private.search_fold(t)) desc
  );
  excluded text[] := array(
    select t from unnest(coalesce(p_excluded, '{}')) as t where private.search_fold(t) !~ '^\s*$'
  );
  lim integer := least(greatest(coalesce(p_limit, 20), 1), 100);
  authors uuid[];
  mentioned uuid[];
  q text;
begin
  if p_workspace_id is null then
    raise exception using errcode = '22023', message = 'Search needs a workspace.';
  end if;
  if cardinality(terms) + cardinality(excluded) > 20 then
    raise exception using errcode = '22023', message = 'Too many words: at most 20.';
  end if;
  if exists (select 1 from unnest(terms || excluded || coalesce(p_in, '{}') || coalesce(p_from, '{}')
      || coalesce(p_mentions, '{}')) as t where char_length(t) > 200) then
    raise exception using errcode = '22023', message = 'A word or name is too long: at most 200 characters.';
  end if;
  if cardinality(coalesce(p_in, '{}')) + cardinality(coalesce(p_from, '{}'))
      + cardinality(coalesce(p_mentions, '{}')) > 20 then
    raise exception using errcode = '22023', message = 'Too many filters: at most 20.';
  end if;
  if coalesce(p_order, 'newest') not in ('newest', 'relevance') then
    raise exception using errcode = '22023', message = 'Order must be newest or relevance.';
  end if;
  if p_after is not null and p_before is not null and p_after >= p_before then
    return;
  end if;
  if cardinality(coalesce(p_from, '{}')) > 0 then
    authors := private.search_people(p_workspace_id, p_from);
    if cardinality(authors) = 0 then return; end if;
  end if;
  if cardinality(coalesce(p_mentions, '{}')) > 0 then
    mentioned := private.search_people(p_workspace_id, p_mentions);
    if cardinality(mentioned) = 0 then return; end if;
  end if;

  -- Words (or exclusions alone): search_hits matches the stored folded texts through the
  -- trigram indexes, in the caller's channels of the workspace, within the dates. When nothing
  -- else narrows the search and the newest come first, it also takes just the newest. Each
  -- hit's row is then read by its id as the caller (lateral; offset 0 keeps the planner from
  -- flattening it into a scan of the workspace's messages), so RLS has the last word.
  if cardinality(terms) + cardinality(excluded) > 0 then
    q := 'with hits as materialized (
        select h.* from private.search_hits($3,
          array(select private.search_pattern(t) from unnest($1) as t),
          array(select private.search_pattern(t) from unnest($2) as t),
          $7, $8, $10) as h
      ),
      found as (
        select m.*, hits.folded from hits
        cross join lateral (select x.* from public.messages x where x.id = hits.id offset 0) as m
        where m.deleted_at is null';
  else
    q := 'with found as (
        select m.*, null::text as folded
        from public.messages m
        where m.channel_id in (select c.id from public.channels c where c.workspace_id = $3)
          and m.deleted_at is null';
    if p_after is not null then
      q := q || ' and m.created_at >= $7';
    end if;
    if p_before is not null then
      q := q || ' and m.created_at < $8';
    end if;
  end if;
  if cardinality(coalesce(p_in, '{}')) > 0 then
    q := q || '
        and m.channel_id in (select c.id from public.channels c where c.workspace_id = $3
          and private.search_fold(c.name) in (select private.search_fold(ltrim(n, ''#'')) from unnest($4) as n))';
  end if;
  if authors is not null then
    q := q || ' and m.author_id = any ($5)';
  end if;
  if mentioned is not null then
    q := q || ' and m.mentions && $6';
  end if;
  if p_has_file then
    q := q || ' and exists (select 1 from public.attachments a where a.message_id = m.id)';
  end if;
  if p_has_link then
    q := q || ' and m.body ~* ''(https?://|mailto:)[^[:space:]]''';
  end if;
  if p_is_thread then
    q := q || ' and (m.parent_id is not null
        or exists (select 1 from public.messages r where r.parent_id = m.id and r.deleted_at is null))';
  end if;
  q := q || '),
    ranked as (
      select f.*,
        case when cardinality($1) > 0
          then extensions.word_similarity($11, f.folded) + extensions.similarity($11, f.folded)
          else 0 end::real as rank
      from found f
      order by ' || case when p_order = 'relevance' then 'rank desc, ' else '' end
        || 'f.created_at desc, f.id
      limit $9
    )
    select r.id, r.channel_id, r.seq, r.author_id, r.parent_id, r.created_at, r.edited_at,
      private.search_snippet_at(r.body, r.folded, ($1)[1]),
      coalesce((select array_agg(a.name order by a.created_at, a.id)
        from public.attachments a where a.message_id = r.id), ''{}''),
      r.rank
    from ranked r
    order by ' || case when p_order = 'relevance' then 'r.rank desc, ' else '' end
      || 'r.created_at desc, r.id';

  return query execute q
    using terms, excluded, p_workspace_id, coalesce(p_in, '{}'), authors, mentioned, p_after, p_before,
      lim,
      -- search_hits may stop at the newest rows only when nothing after it narrows them.
      case when coalesce(p_order, 'newest') = 'newest' and cardinality(coalesce(p_in, '{}')) = 0
        and authors is null and mentioned is null and not p_has_file and not p_has_link
        and not p_is_thread then lim end,
      private.search_fold(array_to_string(terms, ' '));
end
$$;

-- The old snippet function folded the body again; nothing calls it now.
drop function private.search_snippet(text, text);
