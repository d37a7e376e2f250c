-- Search: the snippets are made in search_messages' own query. search_snippet_at was a SQL
-- function with a query of its own (not inlined: functions here set their search_path), so
-- each of the up to 100 rows returned ran it apart and folded the first word again: about half
-- a millisecond a row. Now the folded first word is a parameter and the snippet an expression:
-- the same snippet as before, about 240 characters of the body around the first match of the
-- first word in the folded text ('…' where cut), from the start when it matched a file name.

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
      case when at.start > 1 then ''…'' else '''' end || substr(r.body, at.start, 240)
        || case when char_length(r.body) >= at.start + 240 then ''…'' else '''' end,
      coalesce((select array_agg(a.name order by a.created_at, a.id)
        from public.attachments a where a.message_id = r.id), ''{}''),
      r.rank
    from ranked r
    cross join lateral (select strpos(r.folded, $12) as pos) as found
    cross join lateral (
      select case when found.pos between 1 and char_length(r.body) then greatest(found.pos - 80, 1)
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
      private.search_fold(terms[1]);
end
$$;

drop function private.search_snippet_at(text, text, text);
