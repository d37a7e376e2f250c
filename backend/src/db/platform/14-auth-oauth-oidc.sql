-- OpenID Connect on the OAuth 2.1 server: the nonce of an authorization request, carried into
-- the ID token the code is exchanged for (GoTrue's oauth_authorizations.nonce).
alter table auth.oauth_authorizations add column if not exists nonce text;
