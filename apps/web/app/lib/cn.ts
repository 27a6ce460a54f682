import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';
import { isHydrating } from './hydration';

export function cn(...inputs: ClassValue[]) {
  const classes = clsx(inputs);
  // While the browser takes over a prerendered page, elements keep the classes of the HTML (already
  // merged) and hydration does not compare them: tailwind-merge, whose first call builds its tables
  // (the costliest part), waits for a later render (decision 006).
  return isHydrating() ? classes : twMerge(classes);
}
