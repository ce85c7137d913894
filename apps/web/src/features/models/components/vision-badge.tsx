import { Eye } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';

/** Marks a model that reads images (the runtime reports the capability). */
export function VisionBadge() {
  return (
    <Badge variant="secondary">
      <Eye className="mr-1 size-3" aria-hidden />
      Vision
    </Badge>
  );
}
