import { Search } from 'lucide-react';

export function SearchPage() {
  return (
    <div className="flex flex-1 items-center justify-center p-6">
      <section className="max-w-md text-center">
        <Search className="mx-auto mb-4 size-10 text-muted-foreground" aria-hidden />
        <h1 className="text-2xl font-semibold tracking-tight">Search</h1>
        <p className="mt-2 text-muted-foreground">Search across your conversations and documents is coming soon.</p>
      </section>
    </div>
  );
}
