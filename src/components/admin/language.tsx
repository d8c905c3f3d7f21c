import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import { ADMIN_TEXTS, type AdminTexts } from '../../i18n/admin';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../i18n/languages';

/** The dashboard's language, chosen with the header's switch, is remembered on this browser. */
const STORAGE_KEY = 'admin-language';

function saved(): Language | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

function save(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Storage refused (private mode): the choice lasts until the page is left.
  }
}

/**
 * The language the dashboard opens in: the one a sign-in link names (`/admin?lang=es`, from a Spanish page; it is
 * remembered), else the one chosen last on this browser, else the page's.
 */
function initialLanguage(): Language {
  const fromLink = new URLSearchParams(window.location.search).get('lang');
  if (isLanguage(fromLink)) {
    save(fromLink);
    return fromLink;
  }
  return saved() ?? (isLanguage(document.documentElement.lang) ? document.documentElement.lang : DEFAULT_LANGUAGE);
}

/** For code that is not a component (the data layer's toasts, date formatting): the language shown now. */
let current: Language = DEFAULT_LANGUAGE;

export function adminLanguageNow(): Language {
  return current;
}

export function adminTextsNow(): AdminTexts {
  return ADMIN_TEXTS[current];
}

const LanguageContext = createContext<{ language: Language; setLanguage: (language: Language) => void }>({
  language: DEFAULT_LANGUAGE,
  setLanguage: () => undefined,
});

export function AdminLanguageProvider({ children }: { children: React.ReactNode }) {
  const [language, setState] = useState<Language>(initialLanguage);
  current = language;
  const setLanguage = useCallback((next: Language) => {
    save(next);
    current = next;
    setState(next);
  }, []);
  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

/** The dashboard's language and the switch that changes it. */
export function useAdminLanguage(): { language: Language; setLanguage: (language: Language) => void } {
  return useContext(LanguageContext);
}

/** The one lookup of dashboard texts, in the dashboard's language. */
export function useAdminTexts(): AdminTexts {
  return ADMIN_TEXTS[useContext(LanguageContext).language];
}
