/**
 * The hero's background video: a muted, self-hosted loop, added 1 s after load
 * so it never competes with the page's largest paint, and only on wide screens
 * for visitors who have not asked for reduced motion or reduced data.
 */
export function loadHeroVideo(): void {
  const slot = document.querySelector<HTMLElement>('[data-hero-video-slot]');
  if (!slot) return;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  const wanted =
    matchMedia('(min-width: 1024px)').matches &&
    !matchMedia('(prefers-reduced-motion: reduce)').matches &&
    !matchMedia('(prefers-reduced-data: reduce)').matches &&
    !connection?.saveData;
  if (!wanted) return;
  const start = () =>
    window.setTimeout(() => {
      const video = document.createElement('video');
      Object.assign(video, { muted: true, loop: true, autoplay: true, playsInline: true, preload: 'auto' });
      video.setAttribute('aria-hidden', 'true');
      video.className = 'h-full w-full object-cover opacity-40';
      video.src = '/video/hero.webm';
      video.addEventListener('playing', () => slot.classList.remove('opacity-0'), { once: true });
      slot.append(video);
    }, 1000);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
