import { Wrench } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { readStored, writeStored } from '../../../lib/local-storage';
import { useAvailableTools } from '../../tools';

const STORAGE_KEY = 'hearth.useTools';

/**
 * "Use tools" (issue 20): off until the user turns it on (remembered in this browser); offered only when some
 * tool is available to the user. Sent as `tools: true` with each answer while on.
 */
export function useToolsChoice(signedIn: boolean) {
  const available = useAvailableTools(signedIn);
  const [on, setOnState] = useState(() => readStored(STORAGE_KEY, z.boolean(), false));
  const count = available.data?.tools.length ?? 0;
  const setOn = (value: boolean) => {
    setOnState(value);
    writeStored(STORAGE_KEY, value);
  };
  return { count, on: count > 0 && on, setOn };
}

export function UseToolsToggle({ choice }: { choice: ReturnType<typeof useToolsChoice> }) {
  const { t } = useTranslation('toolUse');
  if (choice.count === 0) return null;
  return (
    <Button
      type="button"
      variant={choice.on ? 'secondary' : 'ghost'}
      size="sm"
      aria-pressed={choice.on}
      title={t('composer.useToolsHint', { count: choice.count })}
      onClick={() => choice.setOn(!choice.on)}
      className={cn('h-9 gap-1 px-2', choice.on && 'text-primary')}
    >
      <Wrench aria-hidden />
      <span className="text-xs">{t('composer.useTools')}</span>
    </Button>
  );
}
