import { useEffect, useRef, useState, type SyntheticEvent, type KeyboardEvent, type ReactNode } from 'react';
import { ApiError, apiStream } from '../../client/api';
import { languageRow, type Language } from '../../i18n/languages';
// Types only: the panel ships neither zod nor the server's search.
import type { ChatLeadStep, ChatSource, ChatSourceType } from '../../features/chat/schema';
import { sitePath } from './site-path';

export interface ChatTexts {
  title: string;
  /** Says, in the title, that the visitor talks to an AI (EU AI Act, Art. 50). */
  aiLabel: string;
  subtitle: string;
  greeting: string;
  placeholder: string;
  send: string;
  /** The "talk to a person" action, and the message it sends (which starts the lead flow). */
  talkToPerson: string;
  talkToPersonMessage: string;
  /** The meeting offer's buttons, as a group (each is a free time and sends its label). */
  slots: string;
  /** Beside a free time shown in the visitor's zone: "{time} in Madrid". */
  madridTime: string;
  /** The answers the consent question's buttons send (the lead flow takes them as typed). */
  yes: string;
  no: string;
  /** The source cards' list label, and each type's name. */
  sources: string;
  sourceTypes: Record<ChatSourceType, string>;
  typing: string;
  close: string;
  fallback: string;
  /** A 429: today's limit for chat messages is reached (docs/security.md#what-one-visitor-can-make-the-site-spend). */
  limit: string;
}

interface Message {
  /** docs/product.md, "Chat widget": built from the current timestamp. */
  id: string;
  text: string;
  sender: 'user' | 'bot';
  timestamp: string;
  /** The site's pages the answer links to (the server's `sources`). */
  sources?: ChatSource[];
}

let lastId = 0;
function messageId(): string {
  lastId = Math.max(lastId + 1, Date.now());
  return String(lastId);
}

/**
 * The sources of an answer as the server sent them (types the panel can name, links on this site, each made its
 * path: src/components/islands/site-path.ts); anything else is left out.
 */
function readSources(value: unknown, types: Record<ChatSourceType, string>): ChatSource[] {
  const known = (type: string): type is ChatSourceType => Object.hasOwn(types, type);
  if (!Array.isArray(value)) return [];
  const items: unknown[] = value;
  return items.flatMap((source): ChatSource[] => {
    if (
      typeof source !== 'object' ||
      source === null ||
      !('title' in source) ||
      typeof source.title !== 'string' ||
      !('url' in source) ||
      typeof source.url !== 'string' ||
      !('type' in source) ||
      typeof source.type !== 'string' ||
      !known(source.type)
    ) {
      return [];
    }
    const url = sitePath(source.url, window.location.href);
    return url === null ? [] : [{ title: source.title, url, type: source.type }];
  });
}

/**
 * An answer's text with its Markdown links (`[title](/path)`) as links; a link
 * to another site stays text (answers only ever link to this site's pages).
 */
function AnswerText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(/\[([^\]\n]+)\]\(([^)\s]+)\)/g)) {
    const [whole, label, href] = match as unknown as [string, string, string];
    const path = sitePath(href, window.location.href);
    parts.push(text.slice(last, match.index));
    parts.push(
      path ? (
        <a
          key={match.index}
          href={path}
          className="font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-950"
        >
          {label}
        </a>
      ) : (
        label
      ),
    );
    last = match.index + whole.length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}

/** Where the lead flow stands, as the server said (`lead` in its answer); anything else is none. */
function readLead(value: unknown): ChatLeadStep {
  const steps: unknown[] = ['consent', 'name', 'email', 'company', 'slot', 'topic', 'filed'];
  return steps.includes(value) ? (value as ChatLeadStep) : null;
}

/** The meeting offer's free times as the server said them (`slots` in its answer): at most three short labels. */
function readSlots(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter((label): label is string => typeof label === 'string' && label.length <= 100).slice(0, 3);
}

/** The buttons' starts as the server said them (`slotStarts`): ISO times, one per label. */
function readStarts(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter((start): start is string => typeof start === 'string' && start.length <= 40).slice(0, 3);
}

const MADRID = 'Europe/Madrid';

/**
 * A free time in the visitor's own time zone, with the Madrid time beside it (as /book shows it), or null when the
 * visitor's zone is Madrid's (the server's label says it) or the start is unreadable.
 */
function localSlot(start: string | undefined, lang: Language): { local: string; madrid: string } | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const at = new Date(start ?? '');
  if (!zone || zone === MADRID || Number.isNaN(at.getTime())) return null;
  const locale = languageRow(lang).locale;
  const clock = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
  return {
    local: new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      ...clock,
      timeZone: zone,
    }).format(at),
    madrid: new Intl.DateTimeFormat(locale, { ...clock, timeZone: MADRID }).format(at),
  };
}

/**
 * The chat panel (docs/product.md, "Chat widget"): greeting on first open only, newest
 * message in view, typing indicator, the input kept (and its focus) while waiting but
 * nothing sent until the reply ends, Enter sends, blank never sent, the fallback message
 * when the call fails; Yes/No buttons for the lead flow's consent question, and no "talk
 * to a person" once the lead is filed. Loaded only when the visitor first opens the chat.
 */
export function ChatPanel({
  lang,
  texts,
  open,
  onClose,
}: {
  lang: Language;
  texts: ChatTexts;
  open: boolean;
  onClose: () => void;
}) {
  const [messages, setMessages] = useState<Message[]>([]);
  const [input, setInput] = useState('');
  const [pending, setPending] = useState(false);
  const [lead, setLead] = useState<ChatLeadStep>(null);
  const [slots, setSlots] = useState<string[]>([]);
  const [slotStarts, setSlotStarts] = useState<string[]>([]);
  const [handedOff, setHandedOff] = useState(false);
  // The server makes the session id with its first answer; the widget sends it back from then on.
  const sessionId = useRef<string | null>(null);
  const greeted = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    if (!greeted.current) {
      greeted.current = true;
      setMessages([{ id: messageId(), text: texts.greeting, sender: 'bot', timestamp: new Date().toISOString() }]);
    }
    const timer = window.setTimeout(() => inputRef.current?.focus(), 100);
    return () => window.clearTimeout(timer);
  }, [open, texts.greeting]);

  useEffect(() => {
    listRef.current?.scrollTo({ top: listRef.current.scrollHeight });
  }, [messages, pending]);

  async function send(event?: SyntheticEvent) {
    event?.preventDefault();
    await sendText(input);
  }

  async function sendText(typed: string) {
    const text = typed.trim();
    if (!text || pending) return;
    const user: Message = { id: messageId(), text, sender: 'user', timestamp: new Date().toISOString() };
    const history = [...messages, user];
    setMessages(history);
    setInput('');
    setPending(true);
    setLead(null);
    setSlots([]);
    const botId = messageId();
    const conversation = history
      .filter((message, index) => !(index === 0 && message.sender === 'bot'))
      .map((message) => ({ role: message.sender === 'user' ? 'user' : 'assistant', content: message.text }))
      .slice(-30);
    let sources: ChatSource[] = [];
    const show = (reply: string) =>
      setMessages((current) => {
        const rest = current.filter((message) => message.id !== botId);
        return [...rest, { id: botId, text: reply, sender: 'bot', timestamp: new Date().toISOString(), sources }];
      });
    try {
      const reply = await apiStream(
        '/api/chat',
        { messages: conversation, language: lang, ...(sessionId.current ? { sessionId: sessionId.current } : {}) },
        show,
        (done) => {
          if (typeof done['sessionId'] === 'string') sessionId.current = done['sessionId'];
          sources = readSources(done['sources'], texts.sourceTypes);
          const step = readLead(done['lead']);
          setLead(step);
          setSlots(step === 'slot' ? readSlots(done['slots']) : []);
          setSlotStarts(step === 'slot' ? readStarts(done['slotStarts']) : []);
          if (step === 'filed') setHandedOff(true);
        },
      );
      if (!reply.trim()) show(texts.fallback);
      else if (sources.length) show(reply);
    } catch (error) {
      show(error instanceof ApiError && error.status === 429 ? texts.limit : texts.fallback);
    } finally {
      setPending(false);
      window.setTimeout(() => inputRef.current?.focus(), 50);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') onClose();
  }

  /** A button's message: sent, and the focus put in the input so the next words typed land there. */
  function answer(text: string) {
    inputRef.current?.focus();
    void sendText(text);
  }

  if (!open) return null;
  const streaming = pending && messages[messages.length - 1]?.sender === 'bot';
  const consenting = lead === 'consent' && !pending;
  const choosing = lead === 'slot' && slots.length > 0 && !pending;
  const chip =
    'rounded-full border border-emerald-700 px-3 py-1 text-xs font-semibold text-emerald-800 hover:bg-emerald-50 disabled:opacity-50';
  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby="chat-title"
      onKeyDown={onKeyDown}
      className="fixed inset-x-0 bottom-0 z-[90] flex h-[min(32rem,85vh)] flex-col border border-slate-200 bg-white shadow-2xl sm:inset-x-auto sm:bottom-24 sm:right-6 sm:h-96 sm:w-96 sm:rounded-xl"
      data-chat-panel
    >
      <div className="flex items-center justify-between rounded-t-xl bg-emerald-700 px-4 py-3 text-white">
        <div>
          <h2 id="chat-title" className="text-base font-semibold">
            {texts.title}{' '}
            <span className="ml-1 whitespace-nowrap rounded-sm border border-white/70 px-1.5 py-0.5 align-middle text-xs font-semibold">
              {texts.aiLabel}
            </span>
          </h2>
          <p className="text-xs text-emerald-50">{texts.subtitle}</p>
        </div>
        <button
          type="button"
          onClick={onClose}
          className="rounded-sm p-2 text-xl leading-none hover:bg-white/10"
          aria-label={texts.close}
        >
          ×
        </button>
      </div>
      <div
        ref={listRef}
        role="log"
        aria-live="polite"
        aria-busy={pending}
        aria-relevant="additions"
        className="flex-1 space-y-3 overflow-y-auto px-4 py-3"
      >
        {messages.map((message) => (
          <div
            key={message.id}
            className={message.sender === 'user' ? 'flex justify-end' : 'flex flex-col items-start'}
          >
            <p
              className={`max-w-[85%] whitespace-pre-line break-words rounded-2xl px-3 py-2 text-sm leading-6 ${
                message.sender === 'user'
                  ? 'rounded-br-sm bg-emerald-700 text-white'
                  : 'rounded-bl-sm bg-slate-100 text-slate-800'
              }`}
              data-sender={message.sender}
            >
              {message.sender === 'bot' ? <AnswerText text={message.text} /> : message.text}
            </p>
            {message.sources && message.sources.length > 0 && (
              <ul aria-label={texts.sources} className="mt-2 flex w-[85%] flex-col gap-1.5" data-chat-sources>
                {message.sources.map((source) => (
                  <li key={source.url + source.title}>
                    <a
                      href={source.url}
                      className="block rounded-lg border border-slate-200 bg-white px-3 py-1.5 hover:border-emerald-700 hover:bg-emerald-50"
                      data-chat-source
                    >
                      <span className="block text-xs font-semibold text-emerald-800">
                        {texts.sourceTypes[source.type]}
                      </span>
                      <span className="block text-sm leading-5 font-medium text-slate-900">{source.title}</span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))}
        {pending && !streaming && (
          <div className="flex justify-start" data-typing>
            <span className="sr-only">{texts.typing}</span>
            <span aria-hidden="true" className="flex gap-1 rounded-2xl bg-slate-100 px-3 py-3">
              <span className="h-2 w-2 animate-bounce rounded-full bg-slate-400" />
              <span className="h-2 w-2 animate-bounce rounded-full bg-slate-400 [animation-delay:120ms]" />
              <span className="h-2 w-2 animate-bounce rounded-full bg-slate-400 [animation-delay:240ms]" />
            </span>
          </div>
        )}
      </div>
      {choosing && (
        <div
          role="group"
          aria-label={texts.slots}
          className="flex flex-wrap gap-2 border-t border-slate-200 px-3 pt-2"
          data-chat-slots
        >
          {slots.map((label, index) => {
            // The button sends the server's label (Madrid time), which the server knows; it shows the visitor's time.
            const shown = localSlot(slotStarts[index], lang);
            return (
              <button key={label} type="button" onClick={() => answer(label)} className={chip} data-chat-slot>
                {shown ? (
                  <>
                    <span data-chat-slot-local>{shown.local}</span>{' '}
                    <span className="text-xs text-slate-600" data-chat-slot-madrid>
                      ({texts.madridTime.replace('{time}', shown.madrid)})
                    </span>
                  </>
                ) : (
                  label
                )}
              </button>
            );
          })}
        </div>
      )}
      {(!handedOff || consenting) && (
        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-3 pt-2">
          {consenting && (
            <>
              <button type="button" onClick={() => answer(texts.yes)} className={chip} data-chat-yes>
                {texts.yes}
              </button>
              <button type="button" onClick={() => answer(texts.no)} className={chip} data-chat-no>
                {texts.no}
              </button>
            </>
          )}
          {!handedOff && (
            <button
              type="button"
              onClick={() => answer(texts.talkToPersonMessage)}
              disabled={pending}
              className={`${consenting ? 'ml-auto ' : ''}${chip}`}
              data-talk-to-person
            >
              {texts.talkToPerson}
            </button>
          )}
        </div>
      )}
      <form onSubmit={(event) => void send(event)} className="flex gap-2 p-3">
        <label htmlFor="chat-input" className="sr-only">
          {texts.placeholder}
        </label>
        <input
          id="chat-input"
          ref={inputRef}
          value={input}
          onChange={(event) => setInput(event.target.value)}
          placeholder={texts.placeholder}
          maxLength={2000}
          autoComplete="off"
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-emerald-600 focus:outline-hidden focus:ring-2 focus:ring-emerald-600/30 disabled:bg-slate-50"
        />
        <button type="submit" disabled={pending || !input.trim()} className="btn-primary px-4 py-2 disabled:opacity-50">
          {texts.send}
        </button>
      </form>
    </div>
  );
}
