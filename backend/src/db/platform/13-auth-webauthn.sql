-- WebAuthn MFA factors as GoTrue's migrations keep them: the factor's credential and
-- authenticator AAGUID, and the ceremony state of a challenge.

set local role supabase_auth_admin;
alter table auth.mfa_factors add column if not exists web_authn_credential jsonb;
alter table auth.mfa_factors add column if not exists web_authn_aaguid uuid;
alter table auth.mfa_factors add column if not exists last_webauthn_challenge_data jsonb;
alter table auth.mfa_challenges add column if not exists web_authn_session_data jsonb;
reset role;
