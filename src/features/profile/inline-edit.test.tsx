// The profile's inline rows on the form mechanism (issue 31): a value typed and not saved asks
// before leaving the page; 取消 puts the row back as it was and leaving asks nothing; a refusal by
// the server keeps what was typed, with the server's message on the field.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router-dom';
import { expect, it } from 'vitest';
import { ZUpdateRname } from '@contracts/member';
import { UnsavedChangesGuard } from '@/components/unsaved-changes';
import { InlineEdit } from './inline-edit';

function Page({ save }: { save: (v: string) => Promise<{ code: number; msg: string }> }) {
  const navigate = useNavigate();
  return (
    <>
      <dl>
        <InlineEdit label="真实姓名" name="realName" schema={ZUpdateRname} value="王小明" placeholder="请输入真实姓名" maxLength={20} save={save} />
      </dl>
      <button type="button" onClick={() => void navigate('/admin/profile/info')}>
        账号与安全
      </button>
    </>
  );
}

function open(save: (v: string) => Promise<{ code: number; msg: string }> = async () => ({ code: 200, msg: '已保存' })) {
  const router = createMemoryRouter(
    [
      { path: '/admin/profile', element: <UnsavedChangesGuard><Page save={save} /></UnsavedChangesGuard> },
      { path: '/admin/profile/info', element: <p>账号与安全页</p> },
    ],
    { initialEntries: ['/admin/profile'] },
  );
  render(<RouterProvider router={router} />);
}

it('asks before leaving with a typed name; after 取消 leaving asks nothing', async () => {
  open();
  await userEvent.click(screen.getByRole('button', { name: '修改' }));
  await userEvent.clear(screen.getByRole('textbox', { name: '真实姓名' }));
  await userEvent.type(screen.getByRole('textbox', { name: '真实姓名' }), '王大明');
  await userEvent.click(screen.getByRole('button', { name: '账号与安全' }));
  expect(await screen.findByTestId('unsaved-changes-dialog')).toBeTruthy();
  await userEvent.click(screen.getByTestId('unsaved-stay'));
  expect(screen.getByRole('textbox', { name: '真实姓名' })).toHaveValue('王大明');

  await userEvent.click(screen.getByRole('button', { name: '取消' }));
  expect(screen.getByText('王小明')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: '账号与安全' }));
  expect(await screen.findByText('账号与安全页')).toBeTruthy();
});

it('keeps the typed name when the server refuses it, with the message on the field', async () => {
  open(async () => ({ code: 400, msg: '真实姓名不能超过20个字符' }));
  await userEvent.click(screen.getByRole('button', { name: '修改' }));
  await userEvent.clear(screen.getByRole('textbox', { name: '真实姓名' }));
  await userEvent.type(screen.getByRole('textbox', { name: '真实姓名' }), '王大明');
  await userEvent.click(screen.getByRole('button', { name: '保存' }));
  expect((await screen.findByRole('alert')).textContent).toBe('真实姓名不能超过20个字符');
  expect(screen.getByRole('textbox', { name: '真实姓名' })).toHaveValue('王大明');
});
