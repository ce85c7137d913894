import * as AvatarPrimitive from '@radix-ui/react-avatar';
import { cn } from '../../lib/cn';

interface UserAvatarProps {
  src: string | null | undefined;
  initials: string;
  alt: string;
  className?: string;
}

/** Shows the image when it loads, the initials otherwise. */
export function UserAvatar({ src, initials, alt, className }: UserAvatarProps) {
  return (
    <AvatarPrimitive.Root className={cn('relative flex size-8 shrink-0 overflow-hidden rounded-full', className)}>
      {src ? <AvatarPrimitive.Image src={src} alt={alt} className="aspect-square size-full object-cover" /> : null}
      <AvatarPrimitive.Fallback
        delayMs={src ? 300 : 0}
        className="flex size-full items-center justify-center rounded-full bg-primary/15 text-xs font-semibold text-foreground"
      >
        <span aria-hidden>{initials}</span>
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
