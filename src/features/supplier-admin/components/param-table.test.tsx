// The param table's icon buttons (上移, 下移, 删除此行) carry the back office's tooltip hints (SPEC §9).
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ParamTable } from './param-table';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('ParamTable hints', () => {
  it('hints the param table icon buttons on keyboard focus too', () => {
    render(<ParamTable rows={[{ key: 1, name: '量程', value: '0-500 mg/L' }, { key: 2, name: '精度', value: '0.1' }]} onChange={() => {}} errors={{}} />);
    fireEvent.focus(screen.getAllByRole('button', { name: '删除此行' })[0]!);
    act(() => vi.advanceTimersByTime(100));
    expect(screen.getByRole('tooltip')).toHaveTextContent('删除此行');
  });
});
