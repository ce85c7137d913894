import type { EgressConnection, EgressDestination } from '@hearth/contract';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useEgressReport } from '../api/network-settings';

const KIND_LABELS: Record<EgressDestination['kind'], string> = {
  runtime: 'Model runtime',
  mail: 'Mail',
  storage: 'File storage',
  database: 'Database',
  sso: 'Single sign-on',
  releases: 'Releases',
  telemetry: 'Traces',
};

const when = (value: string | null) => (value ? new Date(value).toLocaleString() : 'No connection yet');
const target = (host: string, port: number | null) => (port === null ? host : `${host}:${port}`);

/**
 * Admin panel → Network: where this instance is configured to connect, the last connection this server made to
 * each, and any connection that left the machine to a host no setting names (recorded at the socket level).
 */
export function EgressCard() {
  const report = useEgressReport();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Outbound connections</CardTitle>
        <CardDescription>
          Every place this instance is configured to connect to, and the connections this server has made since it
          started{report.data ? ` (${new Date(report.data.since).toLocaleString()})` : ''}. Connections that stay on
          this machine (loopback) never leave it.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {report.isPending ? <Spinner label="Loading outbound connections" /> : null}
        {report.isError ? <p role="alert">Could not load outbound connections: {report.error.message}</p> : null}
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
  if (destinations.length === 0) {
    return <p className="text-sm text-muted-foreground">No outbound destinations are configured.</p>;
  }
  return (
    <ul aria-label="Configured destinations" className="flex flex-col divide-y rounded-md border">
      {destinations.map((destination) => (
        <li key={`${destination.kind}-${destination.label}-${destination.host}`} className="flex flex-col gap-1 p-3">
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{destination.label}</span>
            <Badge variant="secondary">{KIND_LABELS[destination.kind]}</Badge>
            {destination.loopback ? <Badge variant="outline">This machine</Badge> : null}
          </div>
          <span className="font-mono text-xs break-all text-muted-foreground">
            {target(destination.host, destination.port)}
          </span>
          <span className="text-sm">
            Last connection: {when(destination.last_connection_at)}
            {destination.connections > 0 ? ` · ${destination.connections} since start` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}

function OtherList({ connections }: { connections: EgressConnection[] }) {
  return (
    <section aria-labelledby="egress-other" className="flex flex-col gap-2">
      <h3 id="egress-other" className="text-sm font-medium">
        Other connections that left this machine
      </h3>
      {connections.length === 0 ? (
        <p className="text-sm text-muted-foreground">None since this server started.</p>
      ) : (
        <ul aria-label="Other connections" className="flex flex-col divide-y rounded-md border">
          {connections.map((connection) => (
            <li key={`${connection.host}:${connection.port}`} className="flex flex-col gap-1 p-3 text-sm">
              <span className="font-mono break-all">{target(connection.host, connection.port)}</span>
              <span className="text-muted-foreground">
                {connection.address !== connection.host ? `${connection.address} · ` : ''}
                {connection.connections} since start · last {when(connection.last_connection_at)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
