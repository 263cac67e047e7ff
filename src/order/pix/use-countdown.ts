import { useEffect, useRef, useState } from 'react';
import { type ReadPixCharge, timeLeftMs } from './pix-charge.ts';

/**
 * The time left to pay a pending charge, on the server's clock (see withClockOffset), updated every
 * second; `onZero` is called once when it runs out (the page then reads the charge at once).
 * Undefined when there is no pending charge.
 */
export function useCountdown(charge: ReadPixCharge | undefined, onZero: () => void): number | undefined {
  const pending = charge?.status === 'pending' ? charge : undefined;
  const [now, setNow] = useState(() => Date.now());
  const latest = useRef(onZero);
  latest.current = onZero;
  // The charge whose end was already reported: each poll's answer is a new object, and the server
  // may take a moment to agree that it expired.
  const endedFor = useRef<string>(undefined);

  useEffect(() => {
    if (!pending) return;
    // Ticks on the second boundaries of the time left, so 05:00 turns to 04:59 on time.
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const at = Date.now();
      setNow(at);
      const left = timeLeftMs(pending, at);
      if (left === 0) {
        if (endedFor.current !== pending.txid) {
          endedFor.current = pending.txid;
          latest.current();
        }
        return;
      }
      timer = setTimeout(tick, (left % 1000) + 5);
    };
    tick();
    return () => clearTimeout(timer);
  }, [pending]);

  return pending ? timeLeftMs(pending, now) : undefined;
}

/** mm:ss (minutes may pass 59: a 75-minute charge reads 75:00). */
export function formatCountdown(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * What a screen reader hears of the countdown: a sentence that changes once a minute, and once more
 * in the last 10 seconds, so a polite live region never chatters every second.
 */
export function countdownAnnouncement(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds <= 0) return '';
  if (seconds <= 10) return 'O Pix expira em menos de 10 segundos.';
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? 'O Pix expira em menos de 1 minuto.' : `O Pix expira em ${minutes} minutos.`;
}
