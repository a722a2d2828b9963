// Whether the window is a phone's width (the breakpoint of styles/phone.css), kept up to date.
import { useSyncExternalStore } from 'react';

export const PHONE_QUERY = '(max-width: 640px)';

function subscribe(onChange: () => void) {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const mq = window.matchMedia(PHONE_QUERY);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
}

const read = () => (typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(PHONE_QUERY).matches);

export function usePhone(): boolean {
  return useSyncExternalStore(subscribe, read, () => false);
}

/** WeChat's in-app browser (its user agent carries MicroMessenger): it blocks file downloads. */
export function isWeChat(ua: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return /MicroMessenger/i.test(ua);
}
