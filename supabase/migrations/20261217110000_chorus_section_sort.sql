-- How the built-in sections are sorted (issue 71's sidebar sections), as Slack's and Mattermost's
-- are: Channels and Direct messages alphabetically or by most recent activity. Null is the
-- section's default: Channels alphabetically, Direct messages by most recent (the conversation
-- last written in first). My own sections and Starred keep the order they are dragged into.
alter table public.sidebar_sections add column sort text;
alter table public.sidebar_sections add constraint sidebar_sections_sort
  check (sort is null or (kind in ('channels', 'dms') and sort in ('alpha', 'recent')));

drop function public.update_sidebar_section(uuid, text, text, boolean, double precision);

-- Renames, collapses, moves or sorts a section of mine (a built-in one gets its row then).
create function public.update_sidebar_section(
  p_workspace_id uuid,
  p_section text,
  p_name text default null,
  p_collapsed boolean default null,
  p_position double precision default null,
  p_sort text default null
) returns public.sidebar_sections
language plpgsql
security definer
set search_path = ''
as $$
declare
  s public.sidebar_sections := private.sidebar_section_of(p_workspace_id, p_section);
  n text;
begin
  if p_name is not null then
    if s.kind <> 'custom' then
      raise exception using errcode = '22023', message = 'A built-in section cannot be renamed or deleted.', detail = 'section_builtin';
    end if;
    n := private.sidebar_section_name(p_name);
    if exists (select 1 from public.sidebar_sections x
        where x.user_id = s.user_id and x.workspace_id = s.workspace_id and x.kind = 'custom'
          and lower(x.name) = lower(n) and x.id <> s.id) then
      raise exception using errcode = '22023', message = 'You already have a section of that name.', detail = 'section_name_taken';
    end if;
  end if;
  if p_position is not null and (p_position = 'NaN' or p_position in ('Infinity', '-Infinity')) then
    raise exception using errcode = '22023', message = 'A value is not valid.', detail = 'invalid_argument';
  end if;
  if p_sort is not null and (s.kind not in ('channels', 'dms') or p_sort not in ('alpha', 'recent')) then
    raise exception using errcode = '22023', message = 'Only Channels and Direct messages are sorted: alphabetically (alpha) or by most recent activity (recent).', detail = 'section_sort';
  end if;
  update public.sidebar_sections x
  set name = coalesce(n, x.name), collapsed = coalesce(p_collapsed, x.collapsed),
    position = coalesce(p_position, x.position), sort = coalesce(p_sort, x.sort),
    updated_at = now()
  where x.id = s.id
  returning * into s;
  return s;
end
$$;
revoke all on function public.update_sidebar_section(uuid, text, text, boolean, double precision, text) from public;
grant execute on function public.update_sidebar_section(uuid, text, text, boolean, double precision, text)
  to authenticated, service_role;
