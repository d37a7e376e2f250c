-- Preferences → Appearance (issue 67): a person's theme (light, dark, or null to follow the
-- system's) and their sidebar's density, kept on their own settings row (public.notification_settings:
-- one per person, read only by them, written only through functions) so every device they sign in
-- on shows Chorus the same. Each device keeps a copy to paint with before anything is fetched.
alter table public.notification_settings
  add column theme text,
  add column sidebar_density text not null default 'comfortable',
  add constraint notification_settings_theme_known check (theme in ('light', 'dark')),
  add constraint notification_settings_density_known
    check (sidebar_density in ('comfortable', 'compact'));

create function public.set_appearance(p_theme text, p_sidebar_density text)
returns public.notification_settings
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.own_notification_settings();
  result public.notification_settings;
begin
  if p_theme is not null and p_theme not in ('light', 'dark') then
    raise exception using errcode = '22023',
      message = format('Choose a theme: light, dark, or null to follow the system (not %s).', quote_literal(p_theme)),
      detail = 'invalid_argument';
  end if;
  if p_sidebar_density is null or p_sidebar_density not in ('comfortable', 'compact') then
    raise exception using errcode = '22023',
      message = format('Choose a sidebar density: comfortable or compact (not %s).', coalesce(quote_literal(p_sidebar_density), 'null')),
      detail = 'invalid_argument';
  end if;
  update public.notification_settings s
  set theme = p_theme, sidebar_density = p_sidebar_density, updated_at = now()
  where s.user_id = uid
  returning * into result;
  return result;
end
$$;

revoke all on function public.set_appearance(text, text) from public, anon;
grant execute on function public.set_appearance(text, text) to authenticated, service_role;
