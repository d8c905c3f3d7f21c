import type { ComponentProps } from 'react';
import { controlClass, type ControlVariant } from './control';
import { useFieldControl } from './field';

export function Input({
  className,
  variant = 'default',
  ...props
}: ComponentProps<'input'> & { variant?: ControlVariant }) {
  const field = useFieldControl();
  return <input {...field.props} className={controlClass(variant, field.inField, className)} {...props} />;
}
