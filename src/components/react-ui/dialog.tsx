import { createContext, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cn } from '../../client/cn';
import { Button } from './button';

/** The texts of the question a dialog with unsaved edits asks before it closes. */
export interface UnsavedTexts {
  title: string;
  text: string;
  keep: string;
  discard: string;
}

/** Closes the dialog around, asking first while it has unsaved edits (for its Cancel button). */
const CloseContext = createContext<() => void>(() => undefined);

export function useDialogClose(): () => void {
  return useContext(CloseContext);
}

/**
 * A modal on the native <dialog>: the page behind is inert, focus stays
 * inside, Escape, × and a click on the backdrop close it, and focus returns to
 * what opened it. Its content is rendered only while open. `className` sets
 * the width (max-w-lg unless told). With `unsaved.dirty`, each of those (and a
 * Cancel inside that uses `useDialogClose()`) first asks, in the page, whether
 * to discard the edits; Escape on that question keeps editing.
 */
export function Dialog({
  open,
  title,
  closeLabel,
  onClose,
  className,
  unsaved,
  children,
}: {
  open: boolean;
  title: string;
  closeLabel: string;
  onClose: () => void;
  className?: string | undefined;
  unsaved?: (UnsavedTexts & { dirty: boolean }) | undefined;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const before = useRef<Element | null>(null);
  const pressedOnBackdrop = useRef(false);
  const [asking, setAsking] = useState(false);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      setAsking(false);
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
      if (opener.current instanceof HTMLElement) opener.current.focus();
    }
  }, [open]);

  function requestClose() {
    if (!unsaved?.dirty) return onClose();
    before.current = document.activeElement;
    setAsking(true);
  }
  function keepEditing() {
    setAsking(false);
    // Back to where the edit was, once the form is no longer inert.
    requestAnimationFrame(() => {
      if (before.current instanceof HTMLElement) before.current.focus();
    });
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        if (asking) keepEditing();
        else requestClose();
      }}
      onKeyDown={(event) => {
        // Escape handled here (its default prevented, so no cancel event follows): Chrome lets a page refuse the
        // cancel event only once per user activation, and the question must hold on a second Escape too.
        if (event.key !== 'Escape' || event.defaultPrevented) return;
        event.preventDefault();
        if (asking) keepEditing();
        else requestClose();
      }}
      onPointerDown={(event) => (pressedOnBackdrop.current = event.target === ref.current)}
      onClick={(event) => {
        // A click that began and ended on the backdrop (the dialog itself has no padding of its own).
        if (event.target === ref.current && pressedOnBackdrop.current && !asking) requestClose();
      }}
      className={cn('w-[calc(100%-2rem)] max-w-lg rounded-xl p-0 shadow-2xl backdrop:bg-slate-900/60', className)}
    >
      {open && (
        <CloseContext.Provider value={requestClose}>
          <div className="flex max-h-[90vh] flex-col" inert={asking}>
            <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-6 py-4">
              <h2 id={`${id}-title`} className="text-lg font-semibold text-navy">
                {title}
              </h2>
              <button
                type="button"
                onClick={requestClose}
                className="rounded-sm p-1 text-2xl leading-none text-slate-600 hover:bg-slate-100"
                aria-label={closeLabel}
              >
                ×
              </button>
            </div>
            <div className="overflow-y-auto px-6 py-5">{children}</div>
          </div>
          {asking && unsaved && (
            <div className="absolute inset-0 z-10 flex items-center justify-center bg-white/85 p-4">
              <div
                role="alertdialog"
                aria-modal="true"
                aria-labelledby={`${id}-unsaved-title`}
                aria-describedby={`${id}-unsaved-text`}
                className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-5 shadow-xl"
                data-unsaved-question
              >
                <h3 id={`${id}-unsaved-title`} className="text-base font-semibold text-navy">
                  {unsaved.title}
                </h3>
                <p id={`${id}-unsaved-text`} className="mt-2 text-sm text-slate-700">
                  {unsaved.text}
                </p>
                <div className="mt-5 flex flex-wrap justify-end gap-2">
                  <Button variant="secondary" onClick={keepEditing} autoFocus>
                    {unsaved.keep}
                  </Button>
                  <Button
                    variant="destructive"
                    onClick={() => {
                      setAsking(false);
                      onClose();
                    }}
                  >
                    {unsaved.discard}
                  </Button>
                </div>
              </div>
            </div>
          )}
        </CloseContext.Provider>
      )}
    </dialog>
  );
}

/** A dialog's Cancel: closes it as × does (asking first while there are unsaved edits). */
export function DialogCancel({ children, disabled }: { children: ReactNode; disabled?: boolean | undefined }) {
  const close = useDialogClose();
  return (
    <Button variant="secondary" onClick={close} disabled={disabled}>
      {children}
    </Button>
  );
}
