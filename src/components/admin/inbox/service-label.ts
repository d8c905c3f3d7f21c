import { en } from '../../../i18n/en';
import { SERVICE_OPTIONS } from '../../../lib/schemas/contact';

/**
 * A contact message's service of interest as the contact form names it (the
 * dashboard is English). The English dictionary alone is imported, so the
 * Spanish texts stay out of the dashboard's code; a value from before the
 * current list shows as stored.
 */
export function serviceLabel(value: string): string {
  const service = SERVICE_OPTIONS.find((option) => option === value);
  return service ? en[`service.${service}`] : value;
}
