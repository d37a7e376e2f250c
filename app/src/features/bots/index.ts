// Bots (accounts an admin makes, with an API token in Slack's Web API shape): marked "BOT"
// wherever they appear (BotBadge after a name, person-part.tsx; the BOT marker on their messages through the
// message screen's extension slot, message-extension.tsx). The Settings screen's Bots section
// (BotsSection, a lazy chunk) is in the Integrations dialog through its slot
// (integrations-section.tsx).
export {}
