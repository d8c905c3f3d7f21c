import { useEffect, useRef, useState } from 'react';
import { ApiError, apiFetch } from '../../client/api';
import { showToast } from '../../client/toast';
import type { Language } from '../../i18n/languages';

export interface VideoTexts {
  calling: string;
  /** EU AI Act Art. 50: the visitor is told before the call that the CEO on screen is an AI avatar. */
  aiDisclosure: string;
  start: string;
  /** Shown when Start is pressed before this script has loaded; `noScript` when scripts are off. */
  loading: string;
  noScript: string;
  starting: string;
  fullscreen: string;
  end: string;
  notice: string;
  notConfigured: string;
  successTitle: string;
  successText: string;
  error: string;
  /** A 429: this connection's video calls for today are spent (docs/security.md#what-one-visitor-can-make-the-site-spend). */
  limit: string;
  frameTitle: string;
  close: string;
}

interface Call {
  url: string;
  sessionId: string;
  startedAt: number;
}

/** docs/product.md, "Video": the page may read any of these. */
interface StartAnswer {
  conversation_url?: string;
  meeting_url?: string;
  url?: string;
  conversation_id?: string;
}

/** Logs a call once (docs/product.md, "Video call card"); keepalive lets it go out while the page is being left. */
function logCall(current: Call, lang: Language, logged: { current: boolean }) {
  if (logged.current) return;
  logged.current = true;
  const body = {
    sessionId: current.sessionId,
    transcript: [],
    language: lang,
    conversationUrl: current.url,
    duration: Math.round((Date.now() - current.startedAt) / 1000),
  };
  void fetch('/api/tavus-conversations', {
    method: 'POST',
    keepalive: true,
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }).catch((error: unknown) => console.warn('Video call log failed', error));
}

/**
 * The AI video call (docs/product.md, "Video call card"): a looping placeholder with
 * "{name} is calling", Start (Starting... while starting), then the call in a
 * 320 px frame with a full-screen button. The call is logged with its length
 * when it ends or the page is left.
 */
/** The note a press of Start shows before the island's script has loaded (or without scripts). */
const EARLY_NOTE_ID = 'video-early-note';

export function VideoCall({ lang, texts }: { lang: Language; texts: VideoTexts }) {
  const [starting, setStarting] = useState(false);
  const [call, setCall] = useState<Call | null>(null);
  const frameBox = useRef<HTMLDivElement>(null);
  const logged = useRef(false);
  const startButton = useRef<HTMLButtonElement>(null);
  const loop = useRef<HTMLVideoElement>(null);

  // The looping picture is not in the page's HTML as `autoplay`: it would be fetched (34 KB) before the first paint by
  // every visitor. The island hydrates when the section scrolls into view; only then does the picture load and play.
  useEffect(() => {
    const video = loop.current;
    if (!video || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    video.play().catch(() => undefined);
  }, [call]);

  // Before this script ran, Start opened the "preparing" note (a popover, no script needed); now the button is
  // this script's, and a press made while it loaded starts the call.
  useEffect(() => {
    const button = startButton.current;
    const early = document.getElementById(EARLY_NOTE_ID);
    button?.removeAttribute('popovertarget');
    if (early?.matches(':popover-open')) {
      early.hidePopover();
      button?.click();
    }
  }, []);

  useEffect(() => {
    if (!call) return;
    const onLeave = () => logCall(call, lang, logged);
    window.addEventListener('pagehide', onLeave);
    return () => window.removeEventListener('pagehide', onLeave);
  }, [call, lang]);

  async function start() {
    setStarting(true);
    try {
      const answer = await apiFetch<StartAnswer>('/api/tavus/conversation', {
        body: { conversation_name: 'Website visitor', language: lang },
      });
      const url = answer.conversation_url ?? answer.meeting_url ?? answer.url;
      if (!url) throw new Error('No conversation URL or ID received');
      logged.current = false;
      setCall({
        url,
        sessionId: answer.conversation_id ?? `video_${Date.now()}_${Math.random().toString(36).slice(2, 11)}`,
        startedAt: Date.now(),
      });
      showToast({ title: texts.successTitle, description: texts.successText, closeLabel: texts.close });
    } catch (error) {
      // 503: not configured, or the site's calls for today are spent; 429: this connection's are.
      const notConfigured = error instanceof ApiError && error.status === 503;
      const limited = error instanceof ApiError && error.status === 429;
      showToast({
        title: limited ? texts.limit : notConfigured ? texts.notConfigured : texts.error,
        variant: 'error',
        closeLabel: texts.close,
      });
    } finally {
      setStarting(false);
    }
  }

  function end() {
    if (call) logCall(call, lang, logged);
    setCall(null);
  }

  if (call) {
    return (
      <div className="mt-6" data-video-call>
        <div ref={frameBox} className="overflow-hidden rounded-lg bg-black">
          <iframe
            src={call.url}
            title={texts.frameTitle}
            allow="camera; microphone; fullscreen; display-capture; autoplay"
            className="h-80 w-full border-0"
          />
        </div>
        <div className="mt-3 flex gap-2">
          <button
            type="button"
            className="btn-secondary flex-1"
            onClick={() => void frameBox.current?.requestFullscreen()}
          >
            {texts.fullscreen}
          </button>
          <button type="button" className="btn flex-1 bg-red-700 text-white hover:bg-red-800" onClick={end}>
            {texts.end}
          </button>
        </div>
      </div>
    );
  }

  return (
    <div
      className="relative mt-6 flex min-h-80 flex-col items-center justify-end rounded-lg bg-linear-to-br from-navy to-emerald-900 p-6 text-center"
      data-video-placeholder
    >
      {/* At least 320 px high, and as high as its panel needs: no fixed height, nothing clipped (issue 23). */}
      <video
        className="absolute inset-0 h-full w-full rounded-lg object-cover opacity-60 motion-reduce:hidden"
        ref={loop}
        src="/video/ceo-calling.webm"
        muted
        loop
        playsInline
        preload="none"
        aria-hidden="true"
      />
      {/* An opaque panel: its texts keep their contrast (at least 4.5:1) whatever frame the video shows. */}
      <div className="relative w-full rounded-md bg-navy-dark px-4 py-3">
        <p className="text-lg font-semibold text-white">{texts.calling}</p>
        <p className="mx-auto mt-2 max-w-sm text-sm font-medium text-white" data-ai-disclosure>
          {texts.aiDisclosure}
        </p>
        <button
          ref={startButton}
          type="button"
          onClick={() => void start()}
          disabled={starting}
          aria-busy={starting}
          className="btn-on-dark mt-4"
          data-cta="secondary"
          popoverTarget={EARLY_NOTE_ID}
          popoverTargetAction="show"
        >
          {starting ? texts.starting : texts.start}
        </button>
        <p id={EARLY_NOTE_ID} popover="auto" className="rounded-lg bg-white p-4 text-sm text-navy shadow-lg">
          <span className="noscript:hidden">{texts.loading}</span>
          <span className="hidden noscript:inline">{texts.noScript}</span>
        </p>
        <p className="mt-3 text-xs leading-5 text-slate-100">{texts.notice}</p>
      </div>
    </div>
  );
}
