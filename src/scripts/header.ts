/**
 * The header's behaviour: the mobile menu (button, Escape, outside click,
 * closes after a choice), remembering the language the visitor picks, and the
 * logo scrolling to the top on the home page.
 */
export function initHeader(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-menu-button]');
  const menu = document.querySelector<HTMLElement>('[data-menu]');
  const label = document.querySelector<HTMLElement>('[data-menu-label]');

  const setOpen = (open: boolean, restoreFocus = false) => {
    if (!button || !menu) return;
    button.setAttribute('aria-expanded', String(open));
    menu.classList.toggle('hidden', !open);
    if (label) label.textContent = (open ? button.dataset['labelClose'] : button.dataset['labelOpen']) ?? '';
    if (open) menu.querySelector<HTMLElement>('a')?.focus();
    else if (restoreFocus) button.focus();
  };

  button?.addEventListener('click', () => setOpen(button.getAttribute('aria-expanded') !== 'true'));
  menu?.addEventListener('click', (event) => {
    if ((event.target as HTMLElement).closest('a')) setOpen(false);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && button?.getAttribute('aria-expanded') === 'true') setOpen(false, true);
  });
  document.addEventListener('click', (event) => {
    const target = event.target as Node;
    if (button?.getAttribute('aria-expanded') === 'true' && !menu?.contains(target) && !button.contains(target))
      setOpen(false);
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
