import { Globe } from 'lucide-react';
import { useState, type FormEvent } from 'react';
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
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../components/ui/toast-store';
import { checkScrapeUrl } from '../lib/messages';

/**
 * Scrape Website. The server has no scraper yet, so the URL is checked but nothing is sent: the import button
 * stays disabled and says so rather than pretending to work.
 */
export function ScrapeDialog() {
  const [url, setUrl] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refusal = checkScrapeUrl(url);
    if (refusal) toast(refusal);
  };
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <Globe aria-hidden /> Scrape Website
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Scrape Website</DialogTitle>
            <DialogDescription>Website import is not available yet in this version of Hearth.</DialogDescription>
          </DialogHeader>
          <TextField label="URL" type="url" placeholder="https://example.org" value={url} onValueChange={setUrl} />
          <DialogFooter>
            <Button type="submit" variant="outline">
              Check URL
            </Button>
            <Button type="button" disabled title="Website import is not available yet">
              Import (not available yet)
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
