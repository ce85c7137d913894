import { ShieldAlert } from 'lucide-react';

export function AccessDenied() {
  return (
    <div className="flex flex-1 items-center justify-center p-6">
      <section className="max-w-md text-center">
        <ShieldAlert className="mx-auto mb-4 size-10 text-destructive" aria-hidden />
        <h1 className="text-2xl font-semibold tracking-tight">Access Denied</h1>
        <p className="mt-2 text-muted-foreground">You don&apos;t have permission to access this page.</p>
      </section>
    </div>
  );
}
