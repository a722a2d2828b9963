// A layout's style sheet is in the document only while the layout is mounted (SPEC §4 layout styles swap).
import { render } from '@testing-library/react';
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { LayoutStyleCollector, useLayoutStyle } from './layout-style';

function Admin() {
  useLayoutStyle('custom', '.admin-sidebar { width: 200px; }');
  return <p>admin</p>;
}
function Home() {
  useLayoutStyle('default', '.home-hero { color: #fff; }');
  return <p>home</p>;
}

let swap: (next: 'admin' | 'home') => void = () => {};
function Shell() {
  const [layout, setLayout] = useState<'admin' | 'home'>('admin');
  swap = setLayout;
  return layout === 'admin' ? <Admin /> : <Home />;
}
const sheets = () => [...document.head.querySelectorAll('style[data-layout-style]')].map((s) => (s as HTMLElement).dataset.layoutStyle);

describe('useLayoutStyle', () => {
  it('swaps the sheet when the layout changes, and removes it on unmount', () => {
    const view = render(<Shell />);
    expect(sheets()).toEqual(['custom']);
    expect(document.head.querySelector('style[data-layout-style="custom"]')?.textContent).toContain('.admin-sidebar');
    act(() => swap('home'));
    expect(sheets()).toEqual(['default']);
    act(() => swap('admin'));
    expect(sheets()).toEqual(['custom']);
    view.unmount();
    expect(sheets()).toEqual([]);
  });

  it('keeps one element while two users of the same sheet are mounted', () => {
    const view = render(
      <>
        <Admin />
        <Admin />
      </>,
    );
    expect(sheets()).toEqual(['custom']);
    view.unmount();
    expect(sheets()).toEqual([]);
  });

  it('names the sheets a server render used, and the browser adopts the server\'s element', () => {
    const used = new Map<string, string>();
    renderToString(
      <LayoutStyleCollector.Provider value={used}>
        <Home />
      </LayoutStyleCollector.Provider>,
    );
    expect([...used.keys()]).toEqual(['default']);
    const fromServer = document.createElement('style');
    fromServer.dataset.layoutStyle = 'default';
    fromServer.textContent = used.get('default')!;
    document.head.append(fromServer);
    const view = render(<Home />);
    expect(sheets()).toEqual(['default']);
    expect(document.head.querySelector('style[data-layout-style="default"]')).toBe(fromServer);
    view.unmount();
    expect(sheets()).toEqual([]);
  });
});
