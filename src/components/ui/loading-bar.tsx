// The page-loading bar (SPEC §9): appears after a 200 ms throttle, creeps towards the end over
// 2000 ms, finishes, hides after 500 ms and resets after 400 ms more; 3 px high.
import { useEffect, useRef, useState } from 'react';
import { UI } from '@/config';

const { duration, throttle, hideDelay, resetDelay, height } = UI.loadingBar;

export function LoadingBar({ loading }: { loading: boolean }) {
  const [progress, setProgress] = useState(0);
  const [visible, setVisible] = useState(false);
  const timers = useRef<number[]>([]);

  useEffect(() => {
    const clear = () => {
      timers.current.forEach((t) => window.clearTimeout(t));
      timers.current = [];
    };
    clear();
    if (loading) {
      timers.current.push(
        window.setTimeout(() => {
          setVisible(true);
          setProgress(10);
          const step = 100;
          const tick = () => {
            setProgress((p) => Math.min(90, p + (90 / duration) * step));
            timers.current.push(window.setTimeout(tick, step));
          };
          tick();
        }, throttle),
      );
    } else {
      setProgress((p) => (p > 0 ? 100 : 0));
      timers.current.push(
        window.setTimeout(() => {
          setVisible(false);
          timers.current.push(window.setTimeout(() => setProgress(0), resetDelay));
        }, hideDelay),
      );
    }
    return clear;
  }, [loading]);

  return (
    <div
      className="loading-bar"
      role="progressbar"
      aria-hidden={!visible}
      aria-valuenow={Math.round(progress)}
      style={{ height, width: `${progress}%`, opacity: visible ? 1 : 0 }}
    />
  );
}
