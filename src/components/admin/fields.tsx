import type { ComponentProps } from 'react';

export function TextField({ label, id, ...input }: ComponentProps<'input'> & { label: string; id: string }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input id={id} className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm" {...input} />
    </div>
  );
}

export function TextArea({ label, id, ...input }: ComponentProps<'textarea'> & { label: string; id: string }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
        {...input}
      />
    </div>
  );
}
