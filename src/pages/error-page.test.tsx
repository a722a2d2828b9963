// The error page of SPEC §2.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ErrorPage, ErrorView, NotFoundPage } from './error-page';

describe('ErrorView', () => {
  it('defaults to 500, 服务器内部错误 and the default message', () => {
    render(<ErrorView onRetry={() => {}} />);
    expect(screen.getByText('500')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '服务器内部错误' })).toBeInTheDocument();
    expect(screen.getByText('抱歉，服务器遇到了一些问题。')).toBeInTheDocument();
    expect(document.title).toBe('错误 500 - 仪采通');
  });
  it('titles 404 as 页面未找到 and shows the message', () => {
    render(<ErrorView statusCode={404} message="Page Not Found: /x" onRetry={() => {}} />);
    expect(screen.getByRole('heading', { name: '页面未找到' })).toBeInTheDocument();
    expect(screen.getByText('Page Not Found: /x')).toBeInTheDocument();
    expect(document.title).toBe('错误 404 - 仪采通');
  });
  it('links home with 返回首页 and retries with 重试', async () => {
    const onRetry = vi.fn();
    render(<ErrorView statusCode={503} onRetry={onRetry} />);
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/');
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe('route errors', () => {
  it('shows the status of a thrown response', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          errorElement: <ErrorPage />,
          loader: () => {
            throw new Response('抱歉，商品已下架', { status: 410, statusText: 'Gone' });
          },
          element: <p>never</p>,
        },
      ],
      { initialEntries: ['/'] },
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('410')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '服务器内部错误' })).toBeInTheDocument();
  });
  it('shows the unmatched path on the 404 page, and 重试 goes home', async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <p>首页内容</p> },
        { path: '*', element: <NotFoundPage /> },
      ],
      { initialEntries: ['/no/such/page'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByText('您访问的页面不存在：/no/such/page')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('首页内容')).toBeInTheDocument();
  });
});
