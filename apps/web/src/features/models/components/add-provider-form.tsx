import type { ProviderCreateBody } from '@hearth/contract';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-error';
import { useCreateProvider } from '../api/create-provider';

const EMPTY = { kind: 'ollama' as ProviderCreateBody['kind'], name: '', base_url: '', api_key: '' };

/** Adds an Ollama or OpenAI-compatible endpoint. The key is sent once and never shown again. */
export function AddProviderForm() {
  const create = useCreateProvider();
  const { t } = useTranslation('models');
  const [form, setForm] = useState(EMPTY);
  const set = (patch: Partial<typeof EMPTY>) => setForm((current) => ({ ...current, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        kind: form.kind,
        name: form.name.trim(),
        base_url: form.base_url.trim(),
        api_key: form.api_key ? form.api_key : undefined,
      },
      {
        onSuccess: (provider) => {
          setForm(EMPTY);
          toast({
            title: t('addProvider.added'),
            description: provider.connected
              ? t('addProvider.connected', { name: provider.name })
              : t('addProvider.unreachable', { name: provider.name }),
          });
        },
        onError: (error) =>
          toast({ title: t('addProvider.failed'), description: errorMessage(error), variant: 'destructive' }),
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-2 rounded-lg border p-3" aria-label={t('addProvider.formLabel')}>
      <div className="grid gap-2 sm:grid-cols-2">
        <select
          aria-label={t('addProvider.kind')}
          value={form.kind}
          onChange={(event) => set({ kind: event.target.value as ProviderCreateBody['kind'] })}
          className="h-9 rounded-md border bg-background px-2 text-sm"
        >
          <option value="ollama">Ollama</option>
          <option value="openai">{t('addProvider.openaiOption')}</option>
        </select>
        <Input
          aria-label={t('addProvider.name')}
          placeholder={t('addProvider.name')}
          value={form.name}
          onChange={(e) => set({ name: e.target.value })}
          required
        />
      </div>
      <Input
        aria-label={t('addProvider.baseUrl')}
        type="url"
        placeholder={form.kind === 'ollama' ? 'http://127.0.0.1:11434' : 'http://127.0.0.1:8080/v1'}
        value={form.base_url}
        onChange={(event) => set({ base_url: event.target.value })}
        required
      />
      <Input
        aria-label={t('addProvider.apiKey')}
        type="password"
        autoComplete="off"
        placeholder={t('addProvider.apiKey')}
        value={form.api_key}
        onChange={(event) => set({ api_key: event.target.value })}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={create.isPending || !form.name.trim() || !form.base_url.trim()}>
          <Plus aria-hidden />
          {t('addProvider.submit')}
        </Button>
      </div>
    </form>
  );
}
