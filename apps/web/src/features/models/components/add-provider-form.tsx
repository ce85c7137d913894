import type { ProviderCreateBody } from '@hearth/contract';
import { Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { errorMessage } from '../../../lib/api-error';
import { useCreateProvider } from '../api/create-provider';

const EMPTY = { kind: 'ollama' as ProviderCreateBody['kind'], name: '', base_url: '', api_key: '' };

/** Adds an Ollama or OpenAI-compatible endpoint. The key is sent once and never shown again. */
export function AddProviderForm() {
  const create = useCreateProvider();
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
            title: 'Runtime added',
            description: provider.connected
              ? `${provider.name} is connected.`
              : `${provider.name} is not reachable yet.`,
          });
        },
        onError: (error) =>
          toast({ title: 'Could not add the runtime', description: errorMessage(error), variant: 'destructive' }),
      },
    );
  };
  return (
    <form onSubmit={submit} className="grid gap-2 rounded-lg border p-3" aria-label="Add a model runtime">
      <div className="grid gap-2 sm:grid-cols-2">
        <select
          aria-label="Runtime kind"
          value={form.kind}
          onChange={(event) => set({ kind: event.target.value as ProviderCreateBody['kind'] })}
          className="h-9 rounded-md border bg-background px-2 text-sm"
        >
          <option value="ollama">Ollama</option>
          <option value="openai">OpenAI-compatible (llama.cpp server, vLLM, LM Studio, LocalAI, OpenAI)</option>
        </select>
        <Input
          aria-label="Name"
          placeholder="Name"
          value={form.name}
          onChange={(e) => set({ name: e.target.value })}
          required
        />
      </div>
      <Input
        aria-label="Base URL"
        type="url"
        placeholder={form.kind === 'ollama' ? 'http://127.0.0.1:11434' : 'http://127.0.0.1:8080/v1'}
        value={form.base_url}
        onChange={(event) => set({ base_url: event.target.value })}
        required
      />
      <Input
        aria-label="API key (optional)"
        type="password"
        autoComplete="off"
        placeholder="API key (optional)"
        value={form.api_key}
        onChange={(event) => set({ api_key: event.target.value })}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={create.isPending || !form.name.trim() || !form.base_url.trim()}>
          <Plus aria-hidden />
          Add runtime
        </Button>
      </div>
    </form>
  );
}
