// Puts a dynamic title (the news headline) into the tab once it is known.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { pageTitle } from '@/app/config';

export function useDocumentTitle(title: string | undefined) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!title) return;
    // The shell writes the route's static title in an effect of its own that runs after this
    // page's effects; writing on the next tick keeps the headline on top.
    document.title = pageTitle(title);
    const timer = window.setTimeout(() => (document.title = pageTitle(title)), 0);
    return () => window.clearTimeout(timer);
  }, [title, pathname]);
}
