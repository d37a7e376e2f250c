// The language a person reads Chorus in (issue 53): their browser's, or one of the languages
// Chorus speaks, each named in itself. Saving the profile reloads the app to show it.
import { t } from '@lingui/core/macro'
import { useId } from 'react'
import { LANGUAGES, browserLanguage, isLanguage } from '../../../lib/i18n.ts'
import { LANGUAGE_NAMES } from '../../../lib/language-choice.ts'
import type { Language } from '../../../lib/i18n.ts'

interface Props {
  /** null: follow the browser's language. */
  value: Language | null
  disabled?: boolean
  onChange: (language: Language | null) => void
}

export function LanguageField({ value, disabled, onChange }: Props) {
  const id = useId()
  const browser = LANGUAGE_NAMES[browserLanguage()]
  return (
    <div className="field">
      <label htmlFor={id}>{t`Language`}</label>
      <select
        id={id}
        value={value ?? ''}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(isLanguage(e.target.value) ? e.target.value : null)}
      >
        <option value="">{t`Browser's language (${browser})`}</option>
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
      <div id={`${id}-hint`} className="field-hint">
        {t`Chorus reloads to show the new language.`}
      </div>
    </div>
  )
}
