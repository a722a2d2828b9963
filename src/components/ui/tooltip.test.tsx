// The back office's hints (SPEC §9): a tooltip shows 100 ms after the pointer or focus arrives,
// hides 300 ms after it leaves, 6 px from its anchor.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Tooltip } from './tooltip';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('Tooltip', () => {
  it('shows after 100 ms, hides 300 ms after leaving, 6 px from the anchor', () => {
    render(
      <Tooltip content="上移">
        <button type="button" aria-label="上移">
          ↑
        </button>
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: '上移' });
    fireEvent.mouseEnter(button);
    act(() => vi.advanceTimersByTime(99));
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip')).toHaveTextContent('上移');
    expect(screen.getByRole('tooltip').style.bottom).toBe('calc(100% + 6px)');
    fireEvent.mouseLeave(button);
    act(() => vi.advanceTimersByTime(299));
    expect(screen.queryByRole('tooltip')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
