import { useEffect, useRef, useState } from 'react';
import { ApiError, apiFetch } from '../../client/api';
import { showToast } from '../../client/toast';

export interface VideoTexts {
  calling: string;
  start: string;
  starting: string;
  fullscreen: string;
  end: string;
  notice: string;
  notConfigured: string;
  successTitle: string;
  successText: string;
  error: string;
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
function logCall(current: Call, lang: 'en' | 'es', logged: { current: boolean }) {
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
export function VideoCall({ lang, texts }: { lang: 'en' | 'es'; texts: VideoTexts }) {
  const [starting, setStarting] = useState(false);
  const [call, setCall] = useState<Call | null>(null);
  const frameBox = useRef<HTMLDivElement>(null);
  const logged = useRef(false);

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
      const notConfigured = error instanceof ApiError && error.status === 503;
      showToast({
        title: notConfigured ? texts.notConfigured : texts.error,
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
      className="relative mt-6 flex h-80 flex-col items-center justify-end overflow-hidden rounded-lg bg-linear-to-br from-navy to-emerald-900 p-6 text-center"
      data-video-placeholder
    >
      <video
        className="absolute inset-0 h-full w-full object-cover opacity-60 motion-reduce:hidden"
        src="/video/ceo-calling.webm"
        muted
        loop
        autoPlay
        playsInline
        preload="none"
        aria-hidden="true"
      />
      {/* An opaque panel: its texts keep their contrast (at least 4.5:1) whatever frame the video shows. */}
      <div className="relative w-full rounded-md bg-navy-dark px-4 py-3">
        <p className="text-lg font-semibold text-white">{texts.calling}</p>
        <button type="button" onClick={start} disabled={starting} aria-busy={starting} className="btn-primary mt-4">
          {starting ? texts.starting : texts.start}
        </button>
        <p className="mt-3 text-xs leading-5 text-slate-100">{texts.notice}</p>
      </div>
    </div>
  );
}
