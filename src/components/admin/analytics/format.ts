import { useMemo } from 'react';
import { ADMIN_LOCALE } from '../../../i18n/admin';
import { useAdminLanguage } from '../language';

/** The Analytics tab's numbers, money, rates, days and country names, in the dashboard's language. */
export interface Formats {
  locale: string;
  number: (value: number) => string;
  decimal: (value: number) => string;
  percent: (value: number) => string;
  euros: (value: number) => string;
  /** A firm day (`YYYY-MM-DD`), with its year. */
  day: (day: string) => string;
  /** An ISO 3166 code's name; the code itself when the browser knows no name for it. */
  country: (code: string) => string;
}

/** `part / whole`, or null when there is no whole to divide by. */
export function ratio(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

export function useFormats(): Formats {
  const { language } = useAdminLanguage();
  return useMemo(() => {
    const locale = ADMIN_LOCALE[language];
    const number = new Intl.NumberFormat(locale);
    const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    const euros = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
    const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    const regions = new Intl.DisplayNames([locale], { type: 'region' });
    return {
      locale,
      number: (value) => number.format(value),
      decimal: (value) => decimal.format(value),
      percent: (value) => percent.format(value),
      euros: (value) => euros.format(value),
      day: (value) => day.format(new Date(`${value}T00:00:00Z`)),
      country: (code) => {
        try {
          return regions.of(code.toUpperCase()) ?? code;
        } catch {
          return code;
        }
      },
    };
  }, [language]);
}
