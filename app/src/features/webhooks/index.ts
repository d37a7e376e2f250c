// Incoming webhooks (Slack-compatible; the Edge Function `webhooks`): the APP marker reaches the
// message screen through its extension slot (message-extension.tsx); their Settings section
// (WebhooksSection: create, list, regenerate, revoke) is in the Integrations dialog through its
// slot (integrations-section.tsx). Nothing else imports this feature.
export {}
