import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names; a later Tailwind utility wins over a conflicting earlier
 * one (`cn('max-w-lg', 'max-w-6xl')` is `max-w-6xl`). tailwind-merge weighs
 * about 20 KB, so only code that never ships to visitors uses it: the admin
 * dashboard's primitives (button, table, dialog).
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * Joins class names without resolving conflicts: for the primitives public
 * islands use (field, input, textarea, select). Their variants never repeat a
 * utility a caller adds, so there is nothing to resolve.
 */
export function cx(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
