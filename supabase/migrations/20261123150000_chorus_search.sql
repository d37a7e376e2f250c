-- Search: every message the caller may read, by words, phrases and partial words, in the text
-- or the names of its files, accents and case ignored, with the filters of the app's query
-- language (in:, from:, mentions:, has:file, has:link, is:thread, dates).
--
-- search_messages() runs as the caller (security invoker): the policies on messages,
-- attachments, channels and workspace_members decide what it sees, so a channel the caller
-- left or was removed from is searched exactly as it is read (not at all), and a workspace or
-- channel they are not in yields no row, count, snippet or file name.
--
-- Matching is substring matching on a folded text (unaccent, lower case, NFKC), which finds
-- "deplo" in "Deployment" and "diaz" in "Díaz"; trigram GIN indexes on the folded text serve
-- it. pg_trgm and unaccent are the contrib extensions a hosted Supabase project offers in the
-- `extensions` schema.

create extension if not exists unaccent with schema extensions;
create extension if not exists pg_trgm with schema extensions;

-- The folded text searches compare: unaccent with its dictionary named (so the function is
-- truly immutable and an index may use it), lower case, compatibility forms composed.
create function private.search_fold(p_text text) returns text
language sql immutable strict parallel safe set search_path = '' as $$
  select lower(extensions.unaccent('extensions.unaccent'::regdictionary, normalize(p_text, nfkc)))
$$;

-- A LIKE pattern matching the folded term anywhere, with LIKE's own characters taken literally.
create function private.search_pattern(p_term text) returns text
language sql immutable strict parallel safe set search_path = '' as $$
  select '%' || replace(replace(replace(private.search_fold(p_term), '\', '\\'), '%', '\%'), '_', '\_') || '%'
$$;

create index messages_search_body on public.messages
  using gin (private.search_fold(body) extensions.gin_trgm_ops)
  where deleted_at is null;

create index attachments_search_name on public.attachments
  using gin (private.search_fold(name) extensions.gin_trgm_ops);

-- Newest first within the caller's channels when no word narrows the search.
create index messages_channel_created on public.messages (channel_id, created_at desc)
  where deleted_at is null;

-- People of a workspace named by from:@ or mentions:@ ('me' is the caller): a display name
-- whose folded letters and digits start with the given ones ("carol", "caroldiaz", "Díaz"
-- does not: names are matched from their start). 'me' is only ever the caller.
create function private.search_people(p_workspace_id uuid, p_names text[]) returns uuid[]
language sql stable set search_path = '' as $$
  select coalesce(array_agg(distinct p.id), '{}')
  from unnest(p_names) as n(name)
  join public.workspace_members wm on wm.workspace_id = p_workspace_id and wm.left_at is null
  join public.profiles p on p.id = wm.user_id
  where (lower(n.name) = 'me' and p.id = (select auth.uid()))
    or (
      lower(n.name) <> 'me'
      and regexp_replace(private.search_fold(n.name), '[^[:alnum:]]', '', 'g') <> ''
      and starts_with(
        regexp_replace(private.search_fold(p.display_name), '[^[:alnum:]]', '', 'g'),
        regexp_replace(private.search_fold(n.name), '[^[:alnum:]]', '', 'g')
      )
    )
$$;

-- Up to about 240 characters of the body around the first match of p_term ('…' where cut).
create function private.search_snippet(p_body text, p_term text) returns text
language sql immutable set search_path = '' as $$
  with at as (
    select greatest(coalesce(nullif(strpos(private.search_fold(p_body), private.search_fold(coalesce(p_term, ''))), 0), 1) - 80, 1) as start
  )
  select case when at.start > 1 then '…' else '' end
    || substr(p_body, at.start, 240)
    || case when char_length(p_body) >= at.start + 240 then '…' else '' end
  from at
$$;

-- The search. p_terms must all appear (in the text or a file name), p_excluded none of them
-- (in the text); p_in are channel names (without '#'), p_from and p_mentions people (see
-- search_people); p_after/p_before bound created_at as [p_after, p_before). p_order 'newest'
-- (default) or 'relevance' (how well the words match a word of the text, then how much of the
-- text they are: pg_trgm's word_similarity plus similarity). At most p_limit rows (1..100, default 20).
create function public.search_messages(
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
  authors uuid[];
  mentioned uuid[];
  q text;
  i integer;
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

  -- Built as text only from constants and subscripts of the bound parameters ($1..$n), so each
  -- LIKE is a plain comparison with a value the planner sees (the trigram indexes apply).
  if cardinality(terms) > 0 then
    -- The longest term drives: the messages whose text or a file name holds it.
    q := 'with hits as (
        select h.id from public.messages h
        where private.search_fold(h.body) like private.search_pattern(($1)[1]) and h.deleted_at is null
        union
        select a.message_id from public.attachments a
        where private.search_fold(a.name) like private.search_pattern(($1)[1])
      )
      select m.* from public.messages m join hits on hits.id = m.id';
  else
    q := 'select m.* from public.messages m';
  end if;
  q := 'with found as (' || q || '
      join public.channels c on c.id = m.channel_id
      where c.workspace_id = $3 and m.deleted_at is null';
  for i in 2 .. coalesce(cardinality(terms), 0) loop
    q := q || format('
        and (private.search_fold(m.body) like private.search_pattern(($1)[%1$s])
          or exists (select 1 from public.attachments a where a.message_id = m.id
            and private.search_fold(a.name) like private.search_pattern(($1)[%1$s])))', i);
  end loop;
  for i in 1 .. coalesce(cardinality(excluded), 0) loop
    q := q || format('
        and private.search_fold(m.body) not like private.search_pattern(($2)[%s])', i);
  end loop;
  if cardinality(coalesce(p_in, '{}')) > 0 then
    q := q || '
        and private.search_fold(c.name) in (
          select private.search_fold(ltrim(n, ''#'')) from unnest($4) as n)';
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
  if p_after is not null then
    q := q || ' and m.created_at >= $7';
  end if;
  if p_before is not null then
    q := q || ' and m.created_at < $8';
  end if;
  q := q || ')
    select f.id, f.channel_id, f.seq, f.author_id, f.parent_id, f.created_at, f.edited_at,
      private.search_snippet(f.body, ($1)[1]),
      coalesce((select array_agg(a.name order by a.created_at, a.id)
        from public.attachments a where a.message_id = f.id), ''{}''),
      case when cardinality($1) > 0
        then extensions.word_similarity(private.search_fold(array_to_string($1, '' '')), private.search_fold(f.body))
          + extensions.similarity(private.search_fold(array_to_string($1, '' '')), private.search_fold(f.body))
        else 0 end::real as rank
    from found f
    order by ' || case when p_order = 'relevance' then 'rank desc, ' else '' end
      || 'f.created_at desc, f.id
    limit $9';

  return query execute q
    using terms, excluded, p_workspace_id, coalesce(p_in, '{}'), authors, mentioned, p_after, p_before,
      least(greatest(coalesce(p_limit, 20), 1), 100);
end
$$;

revoke all on function public.search_messages(uuid, text[], text[], text[], text[], text[], boolean,
  boolean, boolean, timestamptz, timestamptz, text, integer) from public, anon;
grant execute on function public.search_messages(uuid, text[], text[], text[], text[], text[], boolean,
  boolean, boolean, timestamptz, timestamptz, text, integer) to authenticated, service_role;

revoke all on function private.search_fold(text), private.search_pattern(text),
  private.search_people(uuid, text[]), private.search_snippet(text, text) from public, anon;
grant execute on function private.search_fold(text), private.search_pattern(text),
  private.search_people(uuid, text[]), private.search_snippet(text, text) to authenticated, service_role;
