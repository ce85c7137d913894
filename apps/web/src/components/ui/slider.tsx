import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

interface SliderProps extends Omit<ComponentProps<'input'>, 'type' | 'value' | 'onChange' | 'min' | 'max' | 'step'> {
  value: number;
  min: number;
  max: number;
  step: number;
  onValueChange: (value: number) => void;
}

/** A native range input (arrow keys, Home/End and Page keys work), styled with the theme's colours. */
export function Slider({ value, min, max, step, onValueChange, className, ...props }: SliderProps) {
  return (
    <input
      type="range"
      value={value}
      min={min}
      max={max}
      step={step}
      onChange={(event) => onValueChange(Number(event.currentTarget.value))}
      className={cn(
        'h-2 w-full cursor-pointer appearance-auto accent-primary disabled:cursor-not-allowed disabled:opacity-50',
        'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        className,
      )}
      {...props}
    />
  );
}
