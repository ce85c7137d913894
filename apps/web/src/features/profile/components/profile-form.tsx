import type { Me } from '@hearth/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-error';
import { getDisplayName, getInitials } from '../../../lib/initials';
import { useUpdateProfile } from '../api/update-profile';
import { AvatarPicker } from './avatar-picker';

export function ProfileForm({ user }: { user: Me }) {
  const updateMutation = useUpdateProfile();
  const { t } = useTranslation('profile');
  const [fullName, setFullName] = useState(user.full_name ?? '');
  const [avatarUrl, setAvatarUrl] = useState<string | null>(user.avatar_url);
  const saving = updateMutation.isPending;
  const changed = fullName.trim() !== (user.full_name ?? '') || avatarUrl !== user.avatar_url;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await updateMutation.mutateAsync({ full_name: fullName.trim() || null, avatar_url: avatarUrl });
    } catch (error) {
      toast({ title: t('profile.failed'), description: errorMessage(error), variant: 'destructive' });
      return;
    }
    toast({ title: t('profile.updated'), description: t('profile.updatedDescription') });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('profile.title')}</CardTitle>
        <CardDescription>{t('profile.description', { email: user.email })}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-5" onSubmit={(event) => void onSubmit(event)}>
          <AvatarPicker
            value={avatarUrl}
            initials={getInitials(fullName, user.email)}
            name={getDisplayName(fullName, user.email)}
            disabled={saving}
            onChange={setAvatarUrl}
          />
          <TextField
            label={t('profile.fullName')}
            autoComplete="name"
            maxLength={200}
            value={fullName}
            onValueChange={setFullName}
            disabled={saving}
          />
          <div>
            <Button type="submit" disabled={saving || !changed}>
              {saving ? <Spinner label={t('profile.saving')} /> : null}
              {t('profile.save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
