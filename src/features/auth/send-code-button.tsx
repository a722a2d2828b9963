// The send-code button with its 60 s countdown (SPEC §4, §8).
import { useState } from 'react';
import type { TEnvelope } from '@contracts/api';
import { useCountdown } from '@/components/form/use-countdown';
import { message } from '@/components/ui/toast';

type TCountdown = ReturnType<typeof useCountdown>;

/**
 * `beforeSend` validates the target and returns false to stop (SPEC §5: valid mobile, no countdown).
 * A form whose button may unmount (the login modal's SMS tab) passes its own `countdown`, so
 * switching tabs does not restart it; it still stops when the form is torn down (SPEC §4).
 */
export function SendCodeButton({ beforeSend, send, countdown: shared }: { beforeSend: () => boolean; send: () => Promise<TEnvelope<unknown>>; countdown?: TCountdown }) {
  const own = useCountdown();
  const countdown = shared ?? own;
  const [sending, setSending] = useState(false);
  const onClick = async () => {
    if (countdown.running || sending || !beforeSend()) return;
    setSending(true);
    try {
      const res = await send();
      if (res.code === 200) {
        message.success('验证码已发送');
        countdown.start();
      } else {
        message.error(res.msg);
      }
    } catch {
      message.error('获取验证码失败，请稍后再试');
    } finally {
      setSending(false);
    }
  };
  return (
    <button type="button" className="btn code-button" disabled={countdown.running || sending} onClick={onClick} data-testid="send-code">
      {countdown.running ? `${countdown.left}秒后重新发送` : '获取验证码'}
    </button>
  );
}
