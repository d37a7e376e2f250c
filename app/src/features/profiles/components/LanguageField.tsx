// The language a person reads Chorus in (issue 53): their browser's, or one of the languages
// Chorus speaks, each named in itself. Saving the profile reloads the app to show it.
import { t } from '@lingui/core/macro'
import { LANGUAGES, browserLanguage, isLanguage } from '../../../lib/i18n.ts'
import { LANGUAGE_NAMES } from '../../../lib/language-choice.ts'
import type { Language } from '../../../lib/i18n.ts'
import { Select } from '../../../ui/Select.tsx'

interface Props {
  /** null: follow the browser's language. */
  value: Language | null
  disabled?: boolean
  onChange: (language: Language | null) => void
}

/** The option that follows the browser (a select's value is never empty). */
const BROWSER = 'browser'

export function LanguageField({ value, disabled, onChange }: Props) {
  const browser = LANGUAGE_NAMES[browserLanguage()]
  return (
    <Select
      label={t`Language`}
      value={value ?? BROWSER}
      disabled={disabled}
      onValueChange={(v) => onChange(isLanguage(v) ? v : null)}
      hint={t`Chorus reloads to show the new language.`}
      options={[
        { value: BROWSER, label: t`Browser's language (${browser})` },
        ...LANGUAGES.map((language) => ({
          value: language,
          label: LANGUAGE_NAMES[language],
          lang: language,
        })),
      ]}
    />
  )
}
