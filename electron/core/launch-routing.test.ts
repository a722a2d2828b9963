import { describe, expect, it } from 'vitest';
import { createLaunchRouter, createNavigationQueue, initialShowRequests, routeAction, showRequestForArgv, showRequestForUrl, type TShowRequest } from './launch-routing';

const EXE = ['C:\\Program Files\\仪采通\\仪采通.exe', '--allow-file-access'];

describe('second start (argv)', () => {
  it('opens a shop link in the main window', () => expect(showRequestForArgv([...EXE, 'yicaitong://shop/detail/12.html'])).toEqual({ kind: 'main', route: '/shop/detail/12.html' }));
  it('opens a back-office link in the supplier window', () =>
    expect(showRequestForArgv([...EXE, 'yicaitong://admin/supplier/quotation/detail?id=3'])).toEqual({ kind: 'supplier', route: '/admin/supplier/quotation/detail?id=3' }));
  it('without a link only brings the main window forward', () => expect(showRequestForArgv(EXE)).toEqual({ kind: 'main', route: null }));
  it('ignores a malformed link and brings the main window forward', () => expect(showRequestForArgv([...EXE, 'yicaitong://shop/..%2F..%2Fetc'])).toEqual({ kind: 'main', route: null }));
});

describe('macOS open-url', () => {
  it('routes our links', () => {
    expect(showRequestForUrl('yicaitong://admin/supplier')).toEqual({ kind: 'supplier', route: '/admin/supplier' });
    expect(showRequestForUrl('yicaitong://demand')).toEqual({ kind: 'main', route: '/demand' });
  });
  it('ignores links that are not ours', () => {
    expect(showRequestForUrl('https://example.com/admin/supplier')).toBeNull();
    expect(showRequestForUrl('yicaitong://user:pw@shop')).toBeNull();
  });
});

describe('first start', () => {
  it('opens the main window at home without a link', () => expect(initialShowRequests(null)).toEqual([{ kind: 'main', route: null }]));
  it('opens the main window at the link for it', () => expect(initialShowRequests('/news')).toEqual([{ kind: 'main', route: '/news' }]));
  it('opens the main window, then the supplier window on top for a back-office link', () =>
    expect(initialShowRequests('/admin/supplier/goods')).toEqual([
      { kind: 'main', route: null },
      { kind: 'supplier', route: '/admin/supplier/goods' },
    ]));
});

describe('routeAction', () => {
  it('loads a new window at the route, or at its kind’s home', () => {
    expect(routeAction('main', { created: true, currentUrl: null }, null)).toEqual({ type: 'load', route: '/' });
    expect(routeAction('supplier', { created: true, currentUrl: null }, null)).toEqual({ type: 'load', route: '/admin/supplier' });
    expect(routeAction('supplier', { created: true, currentUrl: null }, '/admin/supplier/goods')).toEqual({ type: 'load', route: '/admin/supplier/goods' });
  });
  it('leaves an open window alone without a route or when it already shows it', () => {
    expect(routeAction('main', { created: false, currentUrl: 'app://yicaitong/news' }, null)).toBeNull();
    expect(routeAction('supplier', { created: false, currentUrl: 'app://yicaitong/admin/supplier/goods?page=2' }, '/admin/supplier/goods?page=2')).toBeNull();
  });
  it('never reloads an open window: a different route is navigated inside its renderer (unsaved edits survive or are asked about)', () => {
    expect(routeAction('supplier', { created: false, currentUrl: 'app://yicaitong/admin/supplier/goods' }, '/admin/supplier/quotation')).toEqual({ type: 'navigate', route: '/admin/supplier/quotation' });
    expect(routeAction('main', { created: false, currentUrl: null }, '/')).toEqual({ type: 'navigate', route: '/' });
    expect(routeAction('main', { created: false, currentUrl: 'not a url' }, '/shop')).toEqual({ type: 'navigate', route: '/shop' });
  });
});

describe('launch router', () => {
  const record = () => {
    const shown: TShowRequest[] = [];
    return { shown, show: (r: TShowRequest) => void shown.push(r) };
  };

  it('shows the link the app was started with', () => {
    const launches = createLaunchRouter([...EXE, 'yicaitong://admin/supplier/inquiry']);
    const { shown, show } = record();
    launches.start(show);
    expect(shown).toEqual([
      { kind: 'main', route: null },
      { kind: 'supplier', route: '/admin/supplier/inquiry' },
    ]);
  });

  it('before the windows exist, the last link wins (macOS open-url before ready)', () => {
    const launches = createLaunchRouter(['/Applications/仪采通.app/Contents/MacOS/仪采通']);
    launches.openUrl('yicaitong://news');
    launches.openUrl('https://evil.example/');
    launches.openUrl('yicaitong://demand/quotation?demandId=4');
    // A plain second start (the user double-clicks the icon again) does not drop the pending link.
    launches.secondInstance(EXE);
    const { shown, show } = record();
    launches.start(show);
    expect(shown).toEqual([{ kind: 'main', route: '/demand/quotation?demandId=4' }]);
  });

  it('after the start, each second start and link is shown at once in its window', () => {
    const launches = createLaunchRouter(EXE);
    const { shown, show } = record();
    launches.start(show);
    launches.secondInstance(EXE);
    launches.secondInstance([...EXE, 'yicaitong://admin/supplier/goods']);
    launches.openUrl('yicaitong://shop');
    launches.openUrl('mailto:x@example.com');
    expect(shown).toEqual([
      { kind: 'main', route: null },
      { kind: 'main', route: null },
      { kind: 'supplier', route: '/admin/supplier/goods' },
      { kind: 'main', route: '/shop' },
    ]);
  });
});

describe('an automatic start at login (--hidden)', () => {
  const record = () => {
    const shown: TShowRequest[] = [];
    return { shown, show: (r: TShowRequest) => void shown.push(r) };
  };

  it('opens no window; the tray or a second start brings one', () => {
    const launches = createLaunchRouter([...EXE, '--hidden'], { hidden: true });
    const { shown, show } = record();
    launches.start(show);
    expect(shown).toEqual([]);
    launches.secondInstance(EXE);
    expect(shown).toEqual([{ kind: 'main', route: null }]);
  });

  it('a link on its command line, or a start by the user while it starts, still opens a window', () => {
    const withLink = createLaunchRouter([...EXE, '--hidden', 'yicaitong://news'], { hidden: true });
    const a = record();
    withLink.start(a.show);
    expect(a.shown).toEqual([{ kind: 'main', route: '/news' }]);

    const doubleClicked = createLaunchRouter([...EXE, '--hidden'], { hidden: true });
    doubleClicked.secondInstance(EXE);
    const b = record();
    doubleClicked.start(b.show);
    expect(b.shown).toEqual([{ kind: 'main', route: null }]);
  });
});

describe('routes for a window that is still loading (issue 33, 11)', () => {
  type W = { id: number };
  const setup = () => {
    const sent: Array<[number, string]> = [];
    const queue = createNavigationQueue<W>((w, route) => void sent.push([w.id, route]));
    return { sent, queue };
  };

  it('wait until its renderer listens, then go; the latest wins', () => {
    const { sent, queue } = setup();
    const supplier = { id: 2 };
    queue.navigate(supplier, '/admin/supplier/inquiry');
    queue.navigate(supplier, '/admin/supplier/quotation/detail?id=9');
    expect(sent).toEqual([]);
    queue.ready(supplier);
    expect(sent).toEqual([[2, '/admin/supplier/quotation/detail?id=9']]);
    queue.ready(supplier);
    expect(sent).toHaveLength(1);
  });

  it('go at once to a window that listens; a reload makes it wait again', () => {
    const { sent, queue } = setup();
    const main = { id: 1 };
    queue.ready(main);
    queue.navigate(main, '/news');
    expect(sent).toEqual([[1, '/news']]);
    queue.loading(main);
    queue.navigate(main, '/shop');
    expect(sent).toHaveLength(1);
    queue.ready(main);
    expect(sent).toEqual([
      [1, '/news'],
      [1, '/shop'],
    ]);
  });

  it('windows are independent', () => {
    const { sent, queue } = setup();
    const a = { id: 1 };
    const b = { id: 2 };
    queue.navigate(a, '/a');
    queue.ready(b);
    expect(sent).toEqual([]);
    expect(queue.isReady(b)).toBe(true);
    expect(queue.isReady(a)).toBe(false);
  });
});
