import type { KeyboardEvent, MouseEvent } from 'react';
import { cropPosition, socialImagePath, type Focus } from '../../../features/content/publishing-schema';
import { Button } from '../../react-ui/button';
import { useAdminTexts } from '../language';

/** How far an arrow key moves the focal point (Shift: a finer step). */
const STEP = 0.05;
const FINE_STEP = 0.01;

const clamp = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 100) / 100;

/**
 * The main image whole, where a click (or the arrow keys, the picture having focus) sets the focal point, shown as a
 * marker; under it the social image as the page shares it (socialImagePath: the same crop, the same CDN address),
 * and Reset (no point: the centre).
 */
export function FocusPicker({
  src,
  focus,
  onChange,
  onLoad,
}: {
  src: string;
  focus: Focus | null;
  onChange: (focus: Focus | null) => void;
  onLoad: (width: number, height: number) => void;
}) {
  const t = useAdminTexts().publishing.focus;
  const position = focus ? t.position(Math.round(focus.x * 100), Math.round(focus.y * 100)) : t.unset;
  function click(event: MouseEvent<HTMLButtonElement>) {
    // A keyboard's Enter or Space "clicks" too, with no pointer: it sets nothing.
    if (event.detail === 0) return;
    const box = event.currentTarget.getBoundingClientRect();
    onChange({ x: clamp((event.clientX - box.left) / box.width), y: clamp((event.clientY - box.top) / box.height) });
  }
  function key(event: KeyboardEvent<HTMLButtonElement>) {
    const step = event.shiftKey ? FINE_STEP : STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const from = focus ?? { x: 0.5, y: 0.5 };
    onChange({ x: clamp(from.x + move[0]), y: clamp(from.y + move[1]) });
  }
  return (
    <div className="space-y-2" data-focus-picker>
      <button
        type="button"
        onClick={click}
        onKeyDown={key}
        aria-label={t.picker(position)}
        aria-describedby="focus-picker-hint"
        className="relative block w-full cursor-crosshair overflow-hidden rounded-md border border-slate-200"
        data-focus-area
      >
        <img
          src={src}
          alt=""
          className="block h-auto w-full"
          onLoad={(event) => onLoad(event.currentTarget.naturalWidth, event.currentTarget.naturalHeight)}
        />
        {focus && (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute h-6 w-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-navy/40 shadow-[0_0_0_2px_rgba(15,23,42,0.8)]"
            style={{ left: `${focus.x * 100}%`, top: `${focus.y * 100}%` }}
            data-focus-marker
          />
        )}
      </button>
      <p id="focus-picker-hint" className="text-xs text-slate-600">
        {t.hint}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs font-medium text-slate-800" data-focus-position>
          {t.label}: {position}
        </p>
        <Button variant="ghost" onClick={() => onChange(null)} disabled={!focus} className="px-2 py-1 text-xs">
          {t.reset}
        </Button>
      </div>
      <figure className="space-y-1">
        <img
          src={socialImagePath(src, focus)}
          alt=""
          width={1200}
          height={630}
          // The same crop where the image is elsewhere (not the CDN's): cover, kept to the focal point's side.
          style={{ objectPosition: cropPosition(focus) }}
          className="aspect-[1200/630] h-auto w-full rounded-md border border-slate-200 object-cover"
          data-social-preview
        />
        <figcaption className="text-xs text-slate-600">{t.social}</figcaption>
      </figure>
    </div>
  );
}
