// The audit log (issue 35): Settings, Audit log for workspace owners, opened from the workspace
// menu (feature.ts; the log's words are each feature's audit-wording.ts). The log itself is written
// by the database's triggers, never by the app. Nothing else imports this feature.
export {}
