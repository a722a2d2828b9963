// The back-office unsaved-changes guard in a real data router: edits ask before leaving, a
// successful save or an untouched form does not, search boxes are not edits.
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { LEAVE_WITHOUT_ASKING, UnsavedChangesGuard, useLeaveDraft } from './unsaved-changes';
import { http } from '@/platform/http-client';
import { z } from 'zod';
import { useSchemaForm } from './form/use-schema-form';

function SchemaEditor() {
  const navigate = useNavigate();
  const form = useSchemaForm({ schema: z.object({ name: z.string() }), initial: { name: '色谱仪' } });
  return (
    <>
      <form onSubmit={(e) => e.preventDefault()}>
        <input aria-label="分类名称" {...form.field('name')} />
      </form>
      <button type="button" onClick={() => void navigate('/admin/supplier/inquiry')}>
        询价管理
      </button>
    </>
  );
}

function Editor() {
  const navigate = useNavigate();
  return (
    <>
      <form role="search" onSubmit={(e) => e.preventDefault()}>
        <input aria-label="搜索" />
      </form>
      <form onSubmit={(e) => e.preventDefault()}>
        <input aria-label="商品名称" />
      </form>
      <button type="button" onClick={() => void navigate('/admin/supplier/inquiry')}>
        询价管理
      </button>
    </>
  );
}

function MemoryRouterWith({ element }: { element: ReactNode }) {
  const [router] = useState(() => createMemoryRouter([{ path: '/admin/supplier/goods/goodDetail', element: <UnsavedChangesGuard>{element}</UnsavedChangesGuard> }], { initialEntries: ['/admin/supplier/goods/goodDetail'] }));
  return <RouterProvider router={router} />;
}

function setup() {
  const router = createMemoryRouter(
    [
      { path: '/admin/supplier/goods/goodDetail', element: <UnsavedChangesGuard><Editor /></UnsavedChangesGuard> },
      { path: '/admin/supplier/inquiry', element: <UnsavedChangesGuard><p>询价列表</p></UnsavedChangesGuard> },
    ],
    { initialEntries: ['/admin/supplier/goods/goodDetail'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function DraftEditor({ saves }: { saves: string[] }) {
  const navigate = useNavigate();
  const form = useSchemaForm({ schema: z.object({ title: z.string().min(4, '求购标题至少4个字') }), initial: { title: '' } });
  useLeaveDraft({
    label: '保存草稿并离开',
    save: async () => {
      const payload = form.check();
      if (!payload) return false;
      saves.push(payload.title);
      return true;
    },
  });
  return (
    <>
      <form onSubmit={(e) => e.preventDefault()}>
        <input aria-label="求购标题" {...form.field('title')} />
        {form.errors.title && <p>{form.errors.title}</p>}
      </form>
      <button type="button" onClick={() => void navigate('/shop')}>
        仪器商城
      </button>
    </>
  );
}


/** Two forms on one page (公司信息 and 店铺设置 on 基本信息), each on the form mechanism. */
function TwoForms() {
  const navigate = useNavigate();
  const company = useSchemaForm({ schema: z.object({ name: z.string() }), initial: { name: '上海甲仪器有限公司' } });
  const store = useSchemaForm({ schema: z.object({ name: z.string() }), initial: { name: '甲仪器旗舰店' } });
  return (
    <>
      <form onSubmit={(e) => e.preventDefault()}>
        <input aria-label="公司名称" {...company.field('name')} />
      </form>
      <form onSubmit={(e) => e.preventDefault()}>
        <input aria-label="店铺名称" {...store.field('name')} />
      </form>
      <button type="button" onClick={() => void navigate('/admin/supplier/inquiry')}>
        询价管理
      </button>
    </>
  );
}

/** A form whose save takes a while; the record is read again after it (as the pages do). */
function SlowSave({ release }: { release: Promise<void> }) {
  const [record, setRecord] = useState({ name: '色谱仪', model: 'GC-1' });
  const form = useSchemaForm({ schema: z.object({ name: z.string(), model: z.string() }), initial: record });
  const save = form.handleSubmit(async (payload) => {
    await release;
    form.saved();
    setRecord(payload); // the refetch: the server has what was sent
  });
  return (
    <form onSubmit={(e) => void save(e)}>
      <input aria-label="名称" {...form.field('name')} />
      <input aria-label="型号" {...form.field('model')} />
      <button type="submit">保存</button>
      <p data-testid="dirty">{form.isDirty ? '有修改' : '无修改'}</p>
    </form>
  );
}

describe('unsaved changes guard', () => {
  it('a form that keeps drafts offers 保存草稿并离开: saved, then on to where the user was going; refused, it stays', async () => {
    const saves: string[] = [];
    const router = createMemoryRouter(
      [
        { path: '/demand/inquiry', element: <UnsavedChangesGuard><DraftEditor saves={saves} /></UnsavedChangesGuard> },
        { path: '/shop', element: <p>商城</p> },
      ],
      { initialEntries: ['/demand/inquiry'] },
    );
    render(<RouterProvider router={router} />);
    // A title too short to keep: the draft is refused with its message and the page stays.
    await userEvent.type(screen.getByLabelText('求购标题'), '采购');
    await userEvent.click(screen.getByText('仪器商城'));
    await userEvent.click(await screen.findByTestId('unsaved-save-draft'));
    expect(await screen.findByText('求购标题至少4个字')).toBeInTheDocument();
    // The dialog closes and gives focus back (to 仪器商城) after the refusal; type only once it has.
    await waitFor(() => expect(screen.queryByTestId('unsaved-changes-dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/demand/inquiry');
    expect(saves).toEqual([]);
    await userEvent.type(screen.getByLabelText('求购标题'), '气相色谱仪2台');
    await userEvent.click(screen.getByText('仪器商城'));
    await userEvent.click(await screen.findByTestId('unsaved-save-draft'));
    await screen.findByText('商城');
    expect(router.state.location.pathname).toBe('/shop');
    expect(saves).toEqual(['采购气相色谱仪2台']);
  });

  it('one form back to its start does not clear another form’s edit on the page', async () => {
    const router = createMemoryRouter(
      [
        { path: '/admin/supplier/baseInfo', element: <UnsavedChangesGuard><TwoForms /></UnsavedChangesGuard> },
        { path: '/admin/supplier/inquiry', element: <p>询价列表</p> },
      ],
      { initialEntries: ['/admin/supplier/baseInfo'] },
    );
    render(<RouterProvider router={router} />);
    await userEvent.type(screen.getByLabelText('公司名称'), '（上海）');
    await userEvent.type(screen.getByLabelText('店铺名称'), '1');
    await userEvent.type(screen.getByLabelText('店铺名称'), '{Backspace}');
    expect(screen.getByTestId('unsaved-changes-scope')).toHaveAttribute('data-dirty', 'true');
    await userEvent.click(screen.getByText('询价管理'));
    expect(screen.getByTestId('unsaved-changes-dialog')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/supplier/baseInfo');
  });

  it('what is typed while a save runs is kept after the save and the refetch, and still counts as an edit', async () => {
    let done!: () => void;
    const release = new Promise<void>((r) => (done = r));
    render(<MemoryRouterWith element={<SlowSave release={release} />} />);
    await userEvent.type(screen.getByLabelText('名称'), '（新）');
    await userEvent.click(screen.getByText('保存'));
    await userEvent.type(screen.getByLabelText('型号'), 'A');
    await act(async () => done());
    expect(screen.getByLabelText('名称')).toHaveValue('色谱仪（新）');
    expect(screen.getByLabelText('型号')).toHaveValue('GC-1A');
    expect(screen.getByTestId('dirty')).toHaveTextContent('有修改');
    expect(screen.getByTestId('unsaved-changes-scope')).toHaveAttribute('data-dirty', 'true');
  });

  it('a form on the form mechanism whose edit is undone leaves without asking', async () => {
    const router = createMemoryRouter(
      [
        { path: '/admin/supplier/shopGoodCategory/categoryDetail', element: <UnsavedChangesGuard><SchemaEditor /></UnsavedChangesGuard> },
        { path: '/admin/supplier/inquiry', element: <p>询价列表</p> },
      ],
      { initialEntries: ['/admin/supplier/shopGoodCategory/categoryDetail'] },
    );
    render(<RouterProvider router={router} />);
    await userEvent.type(screen.getByLabelText('分类名称'), '1');
    expect(screen.getByTestId('unsaved-changes-scope')).toHaveAttribute('data-dirty', 'true');
    await userEvent.type(screen.getByLabelText('分类名称'), '{Backspace}');
    expect(screen.getByTestId('unsaved-changes-scope')).toHaveAttribute('data-dirty', 'false');
    await userEvent.click(screen.getByText('询价管理'));
    expect(router.state.location.pathname).toBe('/admin/supplier/inquiry');
  });

  it('an untouched form (or a typed search) leaves without asking', async () => {
    const router = setup();
    await userEvent.type(screen.getByLabelText('搜索'), '色谱');
    await userEvent.click(screen.getByText('询价管理'));
    expect(router.state.location.pathname).toBe('/admin/supplier/inquiry');
  });

  it('an edit asks before leaving; 留在此页 keeps the page and the text, 离开 goes', async () => {
    const router = setup();
    await userEvent.type(screen.getByLabelText('商品名称'), '液相色谱仪');
    await userEvent.click(screen.getByText('询价管理'));
    expect(screen.getByTestId('unsaved-changes-dialog')).toHaveTextContent('当前页面有未保存的修改，确定要离开吗？');
    await userEvent.click(screen.getByTestId('unsaved-stay'));
    expect(router.state.location.pathname).toBe('/admin/supplier/goods/goodDetail');
    expect(screen.getByLabelText('商品名称')).toHaveValue('液相色谱仪');

    // A route the desktop shell sends (router.navigate, no click) is asked about the same way.
    await act(() => router.navigate('/admin/supplier/inquiry'));
    await userEvent.click(screen.getByTestId('unsaved-leave'));
    expect(router.state.location.pathname).toBe('/admin/supplier/inquiry');
  });

  it('closing or reloading the window with edits asks (beforeunload)', async () => {
    setup();
    const event = () => {
      const e = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(event()).toBe(false);
    await userEvent.type(screen.getByLabelText('商品名称'), 'x');
    expect(event()).toBe(true);
  });

  it('a successful save (e.g. 保存草稿, not a form submit) clears the mark, so navigate() right after it is not blocked', async () => {
    const router = setup();
    await userEvent.type(screen.getByLabelText('商品名称'), '液相色谱仪');
    await act(async () => {
      await http.request({ method: 'post', url: '/api/supplier/products', adapter: async (config) => ({ data: { code: 200, msg: 'ok' }, status: 200, statusText: 'OK', headers: {}, config }) });
      await router.navigate('/admin/supplier/inquiry');
    });
    expect(router.state.location.pathname).toBe('/admin/supplier/inquiry');
    expect(screen.queryByTestId('unsaved-changes-dialog')).toBeNull();
  });

  it('an expired session goes to /login without asking (SPEC §8: nothing can be saved any more)', async () => {
    const router = setup();
    await userEvent.type(screen.getByLabelText('商品名称'), '液相色谱仪');
    await act(() => router.navigate('/admin/supplier/inquiry', { state: LEAVE_WITHOUT_ASKING }));
    expect(router.state.location.pathname).toBe('/admin/supplier/inquiry');
    expect(screen.queryByTestId('unsaved-changes-dialog')).toBeNull();
  });
});
