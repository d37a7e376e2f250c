// Integrations: Settings → Integrations for workspace owners and admins, opened from the
// workspace menu (feature.ts: IntegrationsDialog, a lazy chunk). The dialog is only the host of
// the features' sections (slots/integrations.ts: incoming webhooks, slash commands, bots,
// outgoing events, each in its own folder's integrations-section.tsx) and names none of them.
// Nothing imports this feature.
export {}
