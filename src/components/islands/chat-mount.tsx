import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ChatPanel, type ChatTexts } from './ChatPanel';

function ChatRoot({ lang, texts, launcher }: { lang: 'en' | 'es'; texts: ChatTexts; launcher: HTMLButtonElement }) {
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

/** Mounts the chat on the launcher's first click; later clicks toggle it. */
export function mountChat(launcher: HTMLButtonElement): void {
  const texts = JSON.parse(launcher.dataset['texts'] ?? '{}') as ChatTexts;
  const lang = launcher.dataset['lang'] === 'es' ? 'es' : 'en';
  const container = document.createElement('div');
  document.body.append(container);
  createRoot(container).render(<ChatRoot lang={lang} texts={texts} launcher={launcher} />);
}
