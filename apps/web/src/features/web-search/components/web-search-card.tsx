import { useQuery } from '@tanstack/react-query';
import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../auth';
import { useWebSearchSettings, webSearchStatusQueryOptions } from '../api/web-search';
import { WebSearchForm } from './web-search-form';

/**
 * Workspace → Tools: web search (issue 20). Everyone sees whether it is on; admins see the provider settings,
 * and super admins change and test them (the settings are instance-wide).
 */
export function WebSearchCard() {
  const { t } = useTranslation('webSearch');
  const { user, isAdmin } = useAuth();
  const status = useQuery({ ...webSearchStatusQueryOptions(), enabled: user !== null });
  const settings = useWebSearchSettings(isAdmin);
  const enabled = status.data?.enabled === true;

  return (
    <Card aria-labelledby="tool-web-search">
      <CardHeader>
        <CardTitle id="tool-web-search" className="flex items-center gap-2 text-base">
          <Globe className="size-4" aria-hidden />
          {t('card.title')}
          <Badge variant={enabled ? 'default' : 'secondary'}>{enabled ? t('card.enabled') : t('card.off')}</Badge>
        </CardTitle>
        <CardDescription>{t('card.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {!isAdmin ? (
          <p className="text-sm text-muted-foreground">{enabled ? t('card.userOn') : t('card.userOff')}</p>
        ) : settings.isPending ? (
          <Spinner label={t('card.loading')} />
        ) : settings.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t('card.loadFailed', { message: settings.error.message })}
          </p>
        ) : (
          <WebSearchForm settings={settings.data} canEdit={user?.role === 'super_admin'} />
        )}
      </CardContent>
    </Card>
  );
}
