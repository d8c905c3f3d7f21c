import { useCallback, useState, type SyntheticEvent } from 'react';
import { useAdminTexts } from './language';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function isControl(element: Element): element is Control {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement
  );
}

/**
 * A dialog's check of its form before it is sent (the form has `noValidate`, so no browser popup): every control
 * the browser finds missing or invalid, plus the dialog's own rules (`extra`, by field id), gets a message next to
 * it in the dashboard's language (through `FormErrors` and `Field`: aria-invalid, aria-describedby), and focus
 * moves to the first. An error goes as soon as its field is edited.
 */
export function useFormCheck() {
  const t = useAdminTexts().ux.fields;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const check = useCallback(
    (form: HTMLFormElement, extra: Record<string, string | false | undefined> = {}): boolean => {
      const found: Record<string, string> = {};
      const controls = Array.from(form.elements).filter(isControl);
      for (const control of controls) {
        if (!control.id || !control.willValidate || control.validity.valid) continue;
        found[control.id] = control.validity.valueMissing ? t.required : t.invalid;
      }
      for (const [id, message] of Object.entries(extra)) if (message && !found[id]) found[id] = message;
      setErrors(found);
      controls.find((control) => control.id in found)?.focus();
      return Object.keys(found).length === 0;
    },
    [t],
  );
  const onInput = useCallback((event: SyntheticEvent) => {
    const id = (event.target as Partial<HTMLElement>).id;
    if (!id) return;
    setErrors((current) => {
      if (!(id in current)) return current;
      const rest = { ...current };
      delete rest[id];
      return rest;
    });
  }, []);
  const reset = useCallback(() => setErrors({}), []);
  return { errors, check, onInput, reset };
}
