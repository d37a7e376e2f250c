-- Search finds a forwarded message by what it shared (issue 71): a forward's message is indexed
-- with its snapshot (message_forwards' body and its files' names) after its own comment, in the
-- forward's channel only, so whoever may read that channel finds it there, and nobody finds the
-- original's channel through it (the snapshot is what was shared, not a way to the original).
-- The text is folded where the message's row is written (private.written_search, as the
-- forward's snapshot is made before its message) and again where its comment is edited or a
-- file is attached (private.search_text); search_messages' snippet shows the snapshot where
-- the match is. Forwards made before this are indexed again here.

-- The forward's snapshot as search reads it: a new line, its text, its files' names ('' for a
-- message that is not a forward).
create function private.forward_search_text(p_message_id uuid)
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce((
    select e'\n' || f.body || coalesce((
      select string_agg(e'\n' || (x ->> 'name'), '' order by n)
      from jsonb_array_elements(f.files) with ordinality as u(x, n)
    ), '')
    from public.message_forwards f where f.id = p_message_id
  ), '')
$$;
revoke all on function private.forward_search_text(uuid) from public;
grant execute on function private.forward_search_text(uuid) to authenticated, service_role;

create or replace function private.search_text(p_message_id uuid, p_body text)
returns text
language sql
stable
set search_path = ''
as $$
  select private.search_fold(p_body || private.forward_search_text(p_message_id)) || coalesce((
    select string_agg(e'\n' || private.search_fold(a.name), '' order by a.created_at, a.id)
    from public.attachments a where a.message_id = p_message_id
  ), '')
$$;

create or replace function private.written_search(p_op text, p_new public.messages[], p_old public.messages[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_op = 'INSERT' then
    insert into private.message_search (message_id, workspace_id, channel_id, created_at, folded)
    -- a new message has no files yet (send_message adds them after it; their trigger refolds);
    -- a forward's snapshot is made before its message
    select n.id, c.workspace_id, n.channel_id, n.created_at,
      private.search_fold(n.body || private.forward_search_text(n.id))
    from unnest(p_new) as n
    join public.channels c on c.id = n.channel_id
    where n.deleted_at is null
    on conflict (message_id) do nothing;
    return;
  end if;
  delete from private.message_search s
  using unnest(p_new) as n
  where s.message_id = n.id and n.deleted_at is not null;
  update private.message_search s set folded = private.search_text(n.id, n.body)
  from unnest(p_new) as n join unnest(p_old) as o on o.id = n.id
  where s.message_id = n.id and n.deleted_at is null and n.body is distinct from o.body;
end
$$;

create or replace function public.search_messages(p_workspace_id uuid, p_terms text[] DEFAULT '{}'::text[], p_excluded text[] DEFAULT '{}'::text[], p_in text[] DEFAULT '{}'::text[], p_from text[] DEFAULT '{}'::text[], p_mentions text[] DEFAULT '{}'::text[], p_has_file boolean DEFAULT false, p_has_link boolean DEFAULT false, p_is_thread boolean DEFAULT false, p_after timestamp with time zone DEFAULT NULL::timestamp with time zone, p_before timestamp with time zone DEFAULT NULL::timestamp with time zone, p_order text DEFAULT 'newest'::text, p_limit integer DEFAULT 20)
 RETURNS TABLE(id uuid, channel_id uuid, seq bigint, author_id uuid, parent_id uuid, created_at timestamp with time zone, edited_at timestamp with time zone, snippet text, file_names text[], rank real)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $$
declare
  -- A term written in double quotes ("release train") is a phrase of whole words; any other is
  -- found inside words too, as typed (a prefix, a part of a word).
  terms text[] := array(
    select private.search_unquoted(t) from unnest(coalesce(p_terms, '{}')) as t
    where private.search_fold(private.search_unquoted(t)) !~ '^\s*$'
    order by char_length(private.search_fold(private.search_unquoted(t))) desc
  );
  words text[] := array(
    select private.search_words(private.search_unquoted(t)) from unnest(coalesce(p_terms, '{}')) as t
    where private.search_phrase(t) and private.search_fold(private.search_unquoted(t)) !~ '^\s*$'
  );
  excluded text[] := array(
    select t from unnest(coalesce(p_excluded, '{}')) as t
    where not private.search_phrase(t) and private.search_fold(t) !~ '^\s*$'
  );
  excluded_words text[] := array(
    select private.search_words(private.search_unquoted(t)) from unnest(coalesce(p_excluded, '{}')) as t
    where private.search_phrase(t) and private.search_fold(private.search_unquoted(t)) !~ '^\s*$'
  );
  lim integer := least(greatest(coalesce(p_limit, 20), 1), 100);
  authors uuid[];
  mentioned uuid[];
  q text;
begin
  if p_workspace_id is null then
    raise exception using errcode = '22023', message = 'Search needs a workspace.', detail = 'missing_argument';
  end if;
  if cardinality(terms) + cardinality(excluded) + cardinality(excluded_words) > 20 then
    raise exception using errcode = '22023', message = 'Too many words: at most 20.', detail = 'too_many_search_words';
  end if;
  if exists (select 1 from unnest(coalesce(p_terms, '{}') || coalesce(p_excluded, '{}') || coalesce(p_in, '{}') || coalesce(p_from, '{}')
      || coalesce(p_mentions, '{}')) as t where char_length(t) > 200) then
    raise exception using errcode = '22023', message = 'A word or name is too long: at most 200 characters.', detail = 'search_word_too_long';
  end if;
  if cardinality(coalesce(p_in, '{}')) + cardinality(coalesce(p_from, '{}'))
      + cardinality(coalesce(p_mentions, '{}')) > 20 then
    raise exception using errcode = '22023', message = 'Too many filters: at most 20.', detail = 'too_many_search_filters';
  end if;
  if coalesce(p_order, 'newest') not in ('newest', 'relevance') then
    raise exception using errcode = '22023', message = 'Order must be newest or relevance.', detail = 'invalid_argument';
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
  if cardinality(terms) + cardinality(excluded) + cardinality(excluded_words) > 0 then
    q := 'with hits as materialized (
        select h.* from private.search_hits($3,
          array(select private.search_pattern(t) from unnest($1) as t),
          array(select private.search_pattern(t) from unnest($2) as t),
          $7, $8, $10, $13, $14) as h
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
      case when at.start > 1 then ''…'' else '''' end || substr(shown.text, at.start, 240)
        || case when char_length(shown.text) >= at.start + 240 then ''…'' else '''' end,
      coalesce((select array_agg(a.name order by a.created_at, a.id)
        from public.attachments a where a.message_id = r.id), ''{}''),
      r.rank
    from ranked r
    -- a forward is found by what it shared too (its snapshot), shown in its snippet
    cross join lateral (select r.body || private.forward_search_text(r.id) as text) as shown
    cross join lateral (select strpos(r.folded, $12) as pos) as found
    cross join lateral (
      select case when found.pos between 1 and char_length(shown.text) then greatest(found.pos - 80, 1)
        else 1 end as start
    ) as at
    order by ' || case when p_order = 'relevance' then 'r.rank desc, ' else '' end
      || 'r.created_at desc, r.id';

  return query execute q
    using terms, excluded, p_workspace_id, coalesce(p_in, '{}'), authors, mentioned, p_after, p_before,
      lim,
      -- search_hits may stop at the newest rows only when nothing after it narrows them.
      case when coalesce(p_order, 'newest') = 'newest' and cardinality(coalesce(p_in, '{}')) = 0
        and authors is null and mentioned is null and not p_has_file and not p_has_link
        and not p_is_thread then lim end,
      private.search_fold(array_to_string(terms, ' ')),
      private.search_fold(terms[1]),
      words, excluded_words;
end
$$;

-- The forwards made before: indexed again with their snapshots.
update private.message_search s set folded = private.search_text(m.id, m.body)
from public.message_forwards f
join public.messages m on m.id = f.id
where s.message_id = f.id;
