import type { Language } from '../languages';
import { adminEn, type AdminTexts } from './en';
import { adminEs } from './es';

export type { AdminTexts };

/** The dashboard's dictionaries, one per language (the one lookup for dashboard texts). */
export const ADMIN_TEXTS: Record<Language, AdminTexts> = { en: adminEn, es: adminEs };

/** Dates and numbers in the dashboard follow its language (day first in both). */
export const ADMIN_LOCALE: Record<Language, string> = { en: 'en-GB', es: 'es-ES' };
