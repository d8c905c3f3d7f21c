import type { ComponentProps } from 'react';
import { cn } from '../../client/cn';

/** A table in a bordered box that scrolls sideways on a narrow screen. */
export function Table({ className, boxClassName, ...props }: ComponentProps<'table'> & { boxClassName?: string }) {
  return (
    <div className={cn('overflow-x-auto rounded-lg border border-slate-200', boxClassName)}>
      <table className={cn('min-w-full divide-y divide-slate-200 text-left text-sm', className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cn('bg-slate-50', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('divide-y divide-slate-100 bg-white', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={className} {...props} />;
}

export function TableHead({ className, scope = 'col', ...props }: ComponentProps<'th'>) {
  return <th scope={scope} className={cn('px-4 py-3 font-semibold text-slate-700', className)} {...props} />;
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cn('px-4 py-3 align-top text-slate-800', className)} {...props} />;
}
