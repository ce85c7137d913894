import { AppearanceCard } from '../../features/settings/components/appearance-card';
import { TokensCard } from '../../features/tokens/components/tokens-card';

export function SettingsRoute() {
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 p-6">
      <h1 className="text-2xl font-semibold tracking-tight">Settings</h1>
      <AppearanceCard />
      <TokensCard />
    </div>
  );
}
