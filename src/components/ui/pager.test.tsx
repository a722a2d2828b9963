// Public pagers are links (crawlers and visitors without JavaScript follow them); a plain click
// pages in place, and a page past the last one leads back to the last.
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { MiniPager, Pager } from './pager';

const hrefFor = (p: number) => (p > 1 ? `/news?page=${p}` : '/news');

describe('Pager with addresses', () => {
  it('gives every page an href, marks the current one and pages in place on a plain click', () => {
    const onChange = vi.fn();
    render(
      <MemoryRouter>
        <Pager variant="content" page={2} pageSize={15} total={60} onChange={onChange} hrefFor={hrefFor} />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: '分页' });
    expect(within(nav).getByRole('link', { name: '1' })).toHaveAttribute('href', '/news');
    expect(within(nav).getByRole('link', { name: '2' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: '下一页' })).toHaveAttribute('href', '/news?page=3');
    fireEvent.click(within(nav).getByRole('link', { name: '4' }));
    expect(onChange).toHaveBeenCalledWith(4);
    // A click with a modifier (a new tab) is left to the browser.
    fireEvent.click(within(nav).getByRole('link', { name: '3' }), { ctrlKey: true });
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('from past the last page leads to the last page; the end of the list has no next link', () => {
    render(
      <MemoryRouter>
        <Pager variant="content" page={9} pageSize={15} total={60} onChange={() => {}} hrefFor={hrefFor} />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: '分页' });
    expect(within(nav).getByRole('link', { name: '上一页' })).toHaveAttribute('href', '/news?page=4');
    expect(within(nav).queryByRole('link', { name: '下一页' })).toBeNull();
  });

  it('stays buttons without addresses (the back office)', () => {
    render(<Pager variant="backoffice" page={1} pageSize={10} total={30} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: '2' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('MiniPager', () => {
  it('shows the page of the pages beside the total', () => {
    const onChange = vi.fn();
    render(<MiniPager page={3} pageSize={20} total={138} onChange={onChange} />);
    expect(screen.getByTestId('mini-pager')).toHaveTextContent(/^‹3\/7›$/);
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(onChange).toHaveBeenCalledWith(4);
  });

  it('from past the last page shows no current page, not 「99 / 7」, and ‹ leads to the last page', () => {
    const onChange = vi.fn();
    render(<MiniPager page={99} pageSize={20} total={138} onChange={onChange} />);
    const pager = screen.getByTestId('mini-pager');
    expect(pager).toHaveTextContent(/^‹–\/7›$/);
    expect(pager).not.toHaveTextContent('99');
    expect(screen.getByRole('button', { name: '下一页' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: '上一页' }));
    expect(onChange).toHaveBeenCalledWith(7);
  });

  it('is left out when the list fits on one page', () => {
    const { container } = render(<MiniPager page={1} pageSize={20} total={20} onChange={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });
});
