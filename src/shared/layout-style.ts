// Layout style sheets (SPEC §2, §4): a layout group's sheet is active only while that layout is
// shown. The layout imports its sheet as text (`?inline`) and this hook puts it in a <style> element
// for as long as the layout is mounted, so the admin sheet is gone on the public site and back when
// the back office opens again (no request, no flash: the text comes with the layout's chunk).
// Server rendering: the server collects the sheets of the rendered layouts into the page's <head>
// (LayoutStyleCollector); the browser adopts that element instead of adding a second one.
import { createContext, useContext, useInsertionEffect } from 'react';

const mounted = new Map<string, { el: HTMLStyleElement; users: number }>();

/** Server only: the layout sheets a render used, by name. */
export const LayoutStyleCollector = createContext<Map<string, string> | null>(null);

export function useLayoutStyle(name: string, css: string) {
  const collector = useContext(LayoutStyleCollector);
  collector?.set(name, css);
  useInsertionEffect(() => {
    let entry = mounted.get(name);
    if (!entry) {
      const rendered = document.head.querySelector<HTMLStyleElement>(`style[data-layout-style="${name}"]`);
      const el = rendered ?? document.createElement('style');
      if (!rendered) {
        el.dataset.layoutStyle = name;
        el.textContent = css;
        document.head.append(el);
      }
      entry = { el, users: 0 };
      mounted.set(name, entry);
    }
    entry.users++;
    return () => {
      const e = mounted.get(name);
      if (!e || --e.users > 0) return;
      e.el.remove();
      mounted.delete(name);
    };
  }, [name, css]);
}
