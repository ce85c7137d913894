import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { PasswordForm } from '../../features/profile/components/password-form';
import { ProfileForm } from '../../features/profile/components/profile-form';

export function ProfileRoute() {
  const { user } = useAuth();
  const { t } = useTranslation('profile');
  if (!user) return <PageSpinner />;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 p-6">
      <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
      <ProfileForm key={user.id} user={user} />
      <PasswordForm email={user.email} />
    </div>
  );
}
