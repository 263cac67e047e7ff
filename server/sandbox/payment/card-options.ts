// The card options of an order (GET /api/order/payment/credit) and the lookup of a chosen plan:
// every card provider of the shop with its installment plans for the order's total.
import { badRequest } from '../http/envelope.ts';
import { centsToReais } from '../rules/money.ts';
import { type InstallmentPlan, installmentPlans } from './installments.ts';
import { PAYMENT_MESSAGES } from './messages.ts';
import type { CardProviderRule, PaymentRules } from './rules.ts';

export function cardOptions(rules: PaymentRules, totalCents: number) {
  return rules.cardProviders.map((provider) => ({
    providerId: provider.providerId,
    name: provider.name,
    installments: installmentPlans(totalCents, provider).map((plan) => ({
      count: plan.count,
      /** The first installment. */
      value: centsToReais(plan.valueCents),
      /** Every installment in order: an interest-free split may differ by a cent between them. */
      values: plan.valuesCents.map(centsToReais),
      /** What the shopper pays in all (the sum of the installments; the order total when interest-free). */
      total: centsToReais(plan.totalCents),
      interestFree: plan.interestFree,
    })),
    ...(provider.brands ? { brands: [...provider.brands] } : {}),
  }));
}

/** The provider and plan a payment names, refused (400) unless the order is offered them. */
export function findPlan(
  rules: PaymentRules,
  totalCents: number,
  providerId: string,
  count: number,
): { provider: CardProviderRule; plan: InstallmentPlan } {
  const provider = rules.cardProviders.find((p) => p.providerId === providerId);
  if (!provider) throw badRequest(PAYMENT_MESSAGES.providerNotFound);
  const plan = installmentPlans(totalCents, provider).find((p) => p.count === count);
  if (!plan) throw badRequest(PAYMENT_MESSAGES.installmentsNotOffered);
  return { provider, plan };
}
