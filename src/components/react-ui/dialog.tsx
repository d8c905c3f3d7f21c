import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '../../client/cn';

/**
 * A modal on the native <dialog>: the page behind is inert, focus stays
 * inside, Escape closes, and focus returns to what opened it. Its content is
 * rendered only while open. `className` sets the width (max-w-lg unless told).
 */
export function Dialog({
  open,
  title,
  closeLabel,
  onClose,
  className,
  children,
}: {
  open: boolean;
  title: string;
  closeLabel: string;
  onClose: () => void;
  className?: string | undefined;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
      if (opener.current instanceof HTMLElement) opener.current.focus();
    }
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby="dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={cn('w-[calc(100%-2rem)] max-w-lg rounded-xl p-0 shadow-2xl backdrop:bg-slate-900/60', className)}
    >
      {open && (
        <div className="flex max-h-[90vh] flex-col">
          <div className="flex items-center justify-between border-b border-slate-200 px-6 py-4">
            <h2 id="dialog-title" className="text-lg font-semibold text-navy">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              className="rounded-sm p-1 text-2xl leading-none text-slate-600 hover:bg-slate-100"
              aria-label={closeLabel}
            >
              ×
            </button>
          </div>
          <div className="overflow-y-auto px-6 py-5">{children}</div>
        </div>
      )}
    </dialog>
  );
}
