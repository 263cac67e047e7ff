// Which of the overload guard's limits shed a load's 503s: each BFF runs with METRICS_PORT, and the
// bench reads `bff_overload_rejections_total{reason}` before and after the load (the difference is
// the load's). 'loop': the event loop behind; 'cap': the replica's calls in flight; 'client': one
// client address's share of them.

export type ShedReasons = { loop: number; cap: number; client: number };

const REASONS = ['loop', 'cap', 'client'] as const;
const LINE = /^bff_overload_rejections_total\{reason="(loop|cap|client)"\} (\d+(?:\.\d+)?(?:e\+?\d+)?)$/;

/** The counter's values in one Prometheus text answer (0 for a reason not yet counted). */
export function parseShedReasons(text: string): ShedReasons {
  const counts: ShedReasons = { loop: 0, cap: 0, client: 0 };
  for (const line of text.split('\n')) {
    const match = LINE.exec(line.trim());
    if (match) counts[match[1] as keyof ShedReasons] = Number(match[2]);
  }
  return counts;
}

/** The counters summed over every replica's metrics port (null when one does not answer). */
export async function readShedReasons(metricsOrigins: readonly string[]): Promise<ShedReasons | null> {
  if (metricsOrigins.length === 0) return null;
  const total: ShedReasons = { loop: 0, cap: 0, client: 0 };
  try {
    for (const origin of metricsOrigins) {
      const answer = await fetch(`${origin}/metrics`);
      if (!answer.ok) return null;
      const counts = parseShedReasons(await answer.text());
      for (const reason of REASONS) total[reason] += counts[reason];
    }
  } catch {
    return null;
  }
  return total;
}

/** after − before, reason by reason (null when either read failed). */
export function shedBetween(before: ShedReasons | null, after: ShedReasons | null): ShedReasons | null {
  if (!before || !after) return null;
  return {
    loop: after.loop - before.loop,
    cap: after.cap - before.cap,
    client: after.client - before.client,
  };
}

/** "loop 0, cap 6,012, client 150" for the printout. */
export function describeShedReasons(reasons: ShedReasons | null, fmt: (n: number) => string): string {
  if (!reasons) return 'unknown (metrics not read)';
  return REASONS.map((reason) => `${reason} ${fmt(reasons[reason])}`).join(', ');
}
