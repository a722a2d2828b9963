// The code-resend countdown (SPEC §4): 60 → 0 by seconds, stopped when the component unmounts.
import { useEffect, useRef, useState } from 'react';
import { CODE_COUNTDOWN_SECONDS } from '@contracts/constants';

export function useCountdown(seconds: number = CODE_COUNTDOWN_SECONDS) {
  const [left, setLeft] = useState(0);
  const timer = useRef<number>(undefined);
  useEffect(() => () => window.clearInterval(timer.current), []);
  const start = () => {
    window.clearInterval(timer.current);
    setLeft(seconds);
    timer.current = window.setInterval(() => {
      setLeft((n) => {
        if (n <= 1) {
          window.clearInterval(timer.current);
          return 0;
        }
        return n - 1;
      });
    }, 1000);
  };
  const stop = () => {
    window.clearInterval(timer.current);
    setLeft(0);
  };
  return { left, running: left > 0, start, stop };
}
