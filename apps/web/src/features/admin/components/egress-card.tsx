import type { EgressConnection, EgressDestination } from '@hearth/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { formatDate } from '../../../lib/i18n';
import { useEgressReport } from '../api/network-settings';
import { DATE_TIME } from '../lib/messages';

const KIND_LABEL_KEYS = {
  runtime: 'egress.kinds.runtime',
  mail: 'egress.kinds.mail',
  storage: 'egress.kinds.storage',
  database: 'egress.kinds.database',
  sso: 'egress.kinds.sso',
  releases: 'egress.kinds.releases',
  telemetry: 'egress.kinds.telemetry',
  tools: 'egress.kinds.tools',
  search: 'egress.kinds.search',
} as const satisfies Record<EgressDestination['kind'], string>;

const when = (t: TFunction<'admin'>, value: string | null) =>
  value ? formatDate(value, DATE_TIME) : t('egress.noConnection');
const target = (host: string, port: number | null) => (port === null ? host : `${host}:${port}`);

/**
 * Admin panel → Network: where this instance is configured to connect, the last connection this server made to
 * each, and any connection that left the machine to a host no setting names (recorded at the socket level).
 */
export function EgressCard() {
  const { t } = useTranslation('admin');
  const report = useEgressReport();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('egress.title')}</CardTitle>
        <CardDescription>
          {report.data
            ? t('egress.descriptionSince', { date: formatDate(report.data.since, DATE_TIME) })
            : t('egress.description')}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {report.isPending ? <Spinner label={t('egress.loading')} /> : null}
        {report.isError ? <p role="alert">{t('egress.loadFailed', { message: report.error.message })}</p> : null}
        {report.data ? (
          <>
            <DestinationList destinations={report.data.destinations} />
            <OtherList connections={report.data.other} />
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

function DestinationList({ destinations }: { destinations: EgressDestination[] }) {
  const { t } = useTranslation('admin');
  if (destinations.length === 0) {
    return <p className="text-sm text-muted-foreground">{t('egress.noDestinations')}</p>;
  }
  return (
    <ul aria-label={t('egress.destinations')} className="flex flex-col divide-y rounded-md border">
      {destinations.map((destination) => (
        <li key={`${destination.kind}-${destination.label}-${destination.host}`} className="flex flex-col gap-1 p-3">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{destination.label}</span>
            <Badge variant="secondary">{t(KIND_LABEL_KEYS[destination.kind])}</Badge>
            {destination.loopback ? <Badge variant="outline">{t('egress.thisMachine')}</Badge> : null}
          </div>
          <span className="font-mono text-xs break-all text-muted-foreground">
            {target(destination.host, destination.port)}
          </span>
          <span className="text-sm">
            {t('egress.lastConnection', { when: when(t, destination.last_connection_at) })}
            {destination.connections > 0 ? ` · ${t('egress.sinceStart', { count: destination.connections })}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}

function OtherList({ connections }: { connections: EgressConnection[] }) {
  const { t } = useTranslation('admin');
  return (
    <section aria-labelledby="egress-other" className="flex flex-col gap-2">
      <h3 id="egress-other" className="text-sm font-medium">
        {t('egress.otherTitle')}
      </h3>
      {connections.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('egress.noneOther')}</p>
      ) : (
        <ul aria-label={t('egress.other')} className="flex flex-col divide-y rounded-md border">
          {connections.map((connection) => (
            <li key={`${connection.host}:${connection.port}`} className="flex flex-col gap-1 p-3 text-sm">
              <span className="font-mono break-all">{target(connection.host, connection.port)}</span>
              <span className="text-muted-foreground">
                {connection.address !== connection.host ? `${connection.address} · ` : ''}
                {t('egress.sinceStart', { count: connection.connections })} ·{' '}
                {t('egress.last', { when: when(t, connection.last_connection_at) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
