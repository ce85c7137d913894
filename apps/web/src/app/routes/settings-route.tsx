import { Bot } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { paths } from '../../config/paths';
import { TwoFactorCard } from '../../features/mfa';
import { DeleteAccountCard } from '../../features/privacy/components/delete-account-card';
import { SessionsCard } from '../../features/sessions';
import { ImportCard, SharedLinksCard } from '../../features/sharing';
import { AppearanceCard } from '../../features/settings/components/appearance-card';
import { TokensCard } from '../../features/tokens/components/tokens-card';
import { MyUsageCard } from '../../features/usage';
import { VersionCard } from '../../features/updates/components/version-card';

export function SettingsRoute() {
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 p-6">
      <h1 className="text-2xl font-semibold tracking-tight">Settings</h1>
      <AppearanceCard />
      <Card>
        <CardHeader>
          <CardTitle>AI Models</CardTitle>
          <CardDescription>Installed models, downloads and the model runtimes Hearth uses.</CardDescription>
        </CardHeader>
        <CardContent>
          <Link to={paths.models} className={buttonClasses('outline')}>
            <Bot aria-hidden />
            Open AI Models
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
