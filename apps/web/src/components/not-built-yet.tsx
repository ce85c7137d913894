import { Construction } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { cn } from '../lib/cn';

interface NotBuiltYetProps {
  title: string;
  /** Standalone pages (outside the signed-in shell) get a way back home. */
  standalone?: boolean;
}

/** An honest placeholder for screens that later work will build. It never shows sample data. */
export function NotBuiltYet({ title, standalone = false }: NotBuiltYetProps) {
  const Wrapper = standalone ? 'main' : 'div';
  return (
    <Wrapper className={cn('flex flex-1 items-center justify-center p-6', standalone && 'min-h-screen')}>
      <section className="w-full max-w-md rounded-xl border border-dashed bg-card p-8 text-center">
        <Construction className="mx-auto mb-4 size-8 text-muted-foreground" aria-hidden />
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">This part of Hearth is not built yet.</p>
        {standalone ? (
          <Link to={paths.home} className="mt-6 inline-block text-sm font-medium text-primary hover:underline">
            Back to Hearth
          </Link>
        ) : null}
      </section>
    </Wrapper>
  );
}
