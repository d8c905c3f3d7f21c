import { ADMIN_DICTIONARIES } from '../dictionaries';
import { byLanguage, languageRow, type Language } from '../languages';
import type { AdminTexts } from './en';

export type { AdminTexts };

/** The dashboard's dictionaries, one per language (the one lookup for dashboard texts). */
export const ADMIN_TEXTS: Record<Language, AdminTexts> = ADMIN_DICTIONARIES;

/** Dates, numbers and sorting in the dashboard follow its language (the table's `dashboardLocale`). */
export const ADMIN_LOCALE: Record<Language, string> = byLanguage((language) => languageRow(language).dashboardLocale);
