import { createContext, useContext, type ReactNode } from 'react';

interface FieldState {
  id: string;
  error: string | undefined;
}

const FieldContext = createContext<FieldState | null>(null);

/** A form's errors by field id (a dialog's check of its fields): each Field inside shows its own. */
const FormErrorsContext = createContext<Readonly<Record<string, string>>>({});

export function FormErrors({ errors, children }: { errors: Readonly<Record<string, string>>; children: ReactNode }) {
  return <FormErrorsContext.Provider value={errors}>{children}</FormErrorsContext.Provider>;
}

/** The error a form's check found for a field id, if any (for a control that is not inside a Field). */
export function useFormError(id: string): string | undefined {
  return useContext(FormErrorsContext)[id];
}

export function fieldErrorId(id: string): string {
  return `${id}-error`;
}

/**
 * A label, its control and the control's error. The control inside (Input,
 * Textarea, Select) takes its id from here and, while there is an error, is
 * marked invalid and described by the error text, so screen readers read it.
 */
export function Field({
  id,
  label,
  optionalLabel,
  error,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  /** Shown after the label in brackets, e.g. "(optional)". */
  optionalLabel?: string | undefined;
  error?: string | undefined;
  className?: string | undefined;
  children: ReactNode;
}) {
  const formError = useContext(FormErrorsContext)[id];
  error ??= formError;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {optionalLabel && <span className="font-normal text-slate-600"> ({optionalLabel})</span>}
      </label>
      <FieldContext.Provider value={{ id, error }}>{children}</FieldContext.Provider>
      {error && (
        <p id={fieldErrorId(id)} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** What a control inside a Field gets from it; outside a Field, nothing. */
export function useFieldControl(): {
  inField: boolean;
  props: { id?: string; 'aria-invalid'?: true; 'aria-describedby'?: string };
} {
  const field = useContext(FieldContext);
  if (!field) return { inField: false, props: {} };
  if (!field.error) return { inField: true, props: { id: field.id } };
  return { inField: true, props: { id: field.id, 'aria-invalid': true, 'aria-describedby': fieldErrorId(field.id) } };
}
