import { describe, expect, it } from 'vitest';
import { describeShedReasons, parseShedReasons, shedBetween } from './shed-reasons.ts';

const METRICS = `# HELP bff_overload_rejections_total Calls answered 503 at once by the overload guard
# TYPE bff_overload_rejections_total counter
bff_overload_rejections_total{reason="loop"} 3
bff_overload_rejections_total{reason="cap"} 6012
bff_overload_rejections_total{reason="client"} 150
bff_upstream_in_flight 0
`;

describe('which limit of the overload guard shed a load', () => {
  it('reads each reason from the Prometheus text', () => {
    expect(parseShedReasons(METRICS)).toEqual({ loop: 3, cap: 6012, client: 150 });
  });

  it('counts a reason the BFF has not reported yet as 0', () => {
    expect(parseShedReasons('bff_overload_rejections_total{reason="cap"} 7\n')).toEqual({
      loop: 0,
      cap: 7,
      client: 0,
    });
  });

  it('gives the load its own share: after minus before', () => {
    expect(shedBetween({ loop: 1, cap: 10, client: 0 }, { loop: 1, cap: 30, client: 4 })).toEqual({
      loop: 0,
      cap: 20,
      client: 4,
    });
    expect(shedBetween(null, { loop: 1, cap: 30, client: 4 })).toBeNull();
  });

  it('says so when the metrics could not be read', () => {
    expect(describeShedReasons(null, String)).toBe('unknown (metrics not read)');
    expect(describeShedReasons({ loop: 0, cap: 5, client: 2 }, String)).toBe('loop 0, cap 5, client 2');
  });
});
