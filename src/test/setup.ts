import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { createWebPlatform, setPlatform } from '@/platform/platform';

// Node 25+ has Web Storage globals of its own (without --localstorage-file, an empty stand-in), and
// the jsdom environment does not replace globals that exist: the page's storage must be jsdom's.
const dom = (globalThis as { jsdom?: { window: Pick<Window, 'localStorage' | 'sessionStorage'> } }).jsdom;
if (dom) {
  for (const key of ['localStorage', 'sessionStorage'] as const) {
    if (globalThis[key] !== dom.window[key]) Object.defineProperty(globalThis, key, { value: dom.window[key], configurable: true, writable: true });
  }
}

// What the composition root (src/main.tsx) does before rendering (not in a file that asks for plain Node).
if (typeof window !== 'undefined') setPlatform(createWebPlatform());

afterEach(() => cleanup());
