// Feedback from visitors and members: rate-limited per IP, stored, and announced to every admin.
import { FEEDBACK_KINDS, FEEDBACK_STATUSES, type TFeedbackCreate, type TFeedbackEntry, type TFeedbackKind, type TFeedbackStatus } from '../../../contracts/content.js';
import type { TPage } from '../../../contracts/api.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { addressKey, giveBack, take } from '../../lib/throttle.js';
import * as repo from './feedback.repository.js';

export const FEEDBACK_PER_HOUR = 5;
const HOUR_MS = 3600 * 1000;

export async function submitFeedback(db: Db, input: TFeedbackCreate, who: { memberId: number | null; ip: string }) {
  // taken atomically before the insert, so parallel submissions cannot all pass the check
  const quota = await take(db, `feedback:ip:${addressKey(who.ip)}`, FEEDBACK_PER_HOUR, HOUR_MS);
  if (!quota) throw new AppError('TOO_MANY', '提交过于频繁，请1小时后再试');
  const contact = input.contact?.trim() || null;
  const row = await repo.insertFeedback(db, { memberId: who.memberId, kind: input.kind, content: input.content, contact, ip: who.ip }).catch(async (err: unknown) => {
    await giveBack(db, [quota]);
    throw err;
  });
  const label = FEEDBACK_KINDS[input.kind];
  const excerpt = Array.from(input.content).slice(0, 200).join('');
  const admins = await repo.adminIds(db);
  await repo.insertNotices(
    db,
    admins.map((memberId) => ({
      memberId,
      title: `收到新的意见反馈（${label}）`,
      content: `${excerpt}${contact ? `\n联系方式：${contact}` : ''}\n反馈编号：${row.id}`,
      link: '/admin/feedback',
      kind: 'feedback',
    })),
  );
  return { id: row.id };
}

export async function listFeedback(db: Db, q: { status?: TFeedbackStatus; kind?: TFeedbackKind; page: number; pageSize: number }): Promise<TPage<TFeedbackEntry>> {
  const { rows, total } = await repo.listFeedback(db, q);
  return {
    items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function setFeedbackStatus(db: Db, id: number, status: TFeedbackStatus) {
  if (!(await repo.updateFeedbackStatus(db, id, status))) throw new AppError('NOT_FOUND', '反馈不存在');
  return FEEDBACK_STATUSES[status];
}
