import { SCRAPE_MAX_PAGES } from '@hearth/contract';
import { Globe } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast-store';
import { useCollections } from '../api/get-collections';
import { useScrapeWebsite } from '../api/scrape-website';
import { checkScrapeUrl, MESSAGES, scrapedMessage } from '../lib/messages';

function CheckboxField(props: {
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-2 text-sm">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 accent-primary"
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={`${id}-hint`}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      <div className="grid gap-0.5">
        <label htmlFor={id}>{props.label}</label>
        <span id={`${id}-hint`} className="text-xs text-muted-foreground">
          {props.hint}
        </span>
      </div>
    </div>
  );
}

/** Scrape Website: a page (and optionally its sitemap) becomes documents of a collection, indexed like uploads. */
export function ScrapeDialog({ defaultCollectionId }: { defaultCollectionId?: string }) {
  const { t } = useTranslation('knowledge');
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [chosenId, setChosenId] = useState('');
  const [respectRobots, setRespectRobots] = useState(true);
  const [followSitemap, setFollowSitemap] = useState(false);
  const collections = useCollections('').data?.collections ?? [];
  const scrape = useScrapeWebsite();
  const busy = scrape.isPending;
  const collectionId = collections.some((c) => c.id === chosenId)
    ? chosenId
    : (collections.find((c) => c.id === defaultCollectionId)?.id ?? collections[0]?.id ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refusal = checkScrapeUrl(url);
    if (refusal) return void toast(refusal);
    if (!collectionId) return void toast({ ...MESSAGES.noCollection, variant: 'destructive' });
    scrape.mutate(
      { url: url.trim(), collectionId, respectRobots, followSitemap },
      {
        onSuccess: (result) => {
          toast(scrapedMessage(result.documentsCreated, result.message));
          if (result.documentsCreated > 0) {
            setOpen(false);
            setUrl('');
          }
        },
        onError: (error) => toast({ ...MESSAGES.scrapingFailed, description: error.message, variant: 'destructive' }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <Globe aria-hidden /> {t('scrape.title')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" aria-busy={busy} noValidate>
          <DialogHeader>
            <DialogTitle>{t('scrape.title')}</DialogTitle>
            <DialogDescription>{t('scrape.description', { max: SCRAPE_MAX_PAGES })}</DialogDescription>
          </DialogHeader>
          <TextField
            label={t('scrape.url')}
            type="url"
            placeholder="https://example.org"
            value={url}
            onValueChange={setUrl}
            disabled={busy}
            autoFocus
          />
          <div className="grid gap-2">
            <Label htmlFor="scrape-collection">{t('collection.label')}</Label>
            {collections.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('scrape.createFirst')}</p>
            ) : (
              <select
                id="scrape-collection"
                className="h-9 rounded-md border bg-background px-3 text-sm"
                value={collectionId}
                disabled={busy}
                onChange={(event) => setChosenId(event.target.value)}
              >
                {collections.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            )}
          </div>
          <CheckboxField
            label={t('scrape.robots')}
            hint={t('scrape.robotsHint')}
            checked={respectRobots}
            disabled={busy}
            onChange={setRespectRobots}
          />
          <CheckboxField
            label={t('scrape.sitemap')}
            hint={t('scrape.sitemapHint', { max: SCRAPE_MAX_PAGES })}
            checked={followSitemap}
            disabled={busy}
            onChange={setFollowSitemap}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={busy}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={busy || collections.length === 0}>
              {busy ? (
                <>
                  <Spinner label={t('scrape.scrapingLabel')} /> {t('scrape.scraping')}
                </>
              ) : (
                t('scrape.submit')
              )}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
