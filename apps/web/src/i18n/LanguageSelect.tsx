import { useId } from 'react'
import './language.css'
import { languages, isLanguage } from './languages.js'
import { useLanguage } from './PayerLanguage.js'
import { useT } from './useT.js'

/** The payer's language switcher: a labelled select, each language named in itself; the choice is remembered. */
export function LanguageSelect() {
  const { language, choose } = useLanguage()
  const { t } = useT()
  const id = useId()
  return (
    <span className="language-select no-print">
      {/* Named for screen readers; the select shows each language in its own words. */}
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <select
        id={id}
        data-testid="language-select"
        value={language}
        onChange={(e) => {
          if (isLanguage(e.target.value)) choose(e.target.value)
        }}
      >
        {languages.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.name}
          </option>
        ))}
      </select>
    </span>
  )
}
