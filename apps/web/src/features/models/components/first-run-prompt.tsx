import { useTranslation } from 'react-i18next';
import { useDownloads } from '../api/get-downloads';
import { useStarters } from '../api/get-starters';
import { useDownloadEvents } from '../hooks/use-download-events';
import { DownloadRow, isActiveDownload } from './download-row';
import { StarterDownloadButton } from './starter-download-button';

/**
 * On an instance with no model at all: admins can start the starter download here and watch it; everyone else
 * is told who can fix it.
 */
export function FirstRunPrompt({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation('models');
  const starters = useStarters(isAdmin);
  const downloads = useDownloads(isAdmin);
  useDownloadEvents(isAdmin);
  if (!isAdmin) {
    return <p data-testid="first-run-prompt">{t('firstRun.askAdmin')}</p>;
  }
  const starter = starters.data?.starters.find((item) => item.purpose === 'chat' && item.runtime === 'builtin');
  const active = downloads.data?.downloads.filter(isActiveDownload) ?? [];
  return (
    <div data-testid="first-run-prompt" className="grid gap-2">
      {active.length > 0 ? (
        <ul className="grid gap-2 text-left">
          {active.map((download) => (
            <DownloadRow key={download.id} download={download} />
          ))}
        </ul>
      ) : starter ? (
        <div className="grid justify-items-center gap-2">
          <p>{starter.description}</p>
          <StarterDownloadButton starter={starter} label={t('firstRun.download')} />
        </div>
      ) : null}
    </div>
  );
}
