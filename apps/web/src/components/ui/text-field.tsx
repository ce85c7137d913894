import { useId, type ComponentProps } from 'react';
import { Input } from './input';
import { Label } from './label';

interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id' | 'onChange'> {
  label: string;
  hint?: string;
  onValueChange: (value: string) => void;
}

/** A labelled input: the label is tied to the input so getByLabel finds it. */
export function TextField({ label, hint, onValueChange, className, ...inputProps }: TextFieldProps) {
  const id = useId();
  return (
    <div className={className ? `grid gap-2 ${className}` : 'grid gap-2'}>
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {hint ? <span className="text-xs text-muted-foreground">{hint}</span> : null}
      </div>
      <Input id={id} onChange={(event) => onValueChange(event.target.value)} {...inputProps} />
    </div>
  );
}
