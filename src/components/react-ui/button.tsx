import type { ComponentProps } from 'react';
import { cn } from '../../client/cn';

const BUTTON_VARIANTS = {
  primary: 'btn-primary',
  secondary: 'btn-secondary',
  /** A quiet text button, as in a table row's actions. */
  ghost: 'rounded-md px-2 py-1 text-sm font-medium text-emerald-800 hover:bg-emerald-50',
  destructive: 'rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50',
} as const;

export type ButtonVariant = keyof typeof BUTTON_VARIANTS;

/** A button's classes, for a link that looks like one. */
export function buttonVariants({
  variant = 'primary',
  className,
}: { variant?: ButtonVariant; className?: string | undefined } = {}): string {
  return cn(BUTTON_VARIANTS[variant], className);
}

/** Uses tailwind-merge (through cn): for the dashboard, not for public islands. */
export function Button({
  variant = 'primary',
  type = 'button',
  className,
  ...props
}: ComponentProps<'button'> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonVariants({ variant, className })} {...props} />;
}
