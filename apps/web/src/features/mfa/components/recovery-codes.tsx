import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';

/** The recovery codes, shown once right after enrolment: each signs in once when the phone is not at hand. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast({ title: 'Recovery codes copied' });
    } catch {
      toast({
        title: 'Could not copy',
        description: 'Select the codes and copy them by hand.',
        variant: 'destructive',
      });
    }
  };
  return (
    <div className="grid gap-4">
      <p className="text-sm font-medium">Two-factor authentication is on.</p>
      <p className="text-sm text-muted-foreground">
        Save these recovery codes somewhere safe. Each one signs you in once if you lose your authenticator app. They
        will not be shown again.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-md border bg-muted p-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button onClick={onDone}>I have saved my recovery codes</Button>
      </div>
    </div>
  );
}
