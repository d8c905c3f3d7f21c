import type { ComponentProps } from 'react';
import { controlClass, type ControlVariant } from './control';
import { useFieldControl } from './field';

export function Select({
  className,
  variant = 'default',
  ...props
}: ComponentProps<'select'> & { variant?: ControlVariant }) {
  const field = useFieldControl();
  return <select {...field.props} className={controlClass(variant, field.inField, className)} {...props} />;
}
