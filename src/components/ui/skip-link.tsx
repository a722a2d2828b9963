// "跳到主要内容": the first thing Tab reaches on every page; moves focus to the page's <main>, past the
// header and navigation (WCAG 2.4.1). Hidden until focused.
import type { MouseEvent } from 'react';

export function SkipLink() {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    const main = document.querySelector('main');
    if (!main) return;
    e.preventDefault();
    if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
    main.focus();
    main.scrollIntoView({ block: 'start' });
  };
  return (
    <a className="skip-link" href="#main-content" onClick={onClick} data-testid="skip-link">
      跳到主要内容
    </a>
  );
}
