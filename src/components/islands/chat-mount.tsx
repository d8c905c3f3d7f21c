import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { apiFetch } from '../../client/api';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../i18n/languages';
import { ChatPanel, type ChatTexts } from './ChatPanel';

function ChatRoot({ lang, texts, launcher }: { lang: Language; texts: ChatTexts; launcher: HTMLButtonElement }) {
  const [open, setOpen] = useState(true);
  useEffect(() => {
    const toggle = () => setOpen((current) => !current);
    launcher.addEventListener('click', toggle);
    return () => launcher.removeEventListener('click', toggle);
  }, [launcher]);
  useEffect(() => {
    launcher.setAttribute('aria-expanded', String(open));
  }, [open, launcher]);
  return (
    <ChatPanel
      lang={lang}
      texts={texts}
      open={open}
      onClose={() => {
        setOpen(false);
        launcher.focus();
      }}
    />
  );
}

let texts: Promise<ChatTexts> | undefined;

/**
 * The panel's texts in the page's language: a static file (src/pages/[...lang]/chat-texts.json.ts), asked for once, as
 * soon as this module loads (the launcher loads it on the first sign of intent); asked again after a failure.
 */
function loadTexts(launcher: HTMLElement): Promise<ChatTexts> {
  texts ??= apiFetch<ChatTexts>(launcher.dataset['textsUrl'] ?? '/chat-texts.json').catch((error: unknown) => {
    texts = undefined;
    throw error;
  });
  return texts;
}

const pageLauncher = document.querySelector<HTMLElement>('[data-chat-launcher]');
if (pageLauncher) loadTexts(pageLauncher).catch(() => undefined);

/** Mounts the chat on the launcher's first click; later clicks toggle it. Rejects when its texts cannot be had. */
export async function mountChat(launcher: HTMLButtonElement): Promise<void> {
  const chatTexts = await loadTexts(launcher);
  const asked = launcher.dataset['lang'];
  const lang = isLanguage(asked) ? asked : DEFAULT_LANGUAGE;
  const container = document.createElement('div');
  document.body.append(container);
  createRoot(container).render(<ChatRoot lang={lang} texts={chatTexts} launcher={launcher} />);
}
