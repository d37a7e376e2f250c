// Slash commands (issue 33, part 3). The composer's part is composer-part.ts (slots/composer.ts:
// its panel is a lazy chunk, loaded once a text starts with /); the Settings section is in the
// Integrations dialog through its slot (integrations-section.tsx). Nothing imports this feature.
export {}
