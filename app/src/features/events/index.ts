// Outgoing events (the workspace's events posted to a URL in Slack's Events API format; the Edge
// Function `events-deliver`): their Settings section (EventsSection: subscribe, verify, pause,
// rotate the secret, change the events, delete, see the deliveries) is in the Integrations dialog
// through its slot (integrations-section.tsx). Nothing else imports this feature.
export {}
