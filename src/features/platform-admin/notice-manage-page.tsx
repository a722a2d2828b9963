// /admin/noticeManage: platform announcements — publish to every member or to one member, edit,
// delete. The latest platform-wide ones appear on the home page and in the notification bell.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Field } from '@/components/form/field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { Modal } from '@/components/ui/modal';
import { ZNoticeInput, type TAdminNotice } from '@contracts/backoffice';
import { formatDateTime } from '@contracts/time';
import { useConfirm } from '@/components/ui/confirm';
import { PageHeader } from '@/components/ui/page-header';
import { createNotice, deleteNotice, noticeDetail, noticesQuery, updateNotice } from './api/admin';
import { mutate } from './api/mutate';
import { StaleBanner } from '@/features/supplier-admin/components/stale-banner';
import { LoadError, Loading } from './components/query-state';
import { FilterBar, ListBody, SearchBox, Segmented, useListParams, type TListColumn } from '@/components/data-table';
import '@/styles/backoffice.css';

export function NoticeForm({ notice, onClose, onDone }: { notice: TAdminNotice | null; onClose: () => void; onDone: () => void }) {
  // The version this edit started from; a save from an outdated one is refused (409).
  const form = useSchemaForm({
    schema: ZNoticeInput,
    initial: { title: notice?.title ?? '', content: notice?.content ?? '', link: notice?.link ?? '', toOne: Boolean(notice?.memberId), target: notice?.memberId ? String(notice.memberId) : '' },
    toPayload: ({ toOne, ...v }, version) => ({ ...v, target: toOne ? v.target : null, version }),
    rules: (v): Record<string, string> => (v.toOne && !v.target.trim() ? { target: '请填写接收会员的编号或手机号' } : {}),
    trim: ['target'],
    version: notice?.version,
  });
  const { values, errors, set, stale } = form;
  const saving = form.isSubmitting;
  const [latest, setLatest] = useState<TAdminNotice | null>(null);
  const reload = () =>
    form.reload(async () => {
      if (!notice) return undefined;
      try {
        const fresh = await noticeDetail(notice.id);
        setLatest(fresh);
        return fresh.version;
      } catch {
        // The toast of the HTTP client has told the user; the banner stays.
        return undefined;
      }
    });
  const submit = form.handleSubmit(async (payload) => {
    const ok = await mutate(() => (notice ? updateNotice(notice.id, payload) : createNotice(payload)), { onStale: form.conflict });
    if (ok) onDone();
  });
  return (
    <Modal open onClose={onClose} title={notice ? '编辑公告' : '发布公告'} width={600} testId="notice-form">
      <form onSubmit={submit} onBlur={form.onBlur} noValidate className="bo-modal-form">
        {stale && <StaleBanner onReload={reload} />}
        {latest && !stale && (
          <div className="bo-alert bo-alert-warning" data-testid="stale-latest">
            已加载最新版本。他人保存的标题：「{latest.title}」。您的输入仍保留，确认后再次保存。
          </div>
        )}
        <Field label="标题 *" error={errors.title}>
          <input {...form.field('title')} maxLength={120} placeholder="如：关于春节期间平台服务安排的通知" />
        </Field>
        <Field label="内容 *" error={errors.content} hint={`${values.content.length}/5000`}>
          <textarea {...form.field('content')} rows={6} maxLength={5000} />
        </Field>
        <Field label="链接" error={errors.link} hint="可选，点击公告后打开的页面，如 /about 或 https://…">
          <input {...form.field('link')} maxLength={300} />
        </Field>
        <Field label="接收范围" error={errors.target}>
          <div className="bo-audience">
            <label className="checkbox">
              <input type="radio" name="audience" checked={!values.toOne} onChange={() => set('toOne', false)} />
              全体会员
            </label>
            <label className="checkbox">
              <input type="radio" name="audience" checked={values.toOne} onChange={() => set('toOne', true)} />
              指定会员
            </label>
            {values.toOne && <input {...form.field('target')} placeholder="会员编号或手机号" maxLength={20} aria-label="接收会员" />}
          </div>
        </Field>
        <div className="bo-modal-actions">
          <button type="button" className="btn" onClick={onClose}>
            取消
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving} data-testid="submit-notice">
            {saving ? '提交中...' : notice ? '保存' : '发布'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

const AUDIENCES = [
  ['', '全部'],
  ['platform', '全体会员'],
  ['member', '指定会员'],
] as const;

export default function NoticeManagePage() {
  const client = useQueryClient();
  const { values, page, update } = useListParams(['audience', 'keyword'] as const);
  const [editing, setEditing] = useState<TAdminNotice | 'new' | null>(null);
  const [confirm, confirmElement] = useConfirm();
  const q = useQuery(noticesQuery({ audience: values.audience, keyword: values.keyword, page, pageSize: 20 }));
  const refresh = () => void client.invalidateQueries({ queryKey: ['admin', 'notices'] });
  const remove = async (n: TAdminNotice) => {
    if (!(await confirm({ title: '删除公告', body: `确定删除「${n.title}」吗？会员将不再看到它。`, okText: '删除', danger: true }))) return;
    if (await mutate(() => deleteNotice(n.id))) refresh();
  };
  const columns: TListColumn<TAdminNotice>[] = [
    {
      id: 'notice',
      header: '公告',
      cell: (n) => (
        <>
          <strong className="bo-product-name">{n.title}</strong>
          <div className="muted bo-small bo-ellipsis-2" title={n.content}>{n.content}</div>
          {n.link && <div className="bo-small bo-link-text">{n.link}</div>}
        </>
      ),
    },
    { id: 'audience', header: '接收范围', width: 150, cell: (n) => (n.memberId ? <span className="bo-tag bo-tag-info">{n.memberName ?? '会员'} #{n.memberId}</span> : <span className="bo-tag bo-tag-success">全体会员</span>) },
    { id: 'createdAt', header: '发布时间', width: 150, cellClassName: 'muted bo-small', cell: (n) => formatDateTime(n.createdAt) },
    {
      id: 'actions',
      header: '操作',
      width: 120,
      cellClassName: 'bo-row-actions',
      cell: (n) => (
        <>
          <button type="button" className="link-button" onClick={() => setEditing(n)}>
            编辑
          </button>
          <button type="button" className="link-button bo-danger-link" onClick={() => void remove(n)}>
            删除
          </button>
        </>
      ),
    },
  ];
  return (
    <div className="bo-page" data-testid="notice-manage">
      <PageHeader
        title="公告管理"
        subtitle="发给全体会员的公告显示在首页与消息中心；也可以发给单个会员"
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setEditing('new')} data-testid="new-notice">
            + 发布公告
          </button>
        }
      />
      <div className="bo-card bo-card-flush">
        <FilterBar>
          <SearchBox value={values.keyword} onSearch={(keyword) => update({ keyword })} placeholder="按标题搜索" label="搜索公告" />
          <Segmented label="接收范围" options={AUDIENCES} value={values.audience} onChange={(audience) => update({ audience })} />
        </FilterBar>
        <ListBody query={q} columns={columns} getRowId={(n) => n.id} rowTestId="notice-row" empty="暂无公告" loading={<Loading />} error={(e, retry) => <LoadError error={e} retry={retry} />} onPage={(p) => update({ page: p })} />
      </div>
      {editing && (
        <NoticeForm
          notice={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
      {confirmElement}
    </div>
  );
}
