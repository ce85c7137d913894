import { Bot } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { paths } from '../../config/paths';
import { TwoFactorCard } from '../../features/mfa';
import { DeleteAccountCard } from '../../features/privacy/components/delete-account-card';
import { SessionsCard } from '../../features/sessions';
import { ImportCard, SharedLinksCard } from '../../features/sharing';
import { AppearanceCard } from '../../features/settings/components/appearance-card';
import { LanguageCard } from '../../features/settings/components/language-card';
import { TokensCard } from '../../features/tokens/components/tokens-card';
import { MyUsageCard } from '../../features/usage';
import { VersionCard } from '../../features/updates/components/version-card';

export function SettingsRoute() {
  const { t } = useTranslation('settings');
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 p-6">
      <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
      <AppearanceCard />
      <LanguageCard />
      <Card>
        <CardHeader>
          <CardTitle>{t('models.title')}</CardTitle>
          <CardDescription>{t('models.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <Link to={paths.models} className={buttonClasses('outline')}>
            <Bot aria-hidden />
            {t('models.open')}
          </Link>
        </CardContent>
      </Card>
      <TwoFactorCard />
      <SessionsCard />
      <MyUsageCard />
      <TokensCard />
      <SharedLinksCard />
      <ImportCard />
      <DeleteAccountCard />
      <VersionCard />
    </div>
  );
}
