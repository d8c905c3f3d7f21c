import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names; a later Tailwind utility wins over a conflicting earlier
 * one (`cn('max-w-lg', 'max-w-6xl')` is `max-w-6xl`). tailwind-merge weighs
 * about 20 KB, so only code that never ships to visitors uses it: the admin
 * dashboard's primitives (button, table, dialog). The form controls public
 * islands use join their classes with plain clsx (components/react-ui/control.ts).
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
