import { describe, expect, it } from 'vitest';
import { RecurrenceType } from '@/contract/enums.ts';
import { subscriptionWording } from './subscription-wording.ts';

describe('subscriptionWording', () => {
  it('words the frequency as the spec does, singular below 2', () => {
    expect(subscriptionWording({ recurrence: { type: RecurrenceType.Weekly, frequency: 2 } })).toBe(
      'Assinatura: a cada 2 Semanas',
    );
    expect(subscriptionWording({ recurrence: { type: RecurrenceType.Monthly, frequency: 1 } })).toBe(
      'Assinatura: a cada 1 Mês',
    );
  });

  it('still marks a subscription whose frequency cannot be worded, and nothing for a plain item', () => {
    expect(subscriptionWording({ recurrence: { type: RecurrenceType.Daily, frequency: 0 } })).toBe(
      'Assinatura',
    );
    expect(subscriptionWording(null)).toBeUndefined();
    expect(subscriptionWording(undefined)).toBeUndefined();
  });
});
