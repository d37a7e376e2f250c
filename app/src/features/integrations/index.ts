// Integrations (Slack-compatible incoming webhooks, outgoing events in Slack's Events API format):
// the APP marker reaches the message screen through its extension slot (message-extension.tsx);
// the Settings screen, for workspace admins, is opened from the workspace menu (feature.ts:
// IntegrationsDialog, with its Outgoing events section, EventsSection). Nothing else imports this
// feature.
export {}
