import { useId } from 'react';

export function Checkbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 accent-primary"
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

export function SettingsNote() {
  return <p className="text-sm text-muted-foreground">Only a super admin can change these settings.</p>;
}
