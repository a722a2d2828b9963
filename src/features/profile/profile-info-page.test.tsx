// The password form of /admin/profile/info: SPEC §5 confirm-password rules before any request.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PasswordPanel } from './profile-info-page';
import * as api from './profile-api';

vi.mock('./profile-api', () => ({ updatePwd: vi.fn(async () => ({ code: 200, msg: '密码已修改' })) }));
vi.mock('@/shared/session', () => ({ refreshUser: vi.fn(async () => {}), clearSession: vi.fn(), useSession: () => ({ user: null }) }));

const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const fill = async (password: string, confirm: string) => {
  const [pwd, again] = [input('password'), input('confirmPassword')];
  if (password) await userEvent.type(pwd, password);
  if (confirm) await userEvent.type(again, confirm);
  await userEvent.click(screen.getByRole('button', { name: '保存密码' }));
};

describe('PasswordPanel', () => {
  beforeEach(() => vi.mocked(api.updatePwd).mockClear());

  it('refuses a confirm password shorter than 8 characters, even when it equals the password', async () => {
    render(<PasswordPanel hasPassword={false} />);
    await fill('abc', 'abc');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['密码至少需要8个字符', '密码至少需要8个字符']);
    expect(api.updatePwd).not.toHaveBeenCalled();
  });

  it('requires the confirm password and reports a mismatch on it', async () => {
    render(<PasswordPanel hasPassword={false} />);
    await fill('abcdefgh', '');
    expect(screen.getByRole('alert')).toHaveTextContent('确认密码不能为空');
    await userEvent.type(input('confirmPassword'), 'abcdefgx');
    await userEvent.click(screen.getByRole('button', { name: '保存密码' }));
    expect(screen.getByRole('alert')).toHaveTextContent('两次密码不一致');
    expect(api.updatePwd).not.toHaveBeenCalled();
  });

  it('sends a valid pair', async () => {
    render(<PasswordPanel hasPassword={false} />);
    await fill('abcdefgh', 'abcdefgh');
    expect(api.updatePwd).toHaveBeenCalledWith({ oldPassword: undefined, password: 'abcdefgh', confirmPassword: 'abcdefgh' });
  });
});
