-- Web Push devices join the third-party app gate (*_chorus_oauth_apps.sql): public.push_subscriptions
-- came after it. A device belongs to no workspace, so no app adds, renames or removes one (the write
-- gate refuses it: 42501 app_write_not_granted), and a revoked app reads none.
select private.join_app_gate('public.push_subscriptions');
