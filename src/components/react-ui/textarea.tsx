import type { ComponentProps } from 'react';
import { controlClass, type ControlVariant } from './control';
import { useFieldControl } from './field';

export function Textarea({
  className,
  variant = 'default',
  ...props
}: ComponentProps<'textarea'> & { variant?: ControlVariant }) {
  const field = useFieldControl();
  return <textarea {...field.props} className={controlClass(variant, field.inField, className)} {...props} />;
}
