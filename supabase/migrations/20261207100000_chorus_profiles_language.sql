-- The language a person reads Chorus in (issue 53): English, German, Japanese or Arabic, or null
-- to follow their browser's. The app keeps it in sync with the device's choice; the emails
-- Chorus sends (notification digests, invitations) are written in it, English when it is null.
-- A new account takes the language its sign-up asked for (`options.data.language`).
alter table public.profiles
  add column language text,
  add constraint profiles_language_known check (language in ('en', 'de', 'ja', 'ar'));

CREATE OR REPLACE FUNCTION private.handle_new_user()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_language text := new.raw_user_meta_data ->> 'language';
begin
  if exists (select 1 from public.profiles p where p.id = new.id and p.is_placeholder) then
    raise exception using errcode = '23505', message = 'That id is an imported person''s.', detail = 'profile_id_taken';
  end if;
  insert into public.profiles (id, display_name, language)
  values (
    new.id,
    private.display_name_for(new.raw_user_meta_data, new.email),
    case when v_language in ('en', 'de', 'ja', 'ar') then v_language end
  )
  on conflict (id) do nothing;
  return new;
end
$function$;
