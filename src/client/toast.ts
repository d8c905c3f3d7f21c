/**
 * The one toast of the site and the dashboard, framework-free so a public page
 * pays nothing for it: one visible at a time (a new one replaces the last),
 * 5 seconds on screen (docs/product.md, "Limits and constants"), announced to screen readers,
 * dismissable, and paused while hovered or focused.
 */
export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'success' | 'error';
  closeLabel?: string;
}

export const TOAST_DURATION_MS = 5000;

let current: { element: HTMLElement; timer: number } | null = null;

function region(): HTMLElement {
  let element = document.getElementById('toast-region');
  if (!element) {
    element = document.createElement('div');
    element.id = 'toast-region';
    element.className =
      'pointer-events-none fixed inset-x-0 bottom-4 z-[200] flex justify-center px-4 sm:bottom-6 sm:justify-end sm:px-6';
    document.body.append(element);
  }
  return element;
}

export function dismissToast(): void {
  if (!current) return;
  window.clearTimeout(current.timer);
  current.element.remove();
  current = null;
}

export function showToast({
  title,
  description,
  variant = 'success',
  closeLabel = 'Close notification',
}: ToastOptions): void {
  dismissToast();
  const element = document.createElement('div');
  element.setAttribute('role', variant === 'error' ? 'alert' : 'status');
  element.className = `pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg ${
    variant === 'error' ? 'border-red-200 bg-red-50 text-red-900' : 'border-emerald-200 bg-white text-slate-900'
  }`;
  element.dataset['toast'] = variant;
  const text = document.createElement('div');
  text.className = 'flex-1';
  const heading = document.createElement('p');
  heading.className = 'text-sm font-semibold';
  heading.textContent = title;
  text.append(heading);
  if (description) {
    const body = document.createElement('p');
    body.className = 'mt-1 text-sm';
    body.textContent = description;
    text.append(body);
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'rounded-sm p-1 text-lg leading-none opacity-70 hover:opacity-100';
  close.setAttribute('aria-label', closeLabel);
  close.textContent = '×';
  close.addEventListener('click', dismissToast);
  element.append(text, close);
  region().append(element);

  const schedule = () => window.setTimeout(dismissToast, TOAST_DURATION_MS);
  current = { element, timer: schedule() };
  const pause = () => current && window.clearTimeout(current.timer);
  const resume = () => {
    if (current?.element === element) current.timer = schedule();
  };
  element.addEventListener('mouseenter', pause);
  element.addEventListener('mouseleave', resume);
  element.addEventListener('focusin', pause);
  element.addEventListener('focusout', resume);
}
