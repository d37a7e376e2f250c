-- Search: the trigram indexes were never used under RLS. LIKE is not leakproof, so for a
-- caller whose rows RLS filters, Postgres checks the policy before the LIKE and reads every
-- message of the caller's channels, folding each (search_messages took 0.1 to 3 s on 20,000
-- messages). The matching itself now runs in private.search_hits, security definer, which
-- applies the same reading rule as the policies (private.member_channel_ids: the channels the
-- caller is a member of) itself, so the indexes serve it; search_messages still reads the rows
-- it returns as the caller, under RLS. The folding function is also given its real cost (unaccent
-- walks its dictionary for every character), so the planner prefers the index to folding rows.

alter function private.search_fold(text) cost 1000;
alter function private.search_pattern(text) cost 1000;

-- Ids of the messages of the workspace, in channels the caller is a member of, not deleted,
-- whose text or one of whose file names matches the LIKE pattern (see search_pattern).
-- (rows 100: the planner then reads the matches' rows by id rather than scanning the channels.)
create function private.search_hits(p_workspace_id uuid, p_pattern text) returns setof uuid
language plpgsql stable security definer rows 100 set search_path = '' as $$
begin
  return query
    select m.id from public.messages m
    join public.channels c on c.id = m.channel_id
    where private.search_fold(m.body) like p_pattern and m.deleted_at is null
      and c.workspace_id = p_workspace_id
      and m.channel_id in (select private.member_channel_ids())
    union
    select a.message_id from public.attachments a
    join public.channels c on c.id = a.channel_id
    where private.search_fold(a.name) like p_pattern
      and c.workspace_id = p_workspace_id
      and a.channel_id in (select private.member_channel_ids());
end
$$;

revoke all on function private.search_hits(uuid, text) from public, anon;
grant execute on function private.search_hits(uuid, text) to authenticated, service_role;

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
    -- The longest term drives: the messages whose text or a file name holds it, found through
    -- the trigram indexes by search_hits (above).
    -- Each match's row is then read by its id, as the caller (lateral; offset 0 keeps the
    -- planner from flattening it into a scan of the workspace's messages).
    q := 'with hits as materialized (
        select h.id from private.search_hits($3, private.search_pattern(($1)[1])) as h (id)
      )
      select m.* from hits
      cross join lateral (select x.* from public.messages x where x.id = hits.id offset 0) as m';
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

