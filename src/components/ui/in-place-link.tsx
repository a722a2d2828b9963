// A link for a change of the current list (a filter, a page): its href is the address of the result,
// for crawlers, visitors without JavaScript and a middle click into a new tab; a plain click runs
// `onActivate` in place instead (the list's own update: the same address, plus what the page does
// beside it, such as closing the filter sheet).
import type { MouseEvent } from 'react';
import type { LinkProps } from 'react-router-dom';
import { AppLink } from './app-link';

export type TInPlaceLinkProps = Omit<LinkProps, 'onClick'> & { onActivate: () => void };

export function InPlaceLink({ onActivate, ...props }: TInPlaceLinkProps) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onActivate();
  };
  return <AppLink {...props} onClick={onClick} />;
}
