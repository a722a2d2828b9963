// The dialog's keyboard behaviour: focus moves in, Tab cycles inside, Escape closes, focus returns.
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from './modal';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        登录
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="欢迎登录">
        <input aria-label="账号" />
        <button type="submit">确定</button>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is named by its title, takes the focus, keeps Tab inside, closes with Escape and gives focus back', () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: '登录' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: '欢迎登录' });
    expect(screen.getByLabelText('账号')).toHaveFocus();
    // jsdom lays nothing out: every control counts as shown
    const ok = screen.getByRole('button', { name: '确定' });
    ok.focus();
    fireEvent.keyDown(ok, { key: 'Tab' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(screen.getByRole('button', { name: '关闭' })).toHaveFocus();
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(ok).toHaveFocus();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });
});
