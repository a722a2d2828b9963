// The admin's 垃圾询价 mark (issue 37), asked for and told the same way wherever an admin sees
// inquiries (全部询价, the quick-inquiry queue): a confirmation saying what is no longer counted and
// that the figures follow at the next recomputation, then the server's message.
import type { ReactNode } from 'react';
import { SPAM_LABEL, SPAM_NEXT_BATCH } from '@contracts/response-quality';
import { useConfirm } from '@/components/ui/confirm';
import { markSpam } from '../api/response';
import { mutate } from '../api/mutate';
import '@/styles/response.css';

/** What is marked: `who` names the supplier (a routed inquiry) or the routed suppliers (a quick inquiry). */
export type TSpamTarget = { id: number; subject: string; who: string; spam: boolean; note?: string };

/** `mark(target)` asks, marks or lifts, and answers whether it did; render `dialog` once on the page. */
export function useSpamMark(): [(t: TSpamTarget) => Promise<boolean>, ReactNode] {
  const [confirm, dialog] = useConfirm();
  const mark = async (t: TSpamTarget) => {
    const ok = await confirm(
      t.spam
        ? {
            title: '标记为垃圾询价',
            body: (
              <>
                <p>
                  「{t.subject}」将标记为{SPAM_LABEL}，不再计入{t.who}的询价数、回复率与回复用时。
                </p>
                <p className="muted bo-small">供应商响应数据将在{SPAM_NEXT_BATCH}更新；可随时取消标记。</p>
              </>
            ),
            okText: '标记为垃圾询价',
            danger: true,
          }
        : {
            title: '取消垃圾询价标记',
            body: (
              <>
                <p>{t.note ?? `「${t.subject}」将重新计入${t.who}的响应数据。`}</p>
                <p className="muted bo-small">供应商响应数据将在{SPAM_NEXT_BATCH}更新。</p>
              </>
            ),
            okText: '取消标记',
          },
    );
    if (!ok) return false;
    return (await mutate(() => markSpam(t.id, t.spam))) !== null;
  };
  return [mark, dialog];
}
