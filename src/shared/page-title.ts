// Page titles: the route's title by default; a page with a dynamic title (a product name)
// overrides it for its path, and the shell then leaves the title alone.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { pageTitle } from '@/config';

let override: { path: string; title: string } | null = null;

/** Sets the title for a path; the shell will not overwrite it while that path is shown. */
export function claimPageTitle(path: string, title: string) {
  override = { path, title };
  document.title = pageTitle(title);
}

export function usePageTitle(title: string | null | undefined) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (title) claimPageTitle(pathname, title);
  }, [title, pathname]);
}

export const hasPageTitle = (path: string) => override?.path === path;

/** Writes the title now and again on the next tick, after the shell's own title effect (news, articles, static pages). */
export function useDocumentTitle(title: string | undefined) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!title) return;
    document.title = pageTitle(title);
    const timer = window.setTimeout(() => (document.title = pageTitle(title)), 0);
    return () => window.clearTimeout(timer);
  }, [title, pathname]);
}
