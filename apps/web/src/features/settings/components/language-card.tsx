import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import {
  chooseLanguage,
  PSEUDO_RTL_LANGUAGE,
  readLanguageChoice,
  SHIPPED_LANGUAGES,
  type LanguageChoice,
} from '../../../lib/i18n';

// Each language is named in itself, so a reader finds their own whatever the page is in.
const NATIVE_NAMES: Record<(typeof SHIPPED_LANGUAGES)[number], string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
};

/** The language of the app: the browser's (automatic) or one chosen here, kept in this browser. */
export function LanguageCard() {
  const { t, i18n } = useTranslation('settings');
  const id = useId();
  const [choice, setChoice] = useState<LanguageChoice>(readLanguageChoice);
  // The right-to-left test locale is offered in development, or once it is in use (e.g. opened with ?lng=ar-XB).
  const showPseudo = import.meta.env.DEV || choice === PSEUDO_RTL_LANGUAGE || i18n.language === PSEUDO_RTL_LANGUAGE;

  const change = (value: LanguageChoice) => {
    setChoice(value);
    void chooseLanguage(value);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('language.title')}</CardTitle>
        <CardDescription>{t('language.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid max-w-xs gap-2">
        <Label htmlFor={id}>{t('language.label')}</Label>
        <select
          id={id}
          value={choice}
          onChange={(event) => change(event.target.value as LanguageChoice)}
          className="h-9 rounded-md border bg-background px-3 text-sm"
        >
          <option value="auto">{t('language.automatic')}</option>
          {SHIPPED_LANGUAGES.map((code) => (
            <option key={code} value={code} lang={code}>
              {NATIVE_NAMES[code]}
            </option>
          ))}
          {showPseudo && <option value={PSEUDO_RTL_LANGUAGE}>{t('language.pseudo')}</option>}
        </select>
      </CardContent>
    </Card>
  );
}
