-- Search: a quoted phrase matches whole words, exactly (issue 68, item 5). `"Load message #17"`
-- no longer finds "Load message #1799", nor `"P Q"` "xP Qy": where the phrase begins with a
-- letter, digit or _, none may stand before it, and likewise after its end. A term without
-- quotes still finds the words it is a part of (prefixes as one types). The app sends a phrase
-- in its quotes (p_terms and p_excluded: `"release train"`), as Slack's search syntax writes it.
-- The trigram index still finds the candidates by the phrase's LIKE pattern; the whole-word
-- rule is a regular expression checked on those only (search_hits: p_words, p_excluded_words).

-- Whether a term is a quoted phrase.
create function private.search_phrase(p_term text) returns boolean
language sql immutable parallel safe strict set search_path = ''
as $$ select char_length(p_term) >= 2 and left(p_term, 1) = '"' and right(p_term, 1) = '"' $$;

-- The term without its quotes, its spaces trimmed (a phrase), or as given (a word).
create function private.search_unquoted(p_term text) returns text
language sql immutable parallel safe strict set search_path = ''
as $$
  select case when private.search_phrase(p_term)
    then btrim(substr(p_term, 2, char_length(p_term) - 2)) else p_term end
$$;

-- The regular expression of a phrase as whole words, over the folded text: the phrase's
-- characters literally, with no letter, digit or _ right before a first one that is such, nor
-- right after a last one.
create function private.search_words(p_phrase text) returns text
language sql immutable parallel safe strict set search_path = ''
as $$
  select case when f ~ '^[[:alnum:]_]' then '(?<![[:alnum:]_])' else '' end
    || regexp_replace(f, '([][\\.^$*+?(){}|])', '\\\1', 'g')
    || case when f ~ '[[:alnum:]_]$' then '(?![[:alnum:]_])' else '' end
  from (select private.search_fold(p_phrase) as f) as x
$$;

grant execute on function private.search_phrase(text), private.search_unquoted(text),
  private.search_words(text) to authenticated, service_role;

drop function private.search_hits(uuid, text[], text[], timestamptz, timestamptz, integer);

create or replace function private.search_hits(p_workspace_id uuid, p_patterns text[], p_excluded text[], p_after timestamp with time zone, p_before timestamp with time zone, p_limit integer, p_words text[], p_excluded_words text[])
 RETURNS TABLE(id uuid, created_at timestamp with time zone, folded text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER ROWS 100
 SET search_path TO ''
AS $function$
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
  -- A quoted phrase: found by its pattern above (the trigram index), kept only where it stands
  -- as whole words.
  for i in 1 .. coalesce(cardinality(p_words), 0) loop
    matches := matches || format(' and s.folded ~ ($8)[%s]', i);
  end loop;
  for i in 1 .. coalesce(cardinality(p_excluded_words), 0) loop
    matches := matches || format(' and s.folded !~ ($9)[%s]', i);
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
      using channel_ids, p_patterns, p_excluded, p_after, p_before, p_limit, p_workspace_id,
        p_words, p_excluded_words;
    if cardinality(newest_ids) >= p_limit then
      return query select * from unnest(newest_ids, newest_at, newest_folded);
      return;
    end if;
    -- Not enough among the newest: all the matches, through the indexes (materialized, so the
    -- planner does not turn it back into the walk), and the newest of them.
    return query execute 'with m as materialized (' || q || ')
      select m.* from m order by m.created_at desc, m.message_id limit $6'
      using channel_ids, p_patterns, p_excluded, p_after, p_before, p_limit, null::uuid, p_words,
        p_excluded_words;
    return;
  end if;
  return query execute q using channel_ids, p_patterns, p_excluded, p_after, p_before, p_limit,
    null::uuid, p_words, p_excluded_words;
end
$function$;
grant execute on function private.search_hits(uuid, text[], text[], timestamptz, timestamptz, integer, text[], text[])
  to authenticated, service_role;

create or replace function public.search_messages(p_workspace_id uuid, p_terms text[] DEFAULT '{}'::text[], p_excluded text[] DEFAULT '{}'::text[], p_in text[] DEFAULT '{}'::text[], p_from text[] DEFAULT '{}'::text[], p_mentions text[] DEFAULT '{}'::text[], p_has_file boolean DEFAULT false, p_has_link boolean DEFAULT false, p_is_thread boolean DEFAULT false, p_after timestamp with time zone DEFAULT NULL::timestamp with time zone, p_before timestamp with time zone DEFAULT NULL::timestamp with time zone, p_order text DEFAULT 'newest'::text, p_limit integer DEFAULT 20)
 RETURNS TABLE(id uuid, channel_id uuid, seq bigint, author_id uuid, parent_id uuid, created_at timestamp with time zone, edited_at timestamp with time zone, snippet text, file_names text[], rank real)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
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
      private.search_fold(terms[1]),
      words, excluded_words;
end
$function$;
