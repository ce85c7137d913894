import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';

/** Marks a model that reads images (the runtime reports the capability). */
export function VisionBadge() {
  const { t } = useTranslation('models');
  return (
    <Badge variant="secondary">
      <Eye className="mr-1 size-3" aria-hidden />
      {t('vision')}
    </Badge>
  );
}
