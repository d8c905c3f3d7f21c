/**
 * The header's behaviour: the mobile menu (button, Escape, outside click,
 * closes after a choice), remembering the language the visitor picks, and the
 * logo scrolling to the top on the home page.
 */
export function initHeader(): void {
  // The menu is a <details> (it opens with no script); its <summary> is the button.
  const details = document.querySelector<HTMLDetailsElement>('[data-menu-details]');
  const button = document.querySelector<HTMLElement>('[data-menu-button]');
  const menu = document.querySelector<HTMLElement>('[data-menu]');
  const label = document.querySelector<HTMLElement>('[data-menu-label]');

  const show = (open: boolean) => {
    if (!button) return;
    button.setAttribute('aria-expanded', String(open));
    if (label) label.textContent = (open ? button.dataset['labelClose'] : button.dataset['labelOpen']) ?? '';
  };
  const setOpen = (open: boolean, restoreFocus = false) => {
    if (!details || !button || !menu) return;
    details.open = open;
    show(open);
    if (open) menu.querySelector<HTMLElement>('a')?.focus();
    else if (restoreFocus) button.focus();
  };
  const isOpen = () => details?.open === true;

  show(isOpen());
  button?.addEventListener('click', (event) => {
    // The script opens and closes it, so the state, the label and the focus change together.
    event.preventDefault();
    setOpen(!isOpen());
  });
  menu?.addEventListener('click', (event) => {
    if ((event.target as HTMLElement).closest('a')) setOpen(false);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && isOpen()) setOpen(false, true);
  });
  document.addEventListener('click', (event) => {
    const target = event.target as Node;
    if (isOpen() && !menu?.contains(target) && !button?.contains(target)) setOpen(false);
  });

  // The visitor's choice wins over the browser's language from now on: kept for
  // the page (localStorage `language`) and for Netlify's Language redirects (nf_lang).
  for (const link of document.querySelectorAll<HTMLAnchorElement>('[data-language-switch]')) {
    link.addEventListener('click', () => {
      const language = link.dataset['languageSwitch'];
      if (!language) return;
      try {
        localStorage.setItem('language', language);
      } catch {
        // Storage may be blocked; the cookie still carries the choice.
      }
      document.cookie = `nf_lang=${language}; path=/; max-age=31536000; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`;
    });
  }

  document.querySelector<HTMLAnchorElement>('[data-logo][href="#main"]')?.addEventListener('click', (event) => {
    event.preventDefault();
    window.scrollTo({ top: 0, behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
    history.replaceState(null, '', location.pathname);
  });
}
