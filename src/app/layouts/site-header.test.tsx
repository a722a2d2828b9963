// The header's search box follows the shop URL's keyword (issue 22): filled after a hot-search
// link, emptied when the keyword chip is removed, and still editable in between.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SiteHeader } from './site-header';

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '*', element: <SiteHeader /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return { router, box: () => screen.getByRole('textbox', { name: '搜索商品' }) };
}

describe('the header search box', () => {
  it('shows the keyword of a shop search opened by a link', () => {
    const { box } = renderAt('/shop?keyword=%E7%A6%BB%E5%BF%83%E6%9C%BA');
    expect(box()).toHaveValue('离心机');
  });

  it('follows the URL: a new keyword, a removed keyword, another page', async () => {
    const { router, box } = renderAt('/');
    expect(box()).toHaveValue('');
    await act(() => router.navigate('/shop?keyword=7890B'));
    expect(box()).toHaveValue('7890B');
    await userEvent.type(box(), 'X');
    expect(box()).toHaveValue('7890BX');
    await act(() => router.navigate('/shop?category=3'));
    expect(box()).toHaveValue('');
    await act(() => router.navigate('/shop?keyword=%E5%A4%A9%E5%B9%B3'));
    await act(() => router.navigate('/news'));
    expect(box()).toHaveValue('');
  });
});
