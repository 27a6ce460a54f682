import { Button } from './button';
import { cn } from '~/lib/cn';

export interface IPressedOption<T extends string> {
  value: T;
  label: string;
}

/**
 * A row of buttons of which one is pressed (a view or a filter: Day / Week, List / Month, Inbox /
 * Archived), announced as a labelled group whose buttons say whether they are pressed. `quiet`
 * draws the buttons lighter (the pressed one outlined, the others plain), for a side panel.
 */
export function PressedButtons<T extends string>({
  label,
  options,
  value,
  onChange,
  quiet = false,
  className,
}: {
  label: string;
  options: readonly IPressedOption<T>[];
  value: T;
  onChange: (value: T) => void;
  quiet?: boolean;
  className?: string;
}) {
  return (
    <div role="group" aria-label={label} className={cn('flex gap-1', className)}>
      {options.map((option) => {
        const pressed = option.value === value;
        return (
          <Button
            key={option.value}
            size="sm"
            variant={quiet ? (pressed ? 'secondary' : 'ghost') : pressed ? 'primary' : 'secondary'}
            aria-pressed={pressed}
            onClick={() => onChange(option.value)}
          >
            {option.label}
          </Button>
        );
      })}
    </div>
  );
}
