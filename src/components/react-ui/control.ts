import { clsx } from 'clsx';

/**
 * The looks of a form control. None repeats a utility that callers add (width,
 * margin, flex), so plain clsx joins them: public islands use these controls,
 * and cn()'s tailwind-merge (~20 KB) stays out of their code. Keep this module
 * free of src/client/cn.ts, or the bundler puts tailwind-merge in their chunk.
 */
const CONTROL_VARIANTS = {
  /** The dashboard's fields. */
  default: 'block w-full px-3 py-2 text-sm',
  /** Small inline inputs: metric rows, the image address. */
  compact: 'px-2 py-1 text-sm',
  /** The public site's forms. */
  public:
    'block w-full px-3 py-2 text-base text-slate-900 shadow-xs focus:border-emerald-600 aria-[invalid]:border-red-600',
  /** Source code (the rich-text editor's HTML view). */
  code: 'block w-full p-3 font-mono text-xs',
} as const;

export type ControlVariant = keyof typeof CONTROL_VARIANTS;

/** A control inside a Field sits just below its label. */
export function controlClass(variant: ControlVariant, inField: boolean, className: string | undefined): string {
  return clsx(inField && 'mt-1', 'rounded-md border border-slate-300', CONTROL_VARIANTS[variant], className);
}
